import Foundation

/// `dump-keychain` (macOS: `keychain_dump` in `SecurityTool/macOS/keychain_find.c`): every item of the named
/// keychains (all when none is named) in the attribute listing of find-…-password; with `-d` each followed by
/// `data:` and its secret. Generic passwords come first, then internet passwords. `-o file` writes to a file.
///
/// `-a` and `-i` (access control lists) and `-r` (the raw encrypted record) are accepted and print nothing: the
/// Secret Service has neither.
enum DumpKeychainCommand {
  static let optionString = "adhiro:"

  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString)
    var showData = false
    var outputPath: String?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("d", _): showData = true
      case .option("a", _), .option("i", _), .option("r", _): continue
      case .option("o", let value): outputPath = value
      default: return showUsage
      }
    }
    var fileContents: [UInt8] = []
    defer { wipe(&fileContents) }
    let emit: ([UInt8]) -> Void = { bytes in
      if outputPath == nil { context.io.writeOutput(bytes) } else { fileContents += bytes }
    }
    var result: CommandResult = 0
    do {
      let keychains = context.keychains(named: getopt.operands)
      for passwordClass in [PasswordClass.generic, .internet] {
        for item in try items(passwordClass, in: keychains, secrets: showData, context) {
          emitListing(item, showData: showData, context, emit)
        }
      }
    } catch {
      context.diagnostics.error("SecKeychainSearchCreateFromAttributes", error.status)
      result = 1
    }
    if let outputPath, !FileManager.default.createFile(atPath: outputPath, contents: Data(fileContents)) {
      context.diagnostics.error("\(outputPath): could not be written")
      return 1
    }
    return result
  }

  /// The items of a class; with `secrets`, one batched search for all of them, or, when that fails (say a locked
  /// keychain), the items without secrets so that each reports its own failure.
  private static func items(
    _ passwordClass: PasswordClass, in keychains: [Keychain]?, secrets: Bool, _ context: CommandContext
  ) throws(KeychainError) -> [ItemRecord] {
    if secrets, let withSecrets = try? context.items.all(passwordClass, in: keychains, secrets: true) {
      return withSecrets
    }
    return try context.items.all(passwordClass, in: keychains)
  }

  /// One item's listing. When its secret cannot be read, macOS prints the header, reports
  /// `SecKeychainItemCopyAttributesAndData` and goes on with the next item.
  private static func emitListing(
    _ item: ItemRecord, showData: Bool, _ context: CommandContext, _ emit: ([UInt8]) -> Void
  ) {
    guard showData else { return emit(AttributeBlock.render(item)) }
    if var secret = item.secret {
      defer { wipe(&secret) }
      return emit(AttributeBlock.render(item, data: secret))
    }
    do {
      var secret = try context.items.secret(of: item)
      defer { wipe(&secret) }
      emit(AttributeBlock.render(item, data: secret))
    } catch {
      emit(AttributeBlock.header(item))
      context.diagnostics.error("SecKeychainItemCopyAttributesAndData", error.status)
    }
  }
}
