import Foundation
import FreedesktopServices
import KeychainServices
import Security
import Testing

@testable import SecurityCommand

/// Which attributes the commands search and write, as macOS's tool does.
@Suite("password command attributes")
struct PasswordFieldsTests {
  private func code(_ text: String) -> SecurityCommand.FourCharCode? {
    SecurityCommand.FourCharCode(parsing: text, complain: { _ in })
  }

  @Test("-P is read like atoi and truncated to 16 bits")
  func portParsing() {
    #expect(PasswordFields.port(parsing: "443") == 443)
    #expect(PasswordFields.port(parsing: " 8080abc") == 8080)
    #expect(PasswordFields.port(parsing: "http") == 0)
    #expect(PasswordFields.port(parsing: "70000") == 4464)
  }

  @Test("a generic search with account and service ignores the other options")
  func genericPrimaryKey() {
    let fields = PasswordFields(account: "alice", serviceOrServer: "svc", label: "other", kind: "kind")
    let query = PasswordQuery.searchAttributes(fields, .generic)
    #expect(Set(query.keys) == [kSecAttrAccount as String, kSecAttrService as String])
  }

  @Test("a generic search without the whole key searches every given option")
  func genericPartialKey() {
    let fields = PasswordFields(
      serviceOrServer: "svc", label: "label", kind: "kind", comment: "comment", genericValue: "value",
      creator: code("abcd"), type: code("note"))
    let query = PasswordQuery.searchAttributes(fields, .generic)
    #expect(
      Set(query.keys)
        == Set(
          [
            kSecAttrService, kSecAttrLabel, kSecAttrDescription, kSecAttrComment, kSecAttrGeneric, kSecAttrCreator,
            kSecAttrType,
          ].map { $0 as String }))
    #expect(query[kSecAttrType as String] as? NSNumber == NSNumber(value: 0x6E6F_7465 as UInt32))
    #expect(query[kSecAttrGeneric as String] as? Data == Data("value".utf8))
  }

  @Test("an internet search names protocol and authentication type by their codes")
  func internetCodes() {
    let fields = PasswordFields(
      serviceOrServer: "example.com", label: "x", port: 443, protocol: code("htps"), authenticationType: code("form"))
    let query = PasswordQuery.searchAttributes(fields, .internet)
    #expect(query[kSecAttrProtocol as String] as? String == "htps")
    #expect(query[kSecAttrAuthenticationType as String] as? String == "form")
    #expect(query[kSecAttrPort as String] as? NSNumber == NSNumber(value: 443))
    #expect(query[kSecAttrLabel as String] as? String == "x")
  }

  @Test("an internet search with the whole primary key ignores the label")
  func internetPrimaryKey() {
    let fields = PasswordFields(
      account: "a", serviceOrServer: "s", label: "x", securityDomain: "d", path: "/", port: 1, protocol: code("http"),
      authenticationType: code("dflt"))
    #expect(PasswordQuery.searchAttributes(fields, .internet)[kSecAttrLabel as String] == nil)
  }

  @Test("a port of 0 is not written")
  func portZero() {
    let fields = PasswordFields(account: "a", serviceOrServer: "s")
    #expect(PasswordQuery.newItemAttributes(fields, .internet)[kSecAttrPort as String] == nil)
  }

  @Test("-X takes hex digits of either case; an odd count gets a leading zero")
  func hexPassword() {
    #expect(AddPasswordCommand.hexBytes("00fFa1")?.copyData() == Data([0x00, 0xFF, 0xA1]))
    #expect(AddPasswordCommand.hexBytes("abc")?.copyData() == Data([0x0A, 0xBC]))
    #expect(AddPasswordCommand.hexBytes("")?.copyData() == Data())
    #expect(AddPasswordCommand.hexBytes("zz") == nil)
    #expect(AddPasswordCommand.hexBytes("0g") == nil)
  }
}
