import Foundation
import Testing

@testable import Security

/// Inputs with which the libFuzzer targets (`Fuzz/run-libfuzzer`, docs/reliability.md) broke a property, replayed
/// here after the fix. Each is also in its target's checked-in corpus (`Fuzz/Corpus/<target>/regression-*`), so every
/// fuzzing run starts from it.
@Suite("Reliability: inputs found by fuzzing")
struct FuzzRegressionTests {
  /// The parser's status for a query naming `reference`.
  static func parserStatus(_ query: [String: Any]) -> OSStatus {
    do {
      _ = try QueryParser.parse(query as NSDictionary, for: .copyMatching)
      return errSecSuccess
    } catch {
      return error.status
    }
  }

  @Test("a persistent reference whose class code is not ASCII is not one (errSecParam), not an item of another class")
  func nonASCIIClassCode() throws {
    // Fuzz/Corpus/persistent-reference/regression-non-ascii-class-code: "SKLPR2", 0x9A "enp", a path, a time, "{}".
    // It decoded to class "\u{FFFD}enp", whose persistent reference was other bytes.
    let reference = try #require(
      Data(base64Encoded: "U0tMUFIymmVucC9vcmcvZnJlZWRsZWN0aW9uL2xvZ2luLzcKMTcwMDAwMDAwMAp7fQ=="))
    #expect(PersistentReference.decode(reference) == nil)
    #expect(Self.parserStatus([kSecValuePersistentRef as String: reference]) == errSecParam)
  }
}
