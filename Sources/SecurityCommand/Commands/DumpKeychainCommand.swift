import GLibValues
import KeychainServices

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
    // The file is made before any secret is read (docs/security-command.md, "dump-keychain -o"): a refused path
    // costs nothing, and each listing goes to the file as it is made instead of gathering in memory.
    var file: PrivateOutputFile?
    if let outputPath {
      do {
        file = try PrivateOutputFile(path: outputPath)
      } catch {
        context.diagnostics.error("\(outputPath): \(error.reason)")
        return 1
      }
    }
    var writeFailed = false
    let emit: (inout [UInt8]) -> Void = { bytes in
      if let file {
        if !writeFailed && !file.write(bytes) { writeFailed = true }
      } else {
        context.io.writeOutput(bytes)
      }
      SecretBytes.wipe(&bytes)
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
    // The dump was written into a new file beside the path: it replaces the path now, whole.
    if let file, !writeFailed, !file.commit() { writeFailed = true }
    if let outputPath, writeFailed {
      context.diagnostics.error("\(outputPath): could not be written")
      return 1
    }
    return result
  }

  /// The items of a class; with `secrets`, one batched search for all of them, or, when that fails (say a locked
  /// keychain), the items without secrets so that each reports its own failure.
  private static func items(
    _ passwordClass: PasswordClass, in keychains: [Keychain]?, secrets: Bool, _ context: CommandContext
  ) throws(SecItemError) -> [ItemRecord] {
    if secrets, let withSecrets = try? context.items.all(passwordClass, in: keychains, secrets: true) {
      return withSecrets
    }
    return try context.items.all(passwordClass, in: keychains)
  }

  /// One item's listing. When its secret cannot be read, macOS prints the header, reports
  /// `SecKeychainItemCopyAttributesAndData` and goes on with the next item.
  private static func emitListing(
    _ item: ItemRecord, showData: Bool, _ context: CommandContext, _ emit: (inout [UInt8]) -> Void
  ) {
    var listing: [UInt8]
    if !showData {
      listing = AttributeBlock.render(item)
    } else if let secret = item.secret {
      listing = AttributeBlock.render(item, data: secret)
    } else {
      do {
        listing = AttributeBlock.render(item, data: try context.items.secret(of: item))
      } catch {
        var header = AttributeBlock.header(item)
        emit(&header)
        context.diagnostics.error("SecKeychainItemCopyAttributesAndData", error.status)
        return
      }
    }
    emit(&listing)
  }
}
