import Foundation
import KeychainServices

@testable import KeychainFiles
@testable import Security
@testable import SecurityStatus

/// Persistent references as callers hand them back (`PersistentReference.decode`), alone and inside the queries that
/// carry them (`kSecValuePersistentRef`, `kSecMatchItemList`).
///
/// Property checked: a reference that decodes encodes again to one naming the same item with the same identity.
enum PersistentReferenceTarget {
  static func run(_ bytes: [UInt8]) {
    let data = Data(bytes)
    if let locator = PersistentReference.decode(data) {
      let again = PersistentReference.decode(locator.persistentReference)
      invariant(again == locator, "the re-encoded reference names another item")
      invariant(again?.fingerprint == locator.fingerprint, "the re-encoded reference carries another fingerprint")
    }
    let queries: [(NSDictionary, SecItemOperation)] = [
      ([kSecValuePersistentRef as String: data, kSecReturnAttributes as String: true], .copyMatching),
      ([kSecValuePersistentRef as String: data], .delete),
      ([kSecClass as String: kSecClassGenericPassword as String, kSecMatchItemList as String: [data]], .copyMatching),
      ([kSecMatchItemList as String: [data, data]], .update),
    ]
    for (query, operation) in queries {
      if let entries = try? QueryParser.entries(of: query) { _ = ItemRouting.isIdentity(entries, for: operation) }
      do {
        _ = try QueryParser.parse(query, for: operation)
      } catch {
        invariant(error.status != errSecSuccess, "a refusal with errSecSuccess")
      }
    }
  }
}
