import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// Items written by other Secret Service clients read with the wrapper, and the other way round.
@Suite(
  "Interoperability with other clients",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct InteropTests {
  private func python(_ script: String, _ arguments: [String]) throws -> CommandResult {
    try TestKeyring.run(ExternalCommand.python3, ["-c", script] + arguments)
  }

  @Test("an item stored by secret-tool is found with its label, attributes and secret")
  func secretToolStore() throws {
    let connection = try TestKeyring.connection()
    let id = TestKeyring.uniqueID()
    let stored = try TestKeyring.run(
      "secret-tool", ["store", "--label=from secret-tool", "test-id", id, "service", "st"],
      input: Data("tool secret".utf8))
    #expect(stored.succeeded, "\(stored)")
    let path = try #require(try connection.searchItems(attributes: ["test-id": id]).unlocked.first)
    defer { try? connection.deleteItem(path) }
    let info = try #require(try connection.allProperties(path))
    #expect(info.label == "from secret-tool")
    #expect(info.attributes?["service"] == "st")
    #expect(info.attributes?["test-id"] == id)
    #expect(try connection.secrets([path])[path]?.copyData() == Data("tool secret".utf8))
  }

  @Test("an item created by the wrapper is looked up by secret-tool")
  func secretToolLookup() throws {
    let item = try ItemFixture.create(secret: SecretBytes(Array("wrapper secret".utf8)))
    defer { item.delete() }
    let found = try TestKeyring.run("secret-tool", ["lookup", "test-id", item.id])
    #expect(found.succeeded, "\(found)")
    #expect(found.output == "wrapper secret")
  }

  @Test("Python keyring's attributes (service, username, application) are read back")
  func pythonKeyring() throws {
    let connection = try TestKeyring.connection()
    let service = "svc-\(TestKeyring.uniqueID())"
    let script = """
      import sys, keyring
      from keyring.backends import SecretService
      keyring.set_keyring(SecretService.Keyring())
      keyring.set_password(sys.argv[1], "alice", "py secret ✓")
      """
    let result = try python(script, [service])
    #expect(result.succeeded, "\(result)")
    let path = try #require(
      try connection.searchItems(attributes: ["service": service, "username": "alice"]).unlocked.first)
    defer { try? connection.deleteItem(path) }
    let info = try #require(try connection.allProperties(path))
    #expect(info.attributes?["application"] == "Python keyring library")
    #expect(info.label == "Password for 'alice' on '\(service)'")
    #expect(try connection.secrets([path])[path]?.copyData() == Data("py secret ✓".utf8))
  }

  @Test("a binary item written by python3-secretstorage keeps its bytes")
  func secretStorageBinary() throws {
    let connection = try TestKeyring.connection()
    let id = TestKeyring.uniqueID()
    let script = """
      import sys, secretstorage
      bus = secretstorage.dbus_init()
      collection = secretstorage.get_default_collection(bus)
      collection.create_item("ss item", {"test-id": sys.argv[1], "xdg:schema": "org.example.Test"},
                             bytes(range(256)), content_type="application/octet-stream")
      """
    let result = try python(script, [id])
    #expect(result.succeeded, "\(result)")
    let path = try #require(try connection.searchItems(attributes: ["test-id": id]).unlocked.first)
    defer { try? connection.deleteItem(path) }
    #expect(try connection.allProperties(path)?.attributes?["xdg:schema"] == "org.example.Test")
    #expect(try connection.secrets([path])[path]?.copyData() == Data((0...255).map { UInt8($0) }))
  }
}
