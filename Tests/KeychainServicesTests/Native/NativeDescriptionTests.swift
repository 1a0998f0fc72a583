import Foundation
import Testing

@testable import KeychainServices

/// What descriptions of password items and their changes list, in which order: the class's host attribute, the
/// account, the secret's size, the class's own attributes, the shared ones, the flags; never the secret's bytes.
@Suite("Native API: descriptions")
struct NativeDescriptionTests {
  @Test("a generic password lists its service first and its application data after the description")
  func genericPassword() {
    let item = GenericPassword(
      service: "s", account: "a", secret: Data("xyz".utf8), label: "l", itemDescription: "d", generic: Data([1]),
      creator: 7)
    #expect(
      item.description
        == "GenericPassword(service: \"s\", account: \"a\", secret: <3 bytes>, label: \"l\", itemDescription: \"d\", "
        + "generic: 1 bytes, creator: 7, isInvisible: false, isNegative: false, isSynchronizable: false, "
        + "accessible: \(KeychainAccessibility.whenUnlocked))")
  }

  @Test("an internet password lists its server side after the secret's size")
  func internetPassword() {
    let item = InternetPassword(server: "h", account: "a", secret: Data("xy".utf8), port: 443, path: "/p", label: "l")
    #expect(
      item.description
        == "InternetPassword(server: \"h\", account: \"a\", secret: <2 bytes>, port: 443, path: \"/p\", label: \"l\", "
        + "isInvisible: false, isNegative: false, isSynchronizable: false, "
        + "accessible: \(KeychainAccessibility.whenUnlocked))")
  }

  @Test("changes list only what they set, in the items' order")
  func changes() {
    let generic = GenericPassword.Changes(account: "b", secret: Data("z".utf8), generic: Data([2]), isNegative: true)
    #expect(
      generic.description
        == "GenericPassword.Changes(account: \"b\", secret: <1 bytes>, generic: 1 bytes, isNegative: true)")
    let internet = InternetPassword.Changes(server: "h", securityDomain: "realm", comment: "c", accessGroup: "g")
    #expect(
      internet.description
        == "InternetPassword.Changes(server: \"h\", securityDomain: \"realm\", comment: \"c\", accessGroup: \"g\")")
  }
}
