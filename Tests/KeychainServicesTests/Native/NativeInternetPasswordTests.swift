import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

/// Each operation of `InternetPassword`, synchronous, on the keyring the tests run on.
@Suite("Native API: internet password operations", .tags(.daemon))
struct NativeInternetPasswordTests {
  let server = unique("native-inet") + ".example.com"

  func item(_ account: String, _ secret: String = "s3cret", protocol: InternetPassword.NetworkProtocol? = .https)
    -> InternetPassword
  {
    InternetPassword(server: server, account: account, secret: Data(secret.utf8), protocol: `protocol`, port: 443)
  }

  @Test("add then find returns the typed attributes and the secret")
  func addFind() throws {
    try InternetPassword.add(item("alice"))
    let found = try #require(
      try InternetPassword.find(.init(server: server, account: "alice", protocol: .https), includingSecret: true))
    #expect(found.protocol == .https)
    #expect(found.port == 443)
    #expect(found.secret == Data("s3cret".utf8))
    #expect(found.label == server)  // Apple's default label: the server
  }

  @Test("a second add with the same primary key is duplicateItem")
  func duplicate() throws {
    try InternetPassword.add(item("alice"))
    #expect(throws: KeychainError.duplicateItem) { try InternetPassword.add(item("alice")) }
  }

  @Test("the same server and account with another protocol is another item")
  func protocolIsPartOfTheKey() throws {
    try InternetPassword.add(item("alice"))
    try InternetPassword.add(item("alice", protocol: .ftp))
    #expect(try InternetPassword.findAll(.init(server: server)).count == 2)
  }

  @Test("findAll filters by protocol and port")
  func findAllFilters() throws {
    try InternetPassword.add(item("alice"))
    try InternetPassword.add(item("bob", protocol: .ssh))
    #expect(try InternetPassword.findAll(.init(server: server, protocol: .ssh)).map(\.account) == ["bob"])
    #expect(try InternetPassword.findAll(.init(server: server, port: 22)).isEmpty)
  }

  @Test("update changes account and secret, as in Apple's documented flow")
  func update() throws {
    try InternetPassword.add(item("alice"))
    try InternetPassword.update(
      matching: .init(server: server), with: .init(account: "bob", secret: Data("new".utf8)))
    let found = try #require(try InternetPassword.find(.init(server: server), includingSecret: true))
    #expect(found.account == "bob")
    #expect(found.secret == Data("new".utf8))
  }

  @Test("an update giving two items one primary key is duplicateItem and changes nothing")
  func updateToDuplicate() throws {
    try InternetPassword.add(item("alice"))
    try InternetPassword.add(item("bob"))
    #expect(throws: KeychainError.duplicateItem) {
      try InternetPassword.update(matching: .init(server: server, account: "bob"), with: .init(account: "alice"))
    }
    #expect(try InternetPassword.findAll(.init(server: server)).compactMap(\.account).sorted() == ["alice", "bob"])
  }

  @Test("delete removes the matches only")
  func delete() throws {
    try InternetPassword.add(item("alice"))
    try InternetPassword.add(item("bob"))
    try InternetPassword.delete(matching: .init(server: server, account: "alice"))
    #expect(try InternetPassword.findAll(.init(server: server)).map(\.account) == ["bob"])
  }

  @Test("upsert overwrites the item with the same primary key")
  func upsertOverwrites() throws {
    try InternetPassword.add(item("alice", "old"))
    try InternetPassword.upsert(item("alice", "new"))
    let all = try InternetPassword.findAll(.init(server: server), includingSecrets: true)
    #expect(all.map(\.secret) == [Data("new".utf8)])
  }

  @Test("upsert without a protocol does not touch the item that has one")
  func upsertWithoutProtocol() throws {
    try InternetPassword.add(item("alice", "with protocol"))
    try InternetPassword.upsert(item("alice", "without", protocol: nil))
    let all = try InternetPassword.findAll(.init(server: server), includingSecrets: true)
    #expect(all.count == 2)
    #expect(all.first { $0.protocol == .https }?.secret == Data("with protocol".utf8))
    #expect(all.first { $0.protocol == nil }?.secret == Data("without".utf8))
  }
}
