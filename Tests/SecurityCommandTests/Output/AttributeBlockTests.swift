import Foundation
import FreedesktopServices
import GLibValues
import KeychainServices
import Testing

@testable import SecurityCommand

/// The item listing of find-, delete- and dump-keychain, compared with macOS's layout (samples of real output:
/// WebKit's `webkitpy/common/net/credentials_unittest.py`, OpenTagViewer's issue #13, and others quoted in
/// docs/security-command.md).
@Suite("macOS's attribute block")
struct AttributeBlockTests {
  private let created = Date(timeIntervalSince1970: 1_767_323_045)  // 2026-01-02T03:04:05Z
  private let modified = Date(timeIntervalSince1970: 1_767_409_445)  // 2026-01-03T03:04:05Z

  private func render(_ record: ItemRecord, data: [UInt8]? = nil) -> String {
    String(decoding: AttributeBlock.render(record, data: data.map { SecretBytes($0) }), as: UTF8.self)
  }

  @Test("a generic password lists every attribute of its class in tag order")
  func genericPassword() {
    let record = ItemRecord(
      passwordClass: .generic, keychainPath: "/org/freedesktop/secrets/collection/login",
      attributes: [
        kSecAttrLabel as String: "example", kSecAttrAccount as String: "alice", kSecAttrService as String: "example",
        kSecAttrCreationDate as String: created, kSecAttrModificationDate as String: modified,
        kSecAttrType as String: NSNumber(value: 0x6E6F_7465 as UInt32), kSecAttrDescription as String: "secure note",
        kSecAttrGeneric as String: Data([0x80, 0x41]),
      ])
    #expect(
      render(record) == """
        keychain: "/org/freedesktop/secrets/collection/login"
        version: 512
        class: "genp"
        attributes:
            0x00000007 <blob>="example"
            0x00000008 <blob>=<NULL>
            "acct"<blob>="alice"
            "cdat"<timedate>=0x32303236303130323033303430355A00  "20260102030405Z\\000"
            "crtr"<uint32>=<NULL>
            "cusi"<sint32>=<NULL>
            "desc"<blob>="secure note"
            "gena"<blob>=0x8041  "\\200A"
            "icmt"<blob>=<NULL>
            "invi"<sint32>=<NULL>
            "mdat"<timedate>=0x32303236303130333033303430355A00  "20260103030405Z\\000"
            "nega"<sint32>=<NULL>
            "prot"<blob>=<NULL>
            "scrp"<sint32>=<NULL>
            "svce"<blob>="example"
            "type"<uint32>="note"

        """)
  }

  @Test("an internet password shows protocol and port as numbers, 0 when absent")
  func internetPassword() {
    let record = ItemRecord(
      passwordClass: .internet, keychainPath: "/org/freedesktop/secrets/collection/login",
      attributes: [
        kSecAttrLabel as String: "bugs.webkit.org (test@webkit.org)", kSecAttrAccount as String: "test@webkit.org",
        kSecAttrAuthenticationType as String: "form", kSecAttrServer as String: "bugs.webkit.org",
        kSecAttrCreationDate as String: created, kSecAttrModificationDate as String: modified,
        kSecAttrDescription as String: "Web form password", kSecAttrComment as String: "default",
        kSecAttrProtocol as String: "htps",
      ])
    #expect(
      render(record) == """
        keychain: "/org/freedesktop/secrets/collection/login"
        version: 512
        class: "inet"
        attributes:
            0x00000007 <blob>="bugs.webkit.org (test@webkit.org)"
            0x00000008 <blob>=<NULL>
            "acct"<blob>="test@webkit.org"
            "atyp"<blob>="form"
            "cdat"<timedate>=0x32303236303130323033303430355A00  "20260102030405Z\\000"
            "crtr"<uint32>=<NULL>
            "cusi"<sint32>=<NULL>
            "desc"<blob>="Web form password"
            "icmt"<blob>="default"
            "invi"<sint32>=<NULL>
            "mdat"<timedate>=0x32303236303130333033303430355A00  "20260103030405Z\\000"
            "nega"<sint32>=<NULL>
            "path"<blob>=<NULL>
            "port"<uint32>=0x00000000 
            "prot"<blob>=<NULL>
            "ptcl"<uint32>="htps"
            "scrp"<sint32>=<NULL>
            "sdmn"<blob>=<NULL>
            "srvr"<blob>="bugs.webkit.org"
            "type"<uint32>=<NULL>

        """)
  }

  @Test("a port prints as its four big-endian bytes")
  func port() {
    let record = ItemRecord(
      passwordClass: .internet, keychainPath: "/k", attributes: [kSecAttrPort as String: NSNumber(value: 8080)])
    #expect(render(record).contains("    \"port\"<uint32>=0x00001F90 \n"))
  }

  @Test("booleans print as 32-bit numbers")
  func booleans() {
    let record = ItemRecord(
      passwordClass: .generic, keychainPath: "/k", attributes: [kSecAttrIsInvisible as String: NSNumber(value: true)])
    #expect(render(record).contains("    \"invi\"<sint32>=0x00000001 \n"))
  }

  @Test("an empty value prints as <NULL>")
  func emptyValue() {
    let record = ItemRecord(passwordClass: .generic, keychainPath: "/k", attributes: [kSecAttrAccount as String: ""])
    #expect(render(record).contains("    \"acct\"<blob>=<NULL>\n"))
  }

  @Test("with data, the secret follows under data:")
  func data() {
    let record = ItemRecord(passwordClass: .generic, keychainPath: "/k", attributes: [:])
    #expect(render(record, data: Array("s3cret".utf8)).hasSuffix("\"type\"<uint32>=<NULL>\ndata:\n\"s3cret\"\n"))
  }
}
