import Foundation
import GLibValues
import KeychainFiles
import KeychainServices
import Security

/// `set-key-partition-list -S partition-list [-k password] [-s] [-l label] [options...] [keychain]` (macOS:
/// `keychain_set_key_partition_list` in `SecurityTool/macOS/keychain_find.c`).
///
/// macOS unlocks the keychain with `-k` (asked for when absent), then rewrites the partition list (`apple-tool:`,
/// `apple:`, `codesign:`, `teamid:…`) of every matching key's access control list. Linux has no per-application key
/// access lists: access groups are the only scoping (docs/security.md), and they are a check, not a boundary. So
/// this command does what can be checked and nothing more: the options are parsed as macOS parses them (no `-S`:
/// usage), the keychain password is checked as macOS checks it (a keychain file: a wrong one is
/// `security: SecKeychainUnlock: …` and exit status 1; a Secret Service collection takes no password from a client),
/// the matching keys are listed as macOS lists them, and the partition list itself is not stored: nothing on Linux
/// would read it.
enum KeyPartitionListCommand {
  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: ":a:c:dD:ej:k:l:rsS:t:uvw")
    var password: SecretBytes?
    var partitions: String?
    var label: String?
    var keyClass: Bool?  // true: private, false: public
    var symmetric = false  // no symmetric key is stored here: nothing matches
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("S", let value): partitions = value
      case .option("k", let value): password = SecretBytes((value ?? "").utf8)
      case .option("l", let value): label = value
      case .option("t", let value):
        switch value {
        case "private": keyClass = true
        case "public": keyClass = false
        case "symmetric": symmetric = true
        default: return showUsage
        }
      case .option, .missingValue("k"): continue  // the other match options; `-k` without a value: asked below
      default: return showUsage
      }
    }
    let operands = getopt.operands
    guard operands.count <= 1 else { return showUsage }
    var named: Keychain?
    if let name = operands.first {
      guard !name.isEmpty else { return showUsage }
      guard let opened = KeychainCatalog.open(name, context) else {
        context.diagnostics.error("couldn't open \"\(name)\"")
        return 1
      }
      named = opened
    }
    guard partitions != nil else { return showUsage }
    if password == nil {
      guard let typed = PasswordPrompt.unlockPassword(operands.first ?? "default", context.io) else { return -1 }
      password = typed
    }
    let keychain: Keychain
    do {
      keychain = try KeychainOperations.orDefault(named)
      if case .file(let path) = keychain, let password {
        // macOS's SecKeychainUnlock with a password checks it even when the keychain is unlocked.
        try KeychainFile.checkPassword(path, password: password)
      }
      try KeychainOperations.unlock(keychain, password: password)
    } catch {
      context.diagnostics.error("SecKeychainUnlock", error.status)
      return 1
    }
    let keys: [SecKey]
    do {
      keys = try KeyItems.all(in: [keychain])
    } catch {
      context.diagnostics.error("SecItemCopyMatching", error.status)
      return 1
    }
    for key in keys where !symmetric {
      let attributes = (SecKeyCopyAttributes(key) as? [String: Any]) ?? [:]
      if let label, attributes[kSecAttrLabel as String] as? String != label { continue }
      if let keyClass, key.isPrivate != keyClass { continue }
      var text: [UInt8] = Array("keychain: ".utf8) + BufferFormat.buffer(Array(keychain.path.utf8))
      text += Array("\nversion: \(AttributeBlock.keychainVersion)\nclass: ".utf8)
      text += BufferFormat.uint32(key.isPrivate ? 0x0000_0010 : 0x0000_000F) + Array("\nattributes:\n".utf8)
      if let name = attributes[kSecAttrLabel as String] as? String {
        text += Array("    0x00000001 <blob>=".utf8) + BufferFormat.buffer(Array(name.utf8)) + [UInt8(ascii: "\n")]
      }
      if let hash = attributes[kSecAttrApplicationLabel as String] as? Data {
        text += Array("    0x00000006 <blob>=".utf8) + BufferFormat.buffer(Array(hash)) + [UInt8(ascii: "\n")]
      }
      context.io.writeOutput(text)
    }
    return 0
  }
}
