import Foundation
import KeyringTestSupport
import Security
import Testing

/// Tier 1 of the file keyring: items this package writes to libsecret's keyring file are read by libsecret's own
/// file backend (`SECRET_BACKEND=file secret-tool`), and the other way round, binary secrets included.
@Suite("File keyring: interoperability with libsecret's file backend")
struct FileKeyringInteropTests {
  let service = unique("file-interop")

  /// Every byte value, NUL and invalid UTF-8 included.
  static let binary = Data((0...255).map { UInt8($0) } + [0, 0, 0xff, 0xfe])

  @Test("secret-tool finds a generic password SecItemAdd wrote to the file")
  func secretToolReadsOurs() throws {
    let file = try TemporaryKeyringFile()
    let status = file.run {
      add(merged(genericPassword(service: service, account: "alice"), [kSecValueData as String: Data(utf8: "pw-1")]))
    }
    #expect(status == errSecSuccess)
    let looked = try file.secretTool(["lookup", "service", service, "account", "alice"])
    #expect(looked.succeeded, "\(looked)")
    #expect(looked.output == "pw-1")
  }

  @Test("secret-tool reads a binary secret SecItemAdd wrote, byte for byte")
  func secretToolReadsOurBinary() throws {
    let file = try TemporaryKeyringFile()
    let status = file.run {
      add(merged(genericPassword(service: service, account: "bin"), [kSecValueData as String: Self.binary]))
    }
    #expect(status == errSecSuccess)
    let looked = try file.secretTool(["lookup", "service", service, "account", "bin"])
    #expect(looked.succeeded, "\(looked)")
    #expect(looked.stdout == Self.binary)
  }

  @Test("SecItemCopyMatching finds what secret-tool stored in the file")
  func weReadSecretTools() throws {
    let file = try TemporaryKeyringFile()
    let stored = try file.secretTool(
      ["store", "--label", "from libsecret", "service", service, "account", "bob"], input: Data(utf8: "st-secret"))
    #expect(stored.succeeded, "\(stored)")
    let found = file.run {
      copyMatching(
        merged(
          genericPassword(service: service, account: "bob"),
          [kSecReturnData as String: true, kSecReturnAttributes as String: true]))
    }
    #expect(found.status == errSecSuccess)
    let attributes = try #require(found.result as? [String: Any])
    #expect(attributes[kSecValueData as String] as? Data == Data(utf8: "st-secret"))
    #expect(attributes[kSecAttrLabel as String] as? String == "from libsecret")
  }

  @Test("SecItemCopyMatching reads a binary secret secret-tool stored, byte for byte")
  func weReadSecretToolsBinary() throws {
    let file = try TemporaryKeyringFile()
    let stored = try file.secretTool(
      ["store", "--label", "bin", "service", service, "account", "b"], input: Self.binary)
    #expect(stored.succeeded, "\(stored)")
    #expect(file.run { secret(genericPassword(service: service, account: "b")) } == .found(Self.binary))
  }

  @Test("an update made here is what secret-tool then reads")
  func updateIsSeenByLibsecret() throws {
    let file = try TemporaryKeyringFile()
    let query = genericPassword(service: service, account: "c")
    #expect(file.run { add(merged(query, [kSecValueData as String: Data(utf8: "old")])) } == errSecSuccess)
    #expect(try file.secretTool(["lookup", "service", service, "account", "c"]).output == "old")
    let status = file.run {
      SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
    }
    #expect(status == errSecSuccess)
    #expect(try file.secretTool(["lookup", "service", service, "account", "c"]).output == "new")
  }

  @Test("an item deleted here is gone for secret-tool, and the others stay")
  func deleteIsSeenByLibsecret() throws {
    let file = try TemporaryKeyringFile()
    for account in ["keep", "drop"] {
      #expect(
        file.run {
          add(
            merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(account.utf8)]))
        } == errSecSuccess)
    }
    #expect(
      file.run { SecItemDelete(genericPassword(service: service, account: "drop") as CFDictionary) } == errSecSuccess)
    #expect(try file.secretTool(["lookup", "service", service, "account", "drop"]).output.isEmpty)
    #expect(try file.secretTool(["lookup", "service", service, "account", "keep"]).output == "keep")
  }

  @Test("an item secret-tool stores after ours lands in the same file, and both are read by either")
  func bothWritersShareTheFile() throws {
    let file = try TemporaryKeyringFile()
    #expect(
      file.run {
        add(merged(genericPassword(service: service, account: "ours"), [kSecValueData as String: Data(utf8: "o")]))
      } == errSecSuccess)
    let stored = try file.secretTool(
      ["store", "--label", "theirs", "service", service, "account", "theirs"], input: Data(utf8: "t"))
    #expect(stored.succeeded, "\(stored)")
    #expect(file.run { secret(genericPassword(service: service, account: "ours")) } == .found(Data(utf8: "o")))
    #expect(file.run { secret(genericPassword(service: service, account: "theirs")) } == .found(Data(utf8: "t")))
    #expect(try file.secretTool(["lookup", "service", service, "account", "ours"]).output == "o")
  }

  @Test("the file is created with mode 0600")
  func fileMode() throws {
    let file = try TemporaryKeyringFile()
    #expect(
      file.run {
        add(merged(genericPassword(service: service, account: "m"), [kSecValueData as String: Data(utf8: "m")]))
      } == errSecSuccess)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }
}
