import Foundation
import FreedesktopServices
import KeychainFiles
import Synchronization

/// The order in which matches come back: the order the items were added, as Apple's keychain returns rows (SQLite
/// `rowid` order), whatever the provider.
///
/// Within one keychain, the store's own order where it keeps one:
/// - a keyring file's order of items (`ItemProperties.place`): libsecret, oo7 and this package add an item at the end
///   of the file, and an update keeps its place (this package) or moves it to the end (libsecret and oo7 replace);
/// - on gnome-keyring, a collection's item names: numbers given in the order the items are added, never reused
///   (`ItemStore.namesFollowInsertion`), compared as numbers (as strings `10` sorts before `9`), known without
///   reading anything.
/// Elsewhere names say nothing (KWallet renumbers on every start, KeePassXC uses UUIDs) and the Secret Service keeps
/// only whole seconds of creation time, so every item this package adds carries its insertion stamp, nanoseconds since
/// 1970 under `keychain:x-added`, taken under the cross-process write lock and strictly increasing within the process;
/// it is never returned, matched or changed. Items of other clients have no stamp: there they are placed at the start
/// of their `Created` second, then by name. Between keychains (a search list's keychains of equal precedence, a
/// provider's collections) items go by stamp or creation second, each raised to the latest of the items before it in
/// its keychain's own order, so that the order stays one total order that keeps each keychain's own.
enum InsertionOrder {
  /// The stored attribute holding the stamp.
  static let attribute = ReservedNames.attribute("x-added")

  private static let lastStamp = Mutex<Int64>(0)

  /// A stamp for an item about to be added: the current time in nanoseconds, or one more than the last stamp this
  /// process handed out when the clock has not moved on (or went back).
  static func nextStamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    let stamp = lastStamp.withLock { last in
      last = max(nanoseconds, last + 1)
      return last
    }
    return String(stamp)
  }

  /// The position of an item: its stamp, else its creation second in nanoseconds (the start of that second).
  static func position(attributes: [String: String], created: Date) -> Int64 {
    if let stamp = attributes[attribute].flatMap({ Int64($0) }) { return stamp }
    return Int64(created.timeIntervalSince1970.rounded(.down)) * 1_000_000_000
  }

  /// `items` in the order results give them: with `ownItemsFirst`, the items of the application's access groups
  /// (items of this package: other clients' items have no group) before the others, as on Apple platforms, where no
  /// other program's items exist; then by their keychain's precedence in `store` (a search list's order); then in
  /// insertion order (`keys(_:namesFollowInsertion:)`), between keychains of equal place by ID.
  static func sorted(_ items: [StoredItem], in store: any ItemStore, ownItemsFirst: Bool = false) -> [StoredItem] {
    guard items.count > 1 else { return items }
    var ranks: [KeychainID: Int] = [:]
    for keychain in Set(items.map(\.id.keychain)) { ranks[keychain] = store.precedence(of: keychain) }
    let keys = keys(items, namesFollowInsertion: store.namesFollowInsertion)
    let order = items.indices.sorted { l, r in
      let lhs = items[l]
      let rhs = items[r]
      if ownItemsFirst, (lhs.accessGroup != nil) != (rhs.accessGroup != nil) { return lhs.accessGroup != nil }
      let leftRank = ranks[lhs.id.keychain] ?? 0
      let rightRank = ranks[rhs.id.keychain] ?? 0
      if leftRank != rightRank { return leftRank < rightRank }
      if keys[l].position != keys[r].position { return keys[l].position < keys[r].position }
      if lhs.id.keychain != rhs.id.keychain { return idPrecedes(lhs.id, rhs.id) }
      return keys[l].ordinal < keys[r].ordinal
    }
    return order.map { items[$0] }
  }

  /// Per item of `items`: its ordinal in its keychain's own order, and its position for comparing it with items of
  /// other keychains.
  ///
  /// A keychain's own order is its items' places when the store gave every one of them (a keyring file), else their
  /// names when `namesFollowInsertion` (gnome-keyring), else their stamps or creation seconds, then names. An item's
  /// position is its stamp or creation second (`position(attributes:created:)`), raised to the position of the item
  /// before it in that order: non-decreasing along each keychain's order, so that sorting by position, then by
  /// ordinal within a keychain, keeps every keychain's own order and is a total order.
  static func keys(_ items: [StoredItem], namesFollowInsertion: Bool) -> [(position: Int64, ordinal: Int)] {
    var byKeychain: [KeychainID: [Int]] = [:]
    for index in items.indices { byKeychain[items[index].id.keychain, default: []].append(index) }
    let positions = items.map { position(attributes: $0.attributes, created: $0.created) }
    var keys = [(position: Int64, ordinal: Int)](repeating: (0, 0), count: items.count)
    for indices in byKeychain.values {
      let own: [Int]
      if indices.allSatisfy({ items[$0].properties.place != nil }) {
        own = indices.sorted { l, r in
          let (left, right) = (items[l].properties.place!, items[r].properties.place!)
          return left != right ? left < right : idPrecedes(items[l].id, items[r].id)
        }
      } else if namesFollowInsertion {
        own = indices.sorted { idPrecedes(items[$0].id, items[$1].id) }
      } else {
        own = indices.sorted { l, r in
          positions[l] != positions[r] ? positions[l] < positions[r] : idPrecedes(items[l].id, items[r].id)
        }
      }
      var latest = Int64.min
      for (ordinal, index) in own.enumerated() {
        latest = max(latest, positions[index])
        keys[index] = (latest, ordinal)
      }
    }
    return keys
  }

  /// Reads the `Created` property of the items that have no stamp and whose creation time was not read.
  static func addCreationTimes(_ properties: inout [ItemID: ItemProperties], store: any ItemStore)
    throws(SecItemError)
  {
    let undated = properties.filter {
      $0.value.created == nil && $0.value.attributes?[attribute].flatMap({ Int64($0) }) == nil
    }
    guard !undated.isEmpty else { return }
    for (id, read) in try store.properties(Array(undated.keys), .created) {
      properties[id]?.created = read.created
    }
  }

  /// Whether the order of `items` is their name order: the store's names follow insertion (gnome-keyring) and all
  /// are items of one keychain.
  static func followsNames(_ items: [ItemID], in store: any ItemStore) -> Bool {
    guard store.namesFollowInsertion, let first = items.first?.keychain else { return false }
    return items.allSatisfy { $0.keychain == first }
  }

  /// IDs compared by keychain (collections before files, then their paths), then by name; paths and names element by
  /// element (`/`-separated), elements of digits as numbers (`9` before `10`; the same number with different leading
  /// zeros by its text), a path before its extensions. It compares the UTF-8 bytes in place: a search's candidates
  /// are sorted with it, so it runs n log n times per search and must not allocate.
  static func idPrecedes(_ lhs: ItemID, _ rhs: ItemID) -> Bool {
    if lhs.keychain != rhs.keychain {
      switch (lhs.keychain, rhs.keychain) {
      case (.collection, .file): return true
      case (.file, .collection): return false
      default: return textPrecedes(lhs.keychain.path, rhs.keychain.path)
      }
    }
    return textPrecedes(lhs.name, rhs.name)
  }

  private static func textPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    var left = lhs
    var right = rhs
    return left.withUTF8 { left in right.withUTF8 { right in bytesPrecede(left, right) } }
  }

  private static func bytesPrecede(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    let slash = UInt8(ascii: "/")
    var leftStart = 0
    var rightStart = 0
    while true {
      let leftEnd = left[leftStart...].firstIndex(of: slash) ?? left.count
      let rightEnd = right[rightStart...].firstIndex(of: slash) ?? right.count
      let a = left[leftStart..<leftEnd]
      let b = right[rightStart..<rightEnd]
      if !a.elementsEqual(b) {
        if isDigits(a) && isDigits(b) {
          let aNumber = a.drop { $0 == UInt8(ascii: "0") }
          let bNumber = b.drop { $0 == UInt8(ascii: "0") }
          if aNumber.count != bNumber.count { return aNumber.count < bNumber.count }
          if !aNumber.elementsEqual(bNumber) { return aNumber.lexicographicallyPrecedes(bNumber) }
          // The same number written with different leading zeros: the text decides, so the order stays total.
        }
        return a.lexicographicallyPrecedes(b)
      }
      let leftHasMore = leftEnd < left.count
      let rightHasMore = rightEnd < right.count
      if !leftHasMore || !rightHasMore { return !leftHasMore && rightHasMore }
      leftStart = leftEnd + 1
      rightStart = rightEnd + 1
    }
  }

  private static func isDigits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }
}
