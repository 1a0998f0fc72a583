import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

@Suite(
  "Invalid arguments are rejected before anything is sent",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct InvalidArgumentTests {
  private let bad = ObjectPath("not/a path")

  @Test("NUL in an attribute value or name")
  func nulInAttributes() throws {
    let connection = try TestKeyring.connection()
    #expect(cause { _ = try connection.searchItems(attributes: ["a": "x\u{0}y"]) } == .invalidArgument)
    #expect(cause { _ = try connection.searchItems(attributes: ["a\u{0}": "x"]) } == .invalidArgument)
    let collection = try TestKeyring.defaultCollection(connection)
    #expect(
      cause {
        _ = try connection.createItem(in: collection, label: "l", attributes: ["a": "\u{0}"], secret: SecretBytes([1]))
      } == .invalidArgument)
  }

  @Test("NUL in a label")
  func nulInLabel() throws {
    let connection = try TestKeyring.connection()
    let collection = try TestKeyring.defaultCollection(connection)
    #expect(
      cause {
        _ = try connection.createItem(in: collection, label: "a\u{0}b", attributes: [:], secret: SecretBytes([1]))
      } == .invalidArgument)
    let item = try ItemFixture.create()
    defer { item.delete() }
    #expect(cause { try connection.setLabel(item.path, "\u{0}") } == .invalidArgument)
    #expect(cause { try connection.setAttributes(item.path, ["k": "\u{0}"]) } == .invalidArgument)
  }

  @Test("NUL in an alias name")
  func nulInAlias() throws {
    #expect(cause { _ = try TestKeyring.connection().readAlias("default\u{0}") } == .invalidArgument)
  }

  @Test("malformed object paths, in every operation that takes one")
  func malformedPaths() throws {
    let connection = try TestKeyring.connection()
    let operations: [() throws -> Void] = [
      { _ = try connection.isCollectionLocked(bad) },
      { _ = try connection.itemProperties([bad], .all) },
      { _ = try connection.secrets([bad]) },
      { _ = try connection.createItem(in: bad, label: "l", attributes: [:], secret: SecretBytes([1])) },
      { try connection.setAttributes(bad, [:]) },
      { try connection.setLabel(bad, "l") },
      { try connection.setSecret(bad, SecretBytes([1])) },
      { try connection.deleteItem(bad) },
      { _ = try connection.lock([bad]) },
      { _ = try connection.unlock([bad], ui: .refused) },
    ]
    for operation in operations {
      #expect(cause(of: operation) == .invalidArgument)
    }
  }

  @Test("the error names the call it protected and says what was wrong")
  func errorContent() throws {
    let connection = try TestKeyring.connection()
    let error = try #require(throws: SecretServiceError.self) {
      _ = try connection.searchItems(attributes: ["a": "x\u{0}"])
    }
    #expect(error.cause == .invalidArgument)
    #expect(error.call == "org.freedesktop.Secret.Service.SearchItems")
    #expect(error.domain == nil)
    #expect(error.message.contains("NUL"))
  }
}
