import Foundation
import HostileInput

@testable import FreedesktopServices
@testable import KeychainFiles
@testable import Security
@testable import SecurityStatus

/// The SecItem parsers on dictionaries built from the input (`QueryDictionaryBuilder`): the class routing, the query
/// parser for the four functions, the update parser, and the searches a parsed query sends.
///
/// Properties checked on every input: a refusal names no value the caller gave (every generated value carries
/// `HostileValues.marker`); what SecItemAdd would store decodes back to the values given.
enum QueryParserTarget {
  static let operations: [SecItemOperation] = [.add, .copyMatching, .update, .delete]

  static func run(_ bytes: [UInt8]) {
    var source = ByteEntropy(bytes)
    let builder = QueryDictionaryBuilder()
    let operation = source.pick(operations)
    let dictionary = builder.dictionary(&source)
    if let entries = try? QueryParser.entries(of: dictionary) {
      _ = ItemRouting.isIdentity(entries, for: operation)
      _ = ItemRouting.searchesCertificates(entries)
    }
    let query: ItemQuery
    do {
      query = try QueryParser.parse(dictionary, for: operation)
    } catch {
      checkRefusal(error)
      return
    }
    switch operation {
    case .add:
      checkStoredValues(query)
    case .update:
      let changes = builder.dictionary(&source, forUpdate: true)
      do {
        _ = try UpdateParser.parse(changes, for: query.itemClass)
      } catch {
        checkRefusal(error)
      }
    case .copyMatching, .delete:
      let scope = AccessScope.of(query, writing: operation == .delete, groups: ["fuzz.group"])
      _ = ServerSearch.tiers(for: query, scope: scope)
    }
  }

  static func checkRefusal(_ error: SecItemError) {
    invariant(error.status != errSecSuccess, "a refusal with errSecSuccess")
    invariant(!error.reason.contains(HostileValues.marker), "the reason holds a value the caller gave")
  }

  /// The attributes SecItemAdd stores for the query (its encoding, as `AddOperation` makes it) decode to the values
  /// the caller gave: an item written by this package reads back as it was added.
  static func checkStoredValues(_ query: ItemQuery) {
    let itemClass = query.itemClass
    guard itemClass.material != .identity else { return }  // identities are stored as a certificate and a key
    var stored = [ReservedNames.schema: itemClass.schemaName]
    for (key, value) in query.attributes {
      guard let descriptor = itemClass.descriptor(key) else { continue }
      stored.merge(AttributeCodec.encode(value, descriptor)) { _, new in new }
    }
    let properties = ItemProperties(attributes: stored, label: "", created: Date(), modified: Date())
    guard let item = StoredItem(id: ItemFixture.item, properties) else {
      invariant(false, "an item of class \(itemClass.code) as SecItemAdd stores it is not recognised")
      return
    }
    invariant(item.itemClass.code == itemClass.code, "class \(itemClass.code) reads back as \(item.itemClass.code)")
    for (key, value) in query.attributes {
      guard let descriptor = itemClass.descriptor(key), !descriptor.attributeNames.isEmpty else { continue }
      invariant(item.values[key] == value, "\(key) = \(value) reads back as \(String(describing: item.values[key]))")
    }
  }
}
