import Foundation
import Testing

@testable import Security

@Suite("Item classes: recognising stored items")
struct SecItemItemClassesTests {
  @Test("items with this package's schema belong to that class")
  func ownSchema() {
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.GenericPassword"])?.code == "genp")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.InternetPassword"])?.code == "inet")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.Key"])?.code == "keys")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.Certificate"])?.code == "cert")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.Identity"]) == nil)
  }

  @Test("Python keyring, go-keyring and node-keytar items are generic passwords")
  func otherGenericClients() {
    #expect(
      ItemClasses.classify(["service": "s", "username": "u", "application": "Python keyring library"])?.code == "genp")
    #expect(ItemClasses.classify(["service": "s", "account": "a"])?.code == "genp")
    #expect(ItemClasses.classify(["anything": "x"])?.code == "genp")
  }

  @Test("GVFS, git and secret-tool network items are internet passwords")
  func networkClients() {
    #expect(ItemClasses.classify(["xdg:schema": "org.gnome.keyring.NetworkPassword", "user": "u"])?.code == "inet")
    #expect(ItemClasses.classify(["xdg:schema": "org.git.Password", "server": "h"])?.code == "inet")
    #expect(ItemClasses.classify(["server": "h", "user": "u", "protocol": "https"])?.code == "inet")
  }

  @Test("default labels are the service, then the server, as on macOS")
  func defaultLabels() {
    #expect(ItemClass.genericPassword.defaultLabel(for: ["svce": .string("svc"), "acct": .string("a")]) == "svc")
    #expect(ItemClass.genericPassword.defaultLabel(for: ["acct": .string("a")]) == "a")
    #expect(ItemClass.internetPassword.defaultLabel(for: ["srvr": .string("h"), "acct": .string("a")]) == "h")
    #expect(ItemClass.genericPassword.defaultLabel(for: [:]) == "")
  }

  @Test("persistent references round-trip and reject garbage")
  func persistentReferences() {
    let locator = ItemLocator(itemClassCode: "inet", path: "/org/freedesktop/secrets/collection/login/42")
    #expect(PersistentReference.decode(locator.persistentReference) == locator)
    #expect(PersistentReference.decode(Data("garbage".utf8)) == nil)
    #expect(PersistentReference.decode(Data("SKLPR1genp/bad path".utf8)) == nil)
    #expect(PersistentReference.decode(Data("SKLPR1genp/ok/".utf8)) == nil)
  }
}

@Suite("Application access groups from the environment")
struct SecItemApplicationGroupsTests {
  @Test("without variables the executable's name is the only group")
  func processNameDefault() {
    #expect(ApplicationIdentity.identity(environment: [:], processName: "tool").groups == ["tool"])
  }

  @Test("KEYCHAIN_APPLICATION_IDENTIFIER names the application")
  func identifierVariable() {
    let identity = ApplicationIdentity.identity(
      environment: ["KEYCHAIN_APPLICATION_IDENTIFIER": "ABCDE12345.com.example.app"], processName: "tool")
    #expect(identity.groups == ["ABCDE12345.com.example.app"])
  }

  @Test("KEYCHAIN_ACCESS_GROUPS come first, the identifier last, as Apple orders entitlements")
  func extraGroups() {
    let identity = ApplicationIdentity.identity(
      environment: ["KEYCHAIN_ACCESS_GROUPS": "shared, team ,,shared", "KEYCHAIN_APPLICATION_IDENTIFIER": "app"],
      processName: "tool")
    #expect(identity.groups == ["shared", "team", "app"])
  }

  @Test("an identifier also listed among the access groups stays the identifier, its group keeping its place")
  func identifierAmongGroups() {
    let identity = ApplicationIdentity.identity(
      environment: [
        "KEYCHAIN_ACCESS_GROUPS": "TEAM.com.example.app, TEAM.com.example.shared",
        "KEYCHAIN_APPLICATION_IDENTIFIER": "TEAM.com.example.app",
      ], processName: "tool")
    #expect(identity.identifier == "TEAM.com.example.app")
    #expect(identity.groups == ["TEAM.com.example.app", "TEAM.com.example.shared"])
  }
}
