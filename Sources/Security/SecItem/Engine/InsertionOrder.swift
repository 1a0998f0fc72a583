import Foundation
import SecretServiceClient
import Synchronization

/// The order in which matches come back: the order the items were added, as Apple's keychain returns rows (SQLite
/// `rowid` order), whatever the provider.
///
/// The Secret Service keeps only whole seconds of creation time, and item object paths do not follow insertion
/// (gnome-keyring reuses the lowest free number, KWallet renumbers on every start, KeePassXC uses UUIDs; and as
/// strings `/10` sorts before `/9`). So every item this package adds carries its insertion stamp, nanoseconds since
/// 1970 under `keychain:x-added`, taken under the cross-process write lock and strictly increasing within the
/// process; it is never returned, matched or changed. Items of other clients have no stamp: they are ordered by their
/// `Created` second (counted as the start of that second), then by path, numbers in a path compared as numbers.
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

  /// The position of an item: its stamp, else its creation second in nanoseconds (nil when neither is known).
  static func position(attributes: [String: String]?, created: Date?) -> Int64? {
    if let stamp = attributes?[attribute].flatMap({ Int64($0) }) { return stamp }
    return created.map { Int64($0.timeIntervalSince1970.rounded(.down)) * 1_000_000_000 }
  }

  /// Whether the item needs its `Created` property read to be placed (it has no stamp).
  static func needsCreationTime(_ item: ItemProperties) -> Bool {
    item.attributes?[attribute].flatMap({ Int64($0) }) == nil && item.created == nil
  }

  /// Whether `lhs` was added before `rhs`.
  static func precedes(_ lhs: ItemProperties, _ rhs: ItemProperties) -> Bool {
    let left = position(attributes: lhs.attributes, created: lhs.created) ?? .min
    let right = position(attributes: rhs.attributes, created: rhs.created) ?? .min
    if left != right { return left < right }
    return pathPrecedes(lhs.path.rawValue, rhs.path.rawValue)
  }

  /// Paths compared element by element, elements of digits as numbers (`/9` before `/10`).
  static func pathPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.split(separator: "/", omittingEmptySubsequences: false)
    let right = rhs.split(separator: "/", omittingEmptySubsequences: false)
    for (a, b) in zip(left, right) where a != b {
      let aDigits = !a.isEmpty && a.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      let bDigits = !b.isEmpty && b.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      if aDigits && bDigits {
        let a = a.drop { $0 == "0" }
        let b = b.drop { $0 == "0" }
        if a.count != b.count { return a.count < b.count }
      }
      return a < b
    }
    return left.count < right.count
  }
}
