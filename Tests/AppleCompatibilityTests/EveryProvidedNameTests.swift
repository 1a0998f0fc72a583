import Foundation
import Security
import Testing

/// The compiled list of Apple names (`EveryProvidedName.generated.swift`) against the checked-in list it was made
/// from (`docs/apple-security-names.tsv`).
@Suite("Apple compatibility: every provided Apple name, with Apple's types")
struct EveryProvidedNameTests {
  /// The rows of the checked-in list.
  static func listRows() throws -> [[String]] {
    let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/apple-security-names.tsv")
    let text = try String(contentsOf: list, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  @Test("the generated file uses exactly the names the list marks as provided (regenerate after editing the list)")
  func generatedFileMatchesList() throws {
    let provided = try Self.listRows().filter { $0.count > 5 && $0[5] == "provided" }
    #expect(provided.count == everyProvidedNameCount)
  }

  @Test("every name the list does not provide says why")
  func absentNamesHaveReasons() throws {
    let unexplained = try Self.listRows().filter { $0.count > 6 && $0[5] != "provided" && $0[6].isEmpty }.map { $0[0] }
    #expect(unexplained.isEmpty, "no reason for \(unexplained)")
  }

  @Test("the provided names can be used with Apple's types at run time too")
  func useAtRunTime() {
    useEveryProvidedName()
    #expect(CFGetTypeID(kSecClass) == CFStringGetTypeID())
  }
}
