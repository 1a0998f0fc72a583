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
    var password: [UInt8]?
    defer { if password != nil { wipe(&password!) } }
    var update = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option(let letter, let value):
        switch (letter, passwordClass) {
        case ("w", _), ("p", .generic): password = Array((value ?? "").utf8)
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
        guard let prompted = PasswordPrompt.newItemPassword(context.io) else { return 1 }
        password = prompted
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
    _ passwordClass: PasswordClass, _ fields: PasswordFields, password: [UInt8]?, update: Bool,
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
    let status: OSStatus
    if let failure = addTargetFailure(keychainName, context) {
      status = failure
    } else if !KnownCodes.areStorable(fields) {
      status = errSecParam
    } else {
      let attributes = PasswordQuery.newItemAttributes(fields, passwordClass)
      status = context.items.add(passwordClass, attributes: attributes, secret: password ?? [])
    }
    if status != errSecSuccess { context.diagnostics.error("\(call): \(Diagnostics.message(for: status))") }
    return status
  }

  /// `do_update_…`: changes the first matching item; `errSecItemNotFound` when there is none.
  private static func update(
    _ passwordClass: PasswordClass, _ fields: PasswordFields, password: [UInt8]?, keychainName: String?,
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
  ) throws(KeychainError) -> ItemRecord? {
    let keychains = context.keychains(named: names)
    let attributes = PasswordQuery.searchAttributes(fields, passwordClass)
    return try context.items.first(passwordClass, matching: attributes, in: keychains)
  }

  /// Why an item cannot be added to the named keychain: one that does not exist (`errSecNoSuchKeychain`), or one
  /// other than the default keychain, which SecItem cannot write to yet (`errSecUnimplemented`); nil when the item
  /// can be added.
  private static func addTargetFailure(_ keychainName: String?, _ context: CommandContext) -> OSStatus? {
    guard let keychainName else { return nil }
    do {
      let keychain = try KeychainCatalog.run { () throws(SecItemError) in try KeychainOperations.open(keychainName) }
      if case .file(let path) = keychain, !KeychainFiles.exists(path) { return errSecNoSuchKeychain }
      let defaultKeychain = try KeychainCatalog.run { () throws(SecItemError) in
        try KeychainSearchList.defaultKeychain()
      }
      return defaultKeychain == keychain ? nil : errSecUnimplemented
    } catch {
      return error.status
    }
  }

  /// macOS's `convertHex`: hex digits (either case) as bytes, an odd count padded with a leading zero nibble; nil
  /// when a character is not a hex digit.
  static func hexBytes(_ text: String) -> [UInt8]? {
    var digits = Array(text.utf8)
    if digits.count % 2 != 0 { digits.insert(UInt8(ascii: "0"), at: 0) }
    var bytes: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
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
