import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainServices
@testable import Security

/// The README's "Swift-native API" example, verbatim (its two functions), on a private keyring: its names are not
/// unique to a test.
@Suite("Native API: README example")
struct NativeReadmeExampleTests {
  @Test("the README example compiles and runs")
  func readmeExample() async throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let accounts = try await Native.on(keyring) {
      try Self.storeAndRead()
      return try await Self.listAndClear()
    }
    #expect(accounts == ["alice"])
    let stored = try await Native.on(keyring) {
      try await InternetPassword.find(.init(server: "example.com"), includingSecret: true)
    }
    #expect(stored?.secret == Data("s3cret".utf8))
  }

  // From README.md, section "Swift-native API".

  // Add, or overwrite the item with the same primary key (server, account, protocol, …); then find it with a typed
  // query: typed attributes, and the secret only when asked for.
  static func storeAndRead() throws {
    try InternetPassword.upsert(
      InternetPassword(server: "example.com", account: "alice", secret: Data("s3cret".utf8), protocol: .https))
    if let found = try InternetPassword.find(.init(server: "example.com", protocol: .https), includingSecret: true) {
      print(found.account ?? "", found.port ?? 0, String(decoding: found.secret ?? Data(), as: UTF8.self))
    }
  }

  // In async code the same names are the async variants: off Swift's cooperative thread pool, cancellable.
  static func listAndClear() async throws -> [String] {
    try await GenericPassword.add(
      GenericPassword(service: "com.example.app", account: "alice", secret: Data("t0ken".utf8)))
    let accounts = try await GenericPassword.findAll(.init(service: "com.example.app")).compactMap(\.account)
    do {
      try await GenericPassword.delete(matching: .init(service: "com.example.app"))
    } catch KeychainError.itemNotFound {
      print("nothing to delete")
    }
    return accounts
  }
}
