import Foundation
import GLibValues
import Glibc
import Testing

@testable import LinuxSystem

/// The kernel keyring wrapper against this machine's kernel (`@u` of the user running the tests). Every test uses a
/// description of its own and invalidates its key afterwards, so that nothing is left in the user keyring.
@Suite("kernel keyring")
struct KernelKeyringTests {
  /// A description no other test uses.
  private func description() -> String { "swift-keychain-linux-test:" + UUID().uuidString }

  /// Adds a key, runs `body` with its serial, and invalidates it afterwards.
  private func withKey<R>(
    _ payload: [UInt8] = Array(0..<16), description: String, _ body: (KernelKeyring.Serial) throws -> R
  ) throws -> R {
    let key = try KernelKeyring.addUserKey(description: description, payload: SecretBytes(payload))
    defer { try? KernelKeyring.invalidate(key) }
    return try body(key)
  }

  @Test("a user key added to the user keyring reads back its payload")
  func readBack() throws {
    let payload: [UInt8] = (0..<66).map { UInt8($0 * 3 & 0xFF) }
    try withKey(payload, description: description()) { key throws in
      #expect(try KernelKeyring.read(key).copyData() == Data(payload))
    }
  }

  @Test("a search by description finds the key added under it")
  func searchFinds() throws {
    let name = description()
    try withKey(description: name) { key throws in
      #expect(try KernelKeyring.search(description: name) == key)
    }
  }

  @Test("a search for a description nobody added is absent (ENOKEY)")
  func searchAbsent() {
    #expect(throws: KernelKeyring.Failure.absent(errno: ENOKEY)) {
      try KernelKeyring.search(description: description())
    }
  }

  @Test("adding under a description already there replaces the payload and keeps the serial number")
  func addReplaces() throws {
    let name = description()
    try withKey([1, 2, 3], description: name) { key throws in
      let again = try KernelKeyring.addUserKey(description: name, payload: SecretBytes([4, 5]))
      #expect(again == key)
      #expect(try KernelKeyring.read(key).copyData() == Data([4, 5]))
    }
  }

  @Test("an invalidated key is gone at once, for reads and searches")
  func invalidate() throws {
    let name = description()
    let key = try KernelKeyring.addUserKey(description: name, payload: SecretBytes([9]))
    try KernelKeyring.invalidate(key)
    // Until the kernel's collector unlinks it (microseconds later) the key reports EKEYREVOKED (or EACCES to a
    // read), then ENOKEY: every one of them is "absent".
    let searched = #expect(throws: KernelKeyring.Failure.self) { try KernelKeyring.search(description: name) }
    #expect(searched?.isAbsent == true)
    let read = #expect(throws: KernelKeyring.Failure.self) { try KernelKeyring.read(key) }
    #expect(read?.isAbsent == true)
  }

  @Test("a key past its timeout has expired (EKEYEXPIRED)")
  func timeout() throws {
    let name = description()
    try withKey(description: name) { key throws in
      try KernelKeyring.setTimeout(key, seconds: 1)
      Thread.sleep(forTimeInterval: 1.3)
      #expect(throws: KernelKeyring.Failure.absent(errno: EKEYEXPIRED)) { try KernelKeyring.read(key) }
    }
  }

  @Test("a timeout of 0 removes the expiry")
  func noTimeout() throws {
    try withKey(description: description()) { key throws in
      try KernelKeyring.setTimeout(key, seconds: 1)
      try KernelKeyring.setTimeout(key, seconds: 0)
      Thread.sleep(forTimeInterval: 1.3)
      #expect(try KernelKeyring.read(key).count == 16)
    }
  }

  @Test("describe tells the type, the owner, the permissions set and the description")
  func describe() throws {
    let name = description()
    try withKey(description: name) { key throws in
      try KernelKeyring.setPermissions(key, 0x3f2b_0000)
      let described = try KernelKeyring.describe(key)
      #expect(described.type == "user")
      #expect(described.uid == getuid())
      #expect(described.permissions == 0x3f2b_0000)
      #expect(described.description == name)
    }
  }

  @Test("the user keyring lists the keys linked in it")
  func keyringContents() throws {
    try withKey(description: description()) { key throws in
      #expect(try KernelKeyring.keys(in: KernelKeyring.userKeyring).contains(key))
    }
  }

  @Test(
    "errno values are sorted as the keychain layer needs them",
    arguments: [
      (EPERM, KernelKeyring.Failure.refused(errno: EPERM)), (ENOSYS, .refused(errno: ENOSYS)),
      (ENOKEY, .absent(errno: ENOKEY)), (EKEYEXPIRED, .absent(errno: EKEYEXPIRED)),
      (EKEYREVOKED, .absent(errno: EKEYREVOKED)), (EACCES, .absent(errno: EACCES)), (EDQUOT, .quota),
      (EINVAL, .failed(errno: EINVAL)),
    ])
  func errnoSorting(code: Int32, expected: KernelKeyring.Failure) {
    #expect(KernelKeyring.Failure(errno: code) == expected)
  }
}

extension KernelKeyring.Failure {
  /// Whether the failure says there is no usable key.
  var isAbsent: Bool {
    if case .absent = self { return true }
    return false
  }
}
