import Foundation
import SecretServiceClient
import Synchronization

/// The order in which matches come back: the order the items were added, as Apple's keychain returns rows (SQLite
/// `rowid` order), whatever the provider.
///
/// On gnome-keyring a collection's item names are numbers given in the order the items are added, never reused
/// (`ItemStore.namesFollowInsertion`): there the order is the name order, numbers compared as numbers (as strings
/// `10` sorts before `9`), known without reading anything. Elsewhere names say nothing (KWallet renumbers on every
/// start, KeePassXC uses UUIDs, a keyring file the MACs of its items) and the Secret Service keeps only whole seconds of creation time, so every item this
/// package adds carries its insertion stamp, nanoseconds since 1970 under `keychain:x-added`, taken under the
/// cross-process write lock and strictly increasing within the process; it is never returned, matched or changed.
/// Items of other clients have no stamp: they are placed at the start of their `Created` second, then by path.
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
  /// insertion order: by stamp (or creation second), then by ID.
  static func sorted(_ items: [StoredItem], in store: any ItemStore, ownItemsFirst: Bool = false) -> [StoredItem] {
    var ranks: [KeychainID: Int] = [:]
    for keychain in Set(items.map(\.id.keychain)) { ranks[keychain] = store.precedence(of: keychain) }
    return items.sorted { lhs, rhs in
      if ownItemsFirst, (lhs.accessGroup != nil) != (rhs.accessGroup != nil) { return lhs.accessGroup != nil }
      let leftRank = ranks[lhs.id.keychain] ?? 0
      let rightRank = ranks[rhs.id.keychain] ?? 0
      if leftRank != rightRank { return leftRank < rightRank }
      let left = position(attributes: lhs.attributes, created: lhs.created)
      let right = position(attributes: rhs.attributes, created: rhs.created)
      if left != right { return left < right }
      return idPrecedes(lhs.id, rhs.id)
    }
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
