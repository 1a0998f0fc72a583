import Foundation
import Testing

@testable import Security

/// Key and certificate items exist only under this package's schema, so every Secret Service search for them names
/// it: a search without attributes asks the daemon for those items instead of every item of the keyring.
@Suite("Key and certificate searches name their schema")
struct SecItemKeySearchSchemaTests {
  @Test("a key search without attributes sends xdg:schema = the Key schema")
  func keySearch() {
    let sets = ServerSearch.attributeSets(for: ItemQuery(itemClass: .key), scope: .read(groups: []))
    #expect(sets == [[ReservedNames.schema: ItemClass.key.schemaName]])
  }

  @Test("a certificate search without attributes sends xdg:schema = the Certificate schema")
  func certificateSearch() {
    let sets = ServerSearch.attributeSets(for: ItemQuery(itemClass: .certificate), scope: .read(groups: []))
    #expect(sets == [[ReservedNames.schema: ItemClass.certificate.schemaName]])
  }

  @Test(
    "a generic-password read still sends no schema first (other clients' passwords carry none), then qtkeychain's")
  func passwordSearch() {
    let sets = ServerSearch.attributeSets(for: ItemQuery(itemClass: .genericPassword), scope: .read(groups: []))
    #expect(sets == [[:], [ReservedNames.schema: ReservedNames.qtKeychainSchema]])
  }
}
