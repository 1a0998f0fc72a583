import GLibValues
import KeychainServices
import Security

/// `add-generic-password` and `add-internet-password` (macOS: `keychain_add_generic_password`,
/// `keychain_add_internet_password` and `do_add_…` / `do_update_…` in `SecurityTool/macOS/keychain_add.c`).
///
/// - `-a` and `-s` are required (else the usage, exit status 2); one keychain operand at most.
/// - `-w password` (or `-p` for generic passwords) gives the password, `-X hex` its bytes in hex. `-w` as the last
///   argument prompts twice (`password data for new item: `, `retype password for new item: `, three tries); no
///   `-w` at all stores an empty password, as macOS does.
/// - The label defaults to the service (server); an internet password's authentication type defaults to `dflt`.
/// - `-U` first looks for the item as find-…-password would and changes it (the given attributes, and the password
///   when one is given); when there is none it adds.
/// - A duplicate is `security: SecKeychainItemCreateFromContent (<default>): The specified item already exists in
///   the keychain.` (internet: `SecKeychainAddInternetPassword <NULL>: …`), exit status 45.
/// - `-A` and `-T` (access control lists) are accepted and have no effect: the Secret Service has no per-item ACLs.
enum AddPasswordCommand {
  /// macOS's getopt option strings (silent: a missing value is reported, not printed).
  static func optionString(_ passwordClass: PasswordClass) -> String {
    passwordClass == .generic ? ":a:c:C:D:G:j:l:s:p:w:X:UAT:h" : ":a:c:C:d:D:j:l:p:P:r:s:t:w:X:UAT:h"
  }

  static func run(_ passwordClass: PasswordClass, _ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString(passwordClass))
    var fields = PasswordFields()
    if passwordClass == .internet { fields.authenticationType = FourCharCode(bytes: Array("dflt".utf8)) }
    // In memory wiped when released, at the end of this call. (A password given as an argument also stays in the
    // process's arguments, which cannot be wiped: docs/security-command.md leads with the prompt for that reason.)
    var password: SecretBytes?
    var update = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option(let letter, let value):
        switch (letter, passwordClass) {
        case ("w", _), ("p", .generic): password = SecretBytes((value ?? "").utf8)
        case ("X", _):
          guard let bytes = hexBytes(value ?? "") else {
            context.diagnostics.error("Unable to convert password data (-X must specify valid hex digits)")
            return showUsage
          }
          password = bytes
        case ("U", _): update = true
        case ("A", _), ("T", _): continue  // access control lists: nothing to set on the Secret Service
        default:
          switch FieldOptions.apply(letter, value, to: &fields, passwordClass, io: context.io) {
          case .applied: continue
          case .failed: return 1
          case .notAField: return showUsage
          }
        }
      case .missingValue("w"), .missingValue("p"):
        // -w (or -p) last: prompt. (macOS prompts for a missing -p value of add-internet-password too.)
        guard var prompted = PasswordPrompt.newItemPassword(context.io) else { return 1 }
        password = SecretBytes(prompted)
        SecretBytes.wipe(&prompted)
      case .missingValue, .unknown:
        return showUsage
      }
    }
    let operands = getopt.operands
    guard fields.account != nil, let serviceOrServer = fields.serviceOrServer else { return showUsage }
    guard operands.count <= 1, operands.first?.isEmpty != true else { return showUsage }
    if fields.label == nil { fields.label = serviceOrServer }
    return add(passwordClass, fields, password: password, update: update, keychainName: operands.first, context)
  }

  private static func add(
    _ passwordClass: PasswordClass, _ fields: PasswordFields, password: SecretBytes?, update: Bool,
    keychainName: String?, _ context: CommandContext
  ) -> CommandResult {
    if update {
      let status = self.update(passwordClass, fields, password: password, keychainName: keychainName, context)
      if status == errSecSuccess { return status }
    }
    let call =
      passwordClass == .generic
      ? "SecKeychainItemCreateFromContent (\(keychainName ?? "<default>"))"
      : "SecKeychainAddInternetPassword \(keychainName ?? "<NULL>")"
    var keychain: Keychain?
    if let keychainName {
      // macOS's keychain_open: a name that names no keychain is reported, status 1.
      guard let opened = KeychainCatalog.open(keychainName, context) else { return 1 }
      keychain = opened
    }
    let status: OSStatus
    if !KnownCodes.areStorable(fields) {
      status = errSecParam
    } else {
      let attributes = PasswordQuery.newItemAttributes(fields, passwordClass)
      status = context.items.add(
        passwordClass, attributes: attributes, secret: password ?? SecretBytes([]), to: keychain)
    }
    if status != errSecSuccess { context.diagnostics.error("\(call): \(Diagnostics.message(for: status))") }
    return status
  }

  /// `do_update_…`: changes the first matching item; `errSecItemNotFound` when there is none.
  private static func update(
    _ passwordClass: PasswordClass, _ fields: PasswordFields, password: SecretBytes?, keychainName: String?,
    _ context: CommandContext
  ) -> OSStatus {
    let names = keychainName.map { [$0] } ?? []
    guard KnownCodes.areStorable(fields), let item = try? findFirst(passwordClass, fields, names, context) else {
      return errSecItemNotFound
    }
    let attributes = PasswordQuery.updatedAttributes(fields, passwordClass)
    let status = context.items.update(item, attributes: attributes, secret: password)
    if status != errSecSuccess {
      context.diagnostics.error("SecKeychainItemModifyContent: \(Diagnostics.message(for: status))")
    }
    return status
  }

  private static func findFirst(
    _ passwordClass: PasswordClass, _ fields: PasswordFields, _ names: [String], _ context: CommandContext
  ) throws(SecItemError) -> ItemRecord? {
    let keychains = context.keychains(named: names)
    let attributes = PasswordQuery.searchAttributes(fields, passwordClass)
    return try context.items.first(passwordClass, matching: attributes, in: keychains)
  }

  /// macOS's `convertHex`: hex digits (either case) as bytes, an odd count padded with a leading zero nibble; nil
  /// when a character is not a hex digit. The bytes are a password: they are written into wiped-on-release memory
  /// directly, with no intermediate copy.
  static func hexBytes(_ text: String) -> SecretBytes? {
    let digits = text.utf8
    let count = (digits.count + 1) / 2
    var valid = true
    let bytes = SecretBytes(count: count) { buffer in
      // An odd count reads as if a "0" came first: the first byte then has only its low nibble.
      var index = digits.startIndex
      var high: UInt8? = digits.count % 2 == 0 ? nil : 0
      var position = 0
      while index != digits.endIndex {
        guard let value = hexValue(digits[index]) else {
          valid = false
          return
        }
        if let first = high {
          buffer[position] = first << 4 | value
          position += 1
          high = nil
        } else {
          high = value
        }
        index = digits.index(after: index)
      }
    }
    return valid ? bytes : nil
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
