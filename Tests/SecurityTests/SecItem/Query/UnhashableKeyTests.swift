import Foundation
import Testing

@testable import Security

/// swift-corelibs-foundation's `NSNull()` is not a singleton: two instances are equal with different hashes, so a
/// Swift `Set` or `Dictionary` holding two of them may trap (which one depends on the process's hash seed). The
/// SecItem and SecKey functions never hash a caller's objects (keys are cast to `String` first; values are
/// classified by type), so such input is refused with a status, never a trap.
///
/// The dictionaries are built so that building them cannot trap either: `ListDictionary` keeps its entries in arrays
/// (no hashing; like a Core Foundation dictionary with identity keys), and `NSArray` never hashes its elements.
/// Every call goes to a bus nobody listens on, so a call that got past the parser would answer
/// `errSecNotAvailable`: the expected statuses prove the input was refused before any D-Bus traffic.
@Suite("Reliability: objects that are equal with different hashes")
struct UnhashableKeyTests {
  /// 64 distinct `NSNull` instances.
  static var nulls: [NSNull] { (0..<64).map { _ in NSNull() } }
  static let bus = "unix:path=/nonexistent/\(UUID().uuidString)"

  /// The distinct `NSNull` instances really are equal with (mostly) different hashes on this platform: the hazard
  /// the tests guard against.
  @Test("corelibs NSNull instances are equal but hash differently")
  func hazardExists() {
    let nulls = Self.nulls
    #expect(nulls.allSatisfy { $0.isEqual(nulls[0]) })
    #expect(Set(nulls.map(\.hash)).count > 1)
  }

  /// What the parser may answer; `errSecNotAvailable` (the bus) would mean the input got past it.
  static let parserStatuses: Set<OSStatus> = [errSecParam, errSecNoSuchAttr, errSecUnimplemented]

  /// Dictionaries whose keys or values are many distinct `NSNull` instances, each next to the `base` entries.
  static func hostile(base: [(NSObject, NSObject)]) -> [(name: String, dictionary: NSDictionary)] {
    let nulls = Self.nulls
    let nullArray = NSArray(array: nulls)
    return [
      ("64 NSNull keys", ListDictionary(nulls.map { ($0, "v" as NSString) })),
      ("64 NSNull keys next to valid ones", ListDictionary(base + nulls.map { ($0, $0) })),
      ("an account of 64 NSNulls", ListDictionary(base + [(kSecAttrAccount, nullArray)])),
      ("generic data of 64 NSNulls", ListDictionary(base + [(kSecAttrGeneric, nullArray)])),
      ("a label keyed by NSNulls", ListDictionary(base + [(kSecAttrLabel, ListDictionary(nulls.map { ($0, $0) }))])),
      ("an item list of 64 NSNulls", ListDictionary(base + [(kSecMatchItemList, nullArray)])),
      ("issuers of 64 NSNulls", ListDictionary(base + [(kSecMatchIssuers, nullArray)])),
      ("secret data of 64 NSNulls", ListDictionary(base + [(kSecValueData, nullArray)])),
    ]
  }

  static var queryBase: [(NSObject, NSObject)] {
    [
      (kSecClass, kSecClassGenericPassword), (kSecAttrService, "unhashable" as NSString),
    ]
  }

  @Test("SecItemAdd, SecItemCopyMatching and SecItemDelete refuse them with a parser status, never a trap")
  func queries() {
    SecItemEnvironment.withBus(Self.bus, timeout: .seconds(2)) {
      for (name, dictionary) in Self.hostile(base: Self.queryBase) {
        var result: CFTypeRef?
        let statuses = [
          SecItemAdd(dictionary, &result), SecItemCopyMatching(dictionary, &result), SecItemDelete(dictionary),
        ]
        if name.hasPrefix("issuers") {
          // Apple ignores kSecMatchIssuers when no element is a distinguished name: the search goes on, to the
          // absent bus. Add and delete refuse the search key.
          #expect(statuses == [errSecParam, errSecNotAvailable, errSecParam], "\(name): \(statuses)")
        } else {
          #expect(statuses.allSatisfy(Self.parserStatuses.contains), "\(name): \(statuses)")
        }
        #expect(result == nil)
      }
    }
  }

  @Test("SecItemUpdate refuses them as query and as attributes to update, never a trap")
  func updates() {
    let valid =
      [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "unhashable"] as NSDictionary
    SecItemEnvironment.withBus(Self.bus, timeout: .seconds(2)) {
      for (name, dictionary) in Self.hostile(base: Self.queryBase) {
        let status = SecItemUpdate(dictionary, [kSecAttrLabel as String: "l"] as NSDictionary)
        #expect(Self.parserStatuses.contains(status), "query \(name): \(status)")
      }
      for (name, dictionary) in Self.hostile(base: [(kSecAttrService, "changed" as NSString)]) {
        let status = SecItemUpdate(valid, dictionary)
        #expect(Self.parserStatuses.contains(status), "attributes \(name): \(status)")
      }
    }
  }

  @Test("SecKeyCreateRandomKey and SecKeyCreateWithData refuse parameters full of NSNulls, never a trap")
  func keyParameters() {
    for (name, dictionary) in Self.hostile(base: [(kSecAttrIsPermanent, kCFBooleanFalse)]) {
      var error: Unmanaged<CFError>?
      #expect(SecKeyCreateRandomKey(dictionary, &error) == nil, "random key: \(name)")
      #expect(error != nil, "random key: \(name)")
      _ = error?.takeRetainedValue()
      error = nil
      #expect(SecKeyCreateWithData(Data(repeating: 4, count: 65) as CFData, dictionary, &error) == nil, "\(name)")
      _ = error?.takeRetainedValue()
    }
  }
}

/// An `NSDictionary` that keeps its entries in two arrays and finds keys with `isEqual`: it holds objects that are
/// equal with different hashes without ever hashing them.
final class ListDictionary: NSDictionary {
  private var storedKeys: [NSObject] = []
  private var storedValues: [NSObject] = []

  convenience init(_ entries: [(NSObject, NSObject)]) {
    self.init(objects: nil, forKeys: nil, count: 0)
    storedKeys = entries.map(\.0)
    storedValues = entries.map(\.1)
  }

  required init(objects: UnsafePointer<AnyObject>!, forKeys keys: UnsafePointer<NSObject>!, count: Int) {
    super.init(objects: objects, forKeys: keys, count: count)
  }

  required convenience init?(coder: NSCoder) { nil }

  override var count: Int { storedKeys.count }

  override func object(forKey key: Any) -> Any? {
    let key = key as AnyObject
    guard let index = storedKeys.firstIndex(where: { $0 === key || $0.isEqual(key) }) else { return nil }
    return storedValues[index]
  }

  override func keyEnumerator() -> NSEnumerator { NSArray(array: storedKeys).objectEnumerator() }
}
