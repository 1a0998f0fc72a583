import Foundation
import KeyringOracle

/// `keychain-fuzz campaign [--first-seed N] [--count N] [--huge]` runs generated hostile calls;
/// `keychain-fuzz replay FILE` runs the seeds listed in FILE (Fuzz/Corpus/seeds.txt). Both need a throwaway keyring
/// (dbus/with-keyring): the campaign deletes every item in it. Exit status 1 when a problem was found.
@main
enum KeychainFuzz {
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else { usage() }
    arguments.removeFirst()
    guard ProcessInfo.processInfo.environment["WITH_KEYRING_DIR"] != nil else {
      fail("run me under dbus/with-keyring: I delete every item of the keyring I test")
    }
    guard ko_open(nil) == 0 else { fail("cannot reach the Secret Service on the session bus") }
    var campaign = Campaign(allowHuge: arguments.contains("--huge"))
    let start = ContinuousClock.now
    switch command {
    case "campaign":
      let first = value(of: "--first-seed", in: arguments) ?? 1
      let count = value(of: "--count", in: arguments) ?? 10_000
      campaign.run(seeds: first..<(first + count))
      print("keychain-fuzz campaign: seeds \(first)..<\(first + count)")
    case "replay":
      guard let file = arguments.first, let text = try? String(contentsOfFile: file, encoding: .utf8) else { usage() }
      let seeds = text.split(separator: "\n").compactMap {
        UInt64($0.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? "")
      }
      campaign.run(seeds: seeds)
      print("keychain-fuzz replay: \(seeds.count) seeds of \(file)")
    default:
      usage()
    }
    print("keychain-fuzz: \(campaign.report) in \(ContinuousClock.now - start)")
    for problem in campaign.problems.prefix(20) { print("problem: \(problem)") }
    exit(campaign.problems.isEmpty ? 0 : 1)
  }

  static func value(of option: String, in arguments: [String]) -> UInt64? {
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return UInt64(arguments[index + 1])
  }

  static func usage() -> Never {
    fail("usage: keychain-fuzz campaign [--first-seed N] [--count N] [--huge] | keychain-fuzz replay FILE")
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keychain-fuzz: \(message)\n".utf8))
    exit(2)
  }
}
