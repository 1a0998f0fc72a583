import Foundation

@testable import FreedesktopServices
@testable import GLibValues
@testable import Security

/// An item as another Secret Service client may have written it, read as this package reads items: the decoder
/// (`StoredItem`), the attribute dictionary and references of results (keys and certificates rebuilt from the
/// secret), the matcher and the update planner.
///
/// Input: the label, a newline, `name=value` lines (the item's attributes; D-Bus strings, so valid UTF-8 without NUL),
/// an empty line, then the secret's bytes.
///
/// Properties checked: the persistent reference of the item names it again (class, ID and fingerprint); a query made
/// of the item's own primary key matches it; an update planned on it holds the new values.
enum StoredItemTarget {
  static let allReturnTypes: ReturnTypes = [.data, .attributes, .reference, .persistentReference]

  static func run(_ bytes: [UInt8]) {
    let (properties, data) = decode(bytes)
    guard let item = StoredItem(id: ItemFixture.item, properties) else { return }
    let secret = SecretBytes(data: data)
    _ = ResultBuilder.attributeDictionary(item)
    _ = ResultBuilder.element(for: item, returnTypes: allReturnTypes, secret: secret)
    _ = ResultBuilder.element(for: item, returnTypes: .reference, secret: secret)
    _ = ResultBuilder.element(for: item, returnTypes: .data, secret: nil)

    let locator = item.locator
    let named = PersistentReference.decode(locator.persistentReference)
    invariant(named == locator, "the persistent reference names another item")
    invariant(named?.fingerprint == locator.fingerprint, "the persistent reference carries another fingerprint")

    var own = ItemQuery(itemClass: item.itemClass)
    for key in item.itemClass.primaryKey where key != RawKey.synchronizable {
      own.attributes[key] = item.primaryKeyValue(key)
    }
    own.synchronizableAny = true
    invariant(ItemMatcher.matches(item, own, scope: .explicit), "the item's own primary key does not match it")
    for scope in [AccessScope.read(groups: ["fuzz.group"]), .write(groups: ["fuzz.group"])] {
      _ = ItemMatcher.matches(item, ItemQuery(itemClass: item.itemClass), scope: scope)
    }

    for update in updates(item.itemClass) {
      guard let plan = try? UpdateOperation.plan(item, update) else { continue }
      for (key, value) in update.attributes {
        guard let descriptor = item.itemClass.descriptor(key) else { continue }
        if case .label = descriptor.storage {
          invariant(plan.label == value.stringValue, "the planned label is not the new one")
        } else {
          invariant(plan.updated.values[key] == value, "the planned \(key) is not the new value")
        }
      }
    }
  }

  /// The properties and secret of an input.
  static func decode(_ bytes: [UInt8]) -> (ItemProperties, Data) {
    var lines: [String] = []
    var start = 0
    var secret = Data()
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        if index == start && !lines.isEmpty {
          secret = Data(bytes[(index + 1)...])
          break
        }
        lines.append(text(bytes[start..<index]))
        start = index + 1
      }
      index += 1
    }
    if index == bytes.count && start < bytes.count { lines.append(text(bytes[start...])) }
    var attributes: [String: String] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      attributes[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    let properties = ItemProperties(
      attributes: attributes, label: lines.first ?? "", created: Date(timeIntervalSince1970: 1_700_000_000),
      modified: Date(timeIntervalSince1970: 1_700_000_100))
    return (properties, secret)
  }

  /// Bytes as a D-Bus string would carry them: UTF-8 (invalid sequences replaced) without NUL.
  static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.filter { $0 != 0 }, as: UTF8.self)
  }

  /// A few updates of the class's attributes: the label, each primary-key attribute, and a data-valued one.
  static func updates(_ itemClass: ItemClass) -> [ItemUpdate] {
    var updates = [ItemUpdate(attributes: [RawKey.label: .string("fuzz label")])]
    for key in itemClass.primaryKey {
      guard let descriptor = itemClass.descriptor(key), let value = sample(descriptor.kind) else { continue }
      updates.append(ItemUpdate(attributes: [key: value]))
    }
    return updates
  }

  static func sample(_ kind: AttributeDescriptor.Kind) -> AttributeValue? {
    switch kind {
    case .text, .blob: .string("fuzz")
    case .integer(let range), .number(let range): .integer(range.lowerBound)
    case .data: .data(Data([0, 1, 0xFF]))
    case .boolean: .boolean(true)
    case .fourCharCode, .accessible, .accessControl, .date: nil
    }
  }
}
