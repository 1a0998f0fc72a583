import GLibValues
import KeychainServices

/// `find-generic-password` and `find-internet-password` (macOS: `keychain_find_generic_password`,
/// `keychain_find_internet_password` and `do_password_item_printing` in `SecurityTool/macOS/keychain_find.c`).
///
/// Prints the first matching item's attributes on standard output; with `-g` also `password: <value>` on standard
/// error; with `-w` only the password on standard output. No match: `security: SecKeychainSearchCopyNext: The
/// specified item could not be found in the keychain.` and `errSecItemNotFound` (exit status 44).
enum FindPasswordCommand {
  /// macOS's getopt option strings.
  static func optionString(_ passwordClass: PasswordClass) -> String {
    passwordClass == .generic ? "ha:c:C:D:G:j:l:s:wg" : "ha:c:C:d:D:hgj:l:p:P:r:s:wt:"
  }

  static func run(_ passwordClass: PasswordClass, _ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString(passwordClass))
    var fields = PasswordFields()
    var showPassword = false
    var passwordOnly = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      guard case .option(let letter, let value) = event else { return showUsage }
      switch letter {
      case "g": showPassword = true
      case "w":
        showPassword = true
        passwordOnly = true
      default:
        switch FieldOptions.apply(letter, value, to: &fields, passwordClass, io: context.io) {
        case .applied: continue
        case .failed: return 1
        case .notAField: return showUsage
        }
      }
    }
    if passwordOnly {
      switch firstPassword(passwordClass, fields, keychainNames: getopt.operands, context) {
      case .found(let secret):
        printPasswordOnly(secret, context)
        return 0
      case .notFound:
        context.diagnostics.error("SecKeychainSearchCopyNext", errSecItemNotFound)
        return errSecItemNotFound
      case .failed:
        break  // searched again below, so that the failure is reported as macOS reports it
      }
    }
    guard
      let item = findFirst(
        passwordClass, fields, keychainNames: getopt.operands, withSecret: showPassword, context)
    else {
      context.diagnostics.error("SecKeychainSearchCopyNext", errSecItemNotFound)
      return errSecItemNotFound
    }
    var secret = item.secret
    if showPassword && secret == nil {
      do {
        secret = try context.items.secret(of: item)
      } catch {
        return error.status  // macOS returns the status of SecKeychainItemCopyContent without a message
      }
    }
    if passwordOnly {
      printPasswordOnly(secret ?? SecretBytes([]), context)
    } else {
      context.io.writeOutput(AttributeBlock.render(item))
      if showPassword {
        var rendered = (secret ?? SecretBytes([])).rendered(BufferFormat.buffer)
        var line = Array("password: ".utf8)
        line.reserveCapacity(line.count + rendered.count + 1)
        line += rendered
        line.append(UInt8(ascii: "\n"))
        context.io.writeError(line)
        SecretBytes.wipe(&rendered)
        SecretBytes.wipe(&line)
      }
    }
    return 0
  }

  /// What the search for the password alone found.
  enum PasswordLookup {
    case found(SecretBytes)
    case notFound
    /// The search failed: the complete search runs, and reports the failure.
    case failed
  }

  /// The password of the first item matching `fields` in the named keychains (every keychain when none is named),
  /// searched for alone (`PasswordItems.firstSecret`), as `find_first_generic_password` and
  /// `SecKeychainItemCopyContent` would find and read it.
  static func firstPassword(
    _ passwordClass: PasswordClass, _ fields: PasswordFields, keychainNames: [String], _ context: CommandContext
  ) -> PasswordLookup {
    guard KnownCodes.areStorable(fields) else { return .notFound }
    do throws(SecItemError) {
      let attributes = PasswordQuery.searchAttributes(fields, passwordClass)
      let keychains = context.keychains(named: keychainNames)
      guard let secret = try context.items.firstSecret(passwordClass, matching: attributes, in: keychains) else {
        return .notFound
      }
      return .found(secret)
    } catch {
      return .failed
    }
  }

  /// `-w`: the password alone on standard output (`print_buffer` of `do_password_item_printing`).
  private static func printPasswordOnly(_ secret: SecretBytes, _ context: CommandContext) {
    var text = secret.rendered(BufferFormat.passwordOnly)
    context.io.writeOutput(text)
    SecretBytes.wipe(&text)
  }

  /// The first item matching `fields` in the named keychains, as `find_first_generic_password` /
  /// `find_first_internet_password` search; nil when there is none. A failed search reports
  /// `SecKeychainSearchCreateFromAttributes` and finds nothing, as macOS's tool does.
  ///
  /// `withSecret` reads the secret in the same search (one `SecItemCopyMatching`, two
  /// round trips, where macOS's search and `SecKeychainItemCopyContent` make two calls). When that search fails, the
  /// item is searched again without it, so that a failure to read the secret is reported as macOS reports it, by the
  /// later read.
  static func findFirst(
    _ passwordClass: PasswordClass, _ fields: PasswordFields, keychainNames: [String], withSecret: Bool = false,
    _ context: CommandContext
  ) -> ItemRecord? {
    guard KnownCodes.areStorable(fields) else { return nil }
    do {
      let keychains = context.keychains(named: keychainNames)
      let attributes = PasswordQuery.searchAttributes(fields, passwordClass)
      if withSecret {
        do throws(SecItemError) {
          return try context.items.first(passwordClass, matching: attributes, in: keychains, secrets: true)
        } catch {
          // searched again below, without the secret
        }
      }
      return try context.items.first(passwordClass, matching: attributes, in: keychains)
    } catch {
      context.diagnostics.error("SecKeychainSearchCreateFromAttributes", error.status)
      return nil
    }
  }
}
