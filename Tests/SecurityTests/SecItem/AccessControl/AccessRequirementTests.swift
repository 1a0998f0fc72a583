import Foundation
import FreedesktopServices
import Testing

@testable import Security

/// What each `SecAccessControlCreateFlags` combination takes on Linux (`AccessRequirement`): the user's
/// authentication where polkit's check meets every constraint Apple would require, a refusal where it does not.
@Suite("Access control: what each flag takes on Linux")
struct AccessRequirementTests {
  func requirement(_ flags: SecAccessControlCreateFlags) -> AccessRequirement {
    AccessRequirement(flags: flags.rawValue)
  }

  func isUnavailable(_ flags: SecAccessControlCreateFlags) -> Bool {
    if case .unavailable = requirement(flags) { return true }
    return false
  }

  @Test("no constraint (a protection class only) needs nothing")
  func none() {
    #expect(requirement([]) == .none)
    #expect(requirement(.or) == .none)
    #expect(requirement(.and) == .none)
  }

  @Test("user presence and the device passcode are met by the user's authentication")
  func userPresence() {
    #expect(requirement(.userPresence) == .userPresence)
    #expect(requirement(.devicePasscode) == .userPresence)
    #expect(requirement([.devicePasscode, .and]) == .userPresence)
  }

  @Test("biometry alone has no password fallback on Apple platforms: never met by polkit's check")
  func biometry() {
    #expect(isUnavailable(.biometryAny))
    #expect(isUnavailable(.biometryCurrentSet))
    #expect(isUnavailable(.touchIDAny))
    #expect(isUnavailable(.touchIDCurrentSet))
  }

  @Test(
    "several constraints are all required unless .or: biometry and the passcode is refused, biometry or the passcode asks the user"
  )
  func combinations() {
    #expect(isUnavailable([.biometryAny, .devicePasscode]))
    #expect(isUnavailable([.biometryCurrentSet, .and, .devicePasscode]))
    #expect(requirement([.biometryAny, .or, .devicePasscode]) == .userPresence)
    #expect(requirement([.biometryCurrentSet, .or, .devicePasscode]) == .userPresence)
    #expect(isUnavailable([.biometryAny, .or, .companion]))
    #expect(requirement([.companion, .or, .devicePasscode]) == .userPresence)
  }

  @Test("a companion device (watch) cannot be met")
  func companion() {
    #expect(isUnavailable(.companion))
    #expect(isUnavailable(.watch))
  }

  @Test("an application password cannot be supplied, alone or with other constraints")
  func applicationPassword() {
    #expect(isUnavailable(.applicationPassword))
    #expect(isUnavailable([.applicationPassword, .userPresence]))
    #expect(isUnavailable([.applicationPassword, .or, .devicePasscode]))
  }

  @Test("private-key usage with a constraint cannot be met by a software key; alone it constrains nothing")
  func privateKeyUsage() {
    #expect(isUnavailable([.privateKeyUsage, .userPresence]))
    #expect(isUnavailable([.privateKeyUsage, .biometryAny]))
    #expect(requirement(.privateKeyUsage) == .none)
  }

  @Test("flag bits Apple does not define are ignored, as SecAccessControlCreateWithFlags ignores them")
  func unknownBits() {
    #expect(requirement(SecAccessControlCreateFlags(rawValue: 1 << 2)) == .none)
    #expect(requirement(SecAccessControlCreateFlags(rawValue: 1 << 2 | 1)) == .userPresence)
  }

  private static let id = ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "1")

  @Test("an item whose stored access control does not decode is refused, never ungated")
  func undecodable() throws {
    let properties = ItemProperties(
      attributes: [
        "xdg:schema": ItemClass.genericPassword.schemaName, "service": "s", "keychain:accc": "ak;not-a-number",
      ], label: "", created: Date(), modified: Date())
    let item = try #require(StoredItem(id: Self.id, properties))
    guard case .unavailable = AccessRequirement.of(item) else {
      Issue.record("an undecodable access control was \(AccessRequirement.of(item))")
      return
    }
  }

  @Test("an item without an access control needs nothing")
  func absent() throws {
    let properties = ItemProperties(
      attributes: ["xdg:schema": ItemClass.genericPassword.schemaName, "service": "s"], label: "", created: Date(),
      modified: Date())
    #expect(AccessRequirement.of(try #require(StoredItem(id: Self.id, properties))) == .none)
  }
}
