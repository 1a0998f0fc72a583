import Foundation
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainFiles
@testable import KeychainServices
@testable import Security

/// The `async` variants: the same operations, run off the cooperative pool, with the caller's SecItem environment.
@Suite("Native API: async operations", .tags(.daemon))
struct NativeAsyncTests {
  let service = unique("native-async")

  func item(_ account: String, _ secret: String = "s3cret") -> GenericPassword {
    GenericPassword(service: service, account: account, secret: Data(secret.utf8))
  }

  @Test("async add, find and findAll")
  func addFind() async throws {
    let stored = try await GenericPassword.add(item("alice"))
    #expect(stored.persistentReference != nil)
    let found = try await GenericPassword.find(.init(service: service), includingSecret: true)
    #expect(found?.secret == Data("s3cret".utf8))
    #expect(try await GenericPassword.findAll(.init(service: service)).map(\.account) == ["alice"])
  }

  @Test("async update and delete")
  func updateDelete() async throws {
    try await GenericPassword.add(item("alice"))
    try await GenericPassword.update(matching: .init(service: service), with: .init(secret: Data("new".utf8)))
    #expect(try await GenericPassword.find(.init(service: service), includingSecret: true)?.secret == Data("new".utf8))
    try await GenericPassword.delete(matching: .init(service: service))
    #expect(try await GenericPassword.find(.init(service: service)) == nil)
  }

  @Test("async upsert adds, then overwrites")
  func upsert() async throws {
    try await GenericPassword.upsert(item("alice", "one"))
    try await GenericPassword.upsert(item("alice", "two"))
    let all = try await GenericPassword.findAll(.init(service: service), includingSecrets: true)
    #expect(all.map(\.secret) == [Data("two".utf8)])
  }

  @Test("async internet password operations")
  func internetPassword() async throws {
    let server = service + ".example.org"
    try await InternetPassword.add(InternetPassword(server: server, account: "a", protocol: .ftps, port: 990))
    try await InternetPassword.update(matching: .init(server: server), with: .init(path: "/pub"))
    let found = try await InternetPassword.find(.init(server: server, protocol: .ftps))
    #expect(found?.path == "/pub")
    try await InternetPassword.upsert(
      InternetPassword(server: server, account: "a", secret: Data("up".utf8), protocol: .ftps, port: 990, path: "/pub"))
    #expect(
      try await InternetPassword.findAll(.init(server: server), includingSecrets: true).map(\.secret) == [
        Data("up".utf8)
      ])
    try await InternetPassword.delete(matching: .init(server: server))
    #expect(try await InternetPassword.findAll(.init(server: server)).isEmpty)
  }

  @Test("async errors are the same KeychainErrors")
  func errors() async throws {
    try await GenericPassword.add(item("alice"))
    await #expect(throws: KeychainError.duplicateItem) { try await GenericPassword.add(item("alice")) }
    await #expect(throws: KeychainError.itemNotFound) {
      try await GenericPassword.delete(matching: .init(service: service, account: "nobody"))
    }
  }

  @Test("the calling task's access groups go with the call to its thread")
  func accessGroupsTravel() async throws {
    let group = unique("native-app")
    let stored = try await SecItemEnvironment.with(\.accessGroups, [group]) {
      try await GenericPassword.add(item("scoped"))
    }
    #expect(stored.accessGroup == group)
    #expect(try await GenericPassword.find(.init(service: service)) == nil)  // another application's group
  }

  @Test("the calling task's file keyring goes with the call to its thread")
  func fileKeyringTravels() async throws {
    let file = try TemporaryKeyringFile()
    let location = FileKeyringLocation(path: file.path, password: Data(file.password.utf8))
    _ = try await SecItemEnvironment.with(\.fileKeyring, location) {
      try await GenericPassword.add(item("in-file"))
    }
    #expect(try file.secretTool(["lookup", "service", service, "account", "in-file"]).output == "s3cret")
    #expect(try await GenericPassword.find(.init(service: service)) == nil)  // not in the task's default store
  }

  @Test("the calling task's test hooks go with the call to its thread")
  func hooksTravel() async throws {
    try await GenericPassword.add(item("hooked"))
    let calls = Mutex(0)
    try await SecItemEnvironment.with(\.willWriteUpdatedItem, { _ in calls.withLock { $0 += 1 } }) {
      try await GenericPassword.update(matching: .init(service: service), with: .init(secret: Data("new".utf8)))
    }
    #expect(calls.withLock { $0 } == 1)
  }

  @Test("the calling task's bus goes with the call to its thread")
  func busTravels() async throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    _ = try await Native.on(keyring) { try await GenericPassword.add(item("private")) }
    #expect(try await GenericPassword.find(.init(service: service)) == nil)
    #expect(try await Native.on(keyring) { try await GenericPassword.find(.init(service: service)) } != nil)
  }
}
