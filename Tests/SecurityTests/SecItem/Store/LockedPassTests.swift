import Foundation
import Testing

@testable import Security

/// The one unlock loop (`LockedPass`) over an in-memory store: passes that meet locked items stop, the items are
/// unlocked (prompts are the store's), and the pass runs again; what each authentication-UI policy does.
@Suite("LockedPass: the unlock loop, on an in-memory store")
struct LockedPassTests {
  let item: [String: Any] = [
    kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s", kSecAttrAccount as String: "a",
  ]

  /// A store holding the item, then locked.
  func lockedStore(_ unlock: InMemoryItemStore.UnlockOutcome = .unlocks) throws -> InMemoryItemStore {
    let store = InMemoryItemStore(unlock: unlock)
    try InMemoryEngine.add(item, to: store)
    store.setLocked(true)
    return store
  }

  @Test("a locked match with UI allowed is unlocked once, then the search runs again and finds it")
  func unlocksThenFinds() throws {
    let store = try lockedStore()
    let searches = store.searches
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(item, in: store, policy: .allow)) == ["a"])
    #expect(store.unlocks == 1)
    #expect(store.searches - searches == 2)
  }

  @Test("with UI refused a locked match is errSecInteractionNotAllowed, and nothing is unlocked")
  func refused() throws {
    let store = try lockedStore()
    #expect(
      InMemoryEngine.status { _ = try InMemoryEngine.find(item, in: store, policy: .fail) }
        == errSecInteractionNotAllowed)
    #expect(store.unlocks == 0)
  }

  @Test("with skip a locked match is left out, and nothing is unlocked")
  func skipped() throws {
    let store = try lockedStore()
    #expect(try InMemoryEngine.find(item, in: store, policy: .skip).isEmpty)
    #expect(store.unlocks == 0)
  }

  @Test("an unlock that leaves the match locked is errSecInteractionNotAllowed after one prompt, not a second")
  func stillLocked() throws {
    let store = try lockedStore(.leavesLocked)
    #expect(
      InMemoryEngine.status { _ = try InMemoryEngine.find(item, in: store, policy: .allow) }
        == errSecInteractionNotAllowed)
    #expect(store.unlocks == 1)
  }

  @Test("a dismissed unlock prompt is errSecUserCanceled")
  func dismissed() throws {
    let store = try lockedStore(.dismissed)
    #expect(
      InMemoryEngine.status { _ = try InMemoryEngine.find(item, in: store, policy: .allow) } == errSecUserCanceled)
  }

  @Test(
    "an add to a locked keychain with UI allowed unlocks the keychain, then checks for duplicates and creates again")
  func addUnlocksKeychain() throws {
    let store = InMemoryItemStore()
    store.setLocked(true)
    try InMemoryEngine.add(item, to: store, policy: .allow)
    #expect(
      store.calls.filter { if case .unlock = $0 { true } else { false } } == [.unlock([.keychain(store.keychain)])])
    #expect(store.searches == 2)
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(item, in: store)) == ["a"])
  }
}
