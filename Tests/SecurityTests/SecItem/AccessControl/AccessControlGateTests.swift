import Foundation
import FreedesktopServices
import KeyringTestSupport
import Testing

@testable import Security

/// The gate between an access-controlled item and its data, in the test process against the run's keyring: what
/// never asks polkit (the UI policies, attributes-only reads, deletes, constraints that cannot be met, the opt-out,
/// root). The authentication itself is tested with a real polkit in `UserPresenceTests`.
@Suite("Access control: the gate in front of an item's data", .tags(.daemon))
struct AccessControlGateTests {
  let name = unique("gate")
  let protectedSecret = Data("protected secret".utf8)
  static var uiFail: [String: Any] { [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail] }

  func control(_ flags: SecAccessControlCreateFlags) throws -> SecAccessControl {
    try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, flags, nil))
  }

  /// Adds a generic password of this test's service with an access control of `flags`; returns its query.
  func addPassword(
    account: String = "a", _ flags: SecAccessControlCreateFlags?, secret: Data? = nil
  ) throws -> [String: Any] {
    let query = genericPassword(service: name, account: account)
    var item = merged(query, [kSecValueData as String: secret ?? protectedSecret])
    if let flags { item[kSecAttrAccessControl as String] = try control(flags) }
    #expect(add(item) == errSecSuccess)
    return query
  }

  /// The classes that can carry an access control, each added with `.userPresence`; the query that finds it.
  enum Class: String, CaseIterable, Sendable {
    case genericPassword, internetPassword, key, certificate, identity
  }

  func addProtected(_ itemClass: Class) throws -> [String: Any] {
    let control = try control(.userPresence)
    let accessControl: [String: Any] = [kSecAttrAccessControl as String: control]
    switch itemClass {
    case .genericPassword:
      return try addPassword(.userPresence)
    case .internetPassword:
      let query = internetPassword(server: "\(name).example", account: "a")
      #expect(add(merged(query, merged(accessControl, [kSecValueData as String: protectedSecret]))) == errSecSuccess)
      return query
    case .key:
      let vectors = try OpenSSLIdentity(subject: "/CN=\(name)")
      let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data(name.utf8)]
      #expect(
        add(merged(query, merged(accessControl, [kSecValueRef as String: try vectors.privateKey]))) == errSecSuccess)
      return query
    case .certificate:
      let vectors = try OpenSSLIdentity(subject: "/CN=\(name)")
      let query: [String: Any] = [kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: name]
      #expect(
        add(merged(query, merged(accessControl, [kSecValueRef as String: try vectors.certificate]))) == errSecSuccess)
      return query
    case .identity:
      let vectors = try OpenSSLIdentity(subject: "/CN=\(name)")
      let query: [String: Any] = [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: name]
      #expect(
        add(merged(query, merged(accessControl, [kSecValueRef as String: try vectors.identity]))) == errSecSuccess)
      return query
    }
  }

  @Test(
    "with kSecUseAuthenticationUIFail, a protected item's data and references are errSecInteractionNotAllowed",
    arguments: Class.allCases)
  func uiFailRefusesData(itemClass: Class) throws {
    let query = try addProtected(itemClass)
    #expect(
      copyMatching(merged(query, merged(Self.uiFail, [kSecReturnData as String: true]))).status
        == errSecInteractionNotAllowed)
    if itemClass != .genericPassword && itemClass != .internetPassword {
      #expect(
        copyMatching(merged(query, merged(Self.uiFail, [kSecReturnRef as String: true]))).status
          == errSecInteractionNotAllowed)
    }
  }

  @Test(
    "a protected item's attributes and persistent reference are returned without authentication",
    arguments: Class.allCases)
  func attributesNeedNoUser(itemClass: Class) throws {
    let query = try addProtected(itemClass)
    let found = try attributes(merged(query, Self.uiFail)).require()
    #expect(found[kSecAttrAccessControl as String] as? SecAccessControl == (try control(.userPresence)))
    let (status, reference) = copyMatching(
      merged(query, merged(Self.uiFail, [kSecReturnPersistentRef as String: true])))
    #expect(status == errSecSuccess)
    #expect(reference is Data)
  }

  @Test("reading the data through a persistent reference or a password reference passes the gate too")
  func referencesDoNotBypass() throws {
    let query = try addPassword(.userPresence)
    let persistent = try #require(copyMatching(merged(query, [kSecReturnPersistentRef as String: true])).result)
    #expect(
      copyMatching(
        merged(Self.uiFail, [kSecValuePersistentRef as String: persistent, kSecReturnData as String: true])
      ).status == errSecInteractionNotAllowed)
    let reference = try #require(copyMatching(merged(query, [kSecReturnRef as String: true])).result)
    #expect(
      copyMatching(
        merged(
          Self.uiFail,
          [
            kSecClass as String: kSecClassGenericPassword, kSecValueRef as String: reference,
            kSecReturnData as String: true,
          ])
      ).status == errSecInteractionNotAllowed)
  }

  @Test("a kSecMatchLimitAll read of data with one protected item among others is refused as a whole")
  func listingWithOneProtected() throws {
    _ = try addPassword(account: "open", nil)
    _ = try addPassword(account: "protected", .userPresence)
    let all = merged(genericPassword(service: name), [kSecMatchLimit as String: kSecMatchLimitAll])
    #expect(
      copyMatching(merged(all, merged(Self.uiFail, [kSecReturnData as String: true]))).status
        == errSecInteractionNotAllowed)
    #expect(matchCount(merged(genericPassword(service: name), Self.uiFail)) == .found(2))
  }

  @Test("kSecUseAuthenticationUISkip leaves protected items out of data searches, and only those")
  func skipLeavesOut() throws {
    let skip: [String: Any] = [kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip]
    let open = Data("open secret".utf8)
    _ = try addPassword(account: "protected", .userPresence)
    _ = try addPassword(account: "open", nil, secret: open)
    // The protected item was added first, so a limit of one would take it without the skip.
    let data = copyMatching(merged(genericPassword(service: name), merged(skip, [kSecReturnData as String: true])))
    #expect(lookup(data.status, data.result, as: Data.self) == .found(open))
    let all = copyMatching(
      merged(
        genericPassword(service: name),
        merged(
          skip,
          [
            kSecReturnAttributes as String: true, kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitAll,
          ])))
    let accounts = (all.result as? [[String: Any]])?.compactMap { $0[kSecAttrAccount as String] as? String }
    #expect(all.status == errSecSuccess)
    #expect(accounts == ["open"])
    #expect(matchCount(merged(genericPassword(service: name), skip)) == .found(2), "attribute searches keep them")
  }

  @Test("kSecUseAuthenticationUISkip finds nothing when every match is protected")
  func skipFindsNothing() throws {
    let query = try addPassword(.userPresence)
    let skip: [String: Any] = [kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip]
    #expect(secret(merged(query, skip)) == .itemNotFound)
  }

  @Test(
    "constraints polkit cannot verify are errSecAuthFailed without asking anyone, whatever the UI policy",
    arguments: [
      SecAccessControlCreateFlags.biometryCurrentSet, .biometryAny, [.biometryAny, .devicePasscode], .companion,
      .applicationPassword, [.privateKeyUsage, .userPresence],
    ])
  func unverifiableConstraints(flags: SecAccessControlCreateFlags) throws {
    let query = try addPassword(flags)
    #expect(secret(query).status == errSecAuthFailed)
    #expect(secret(merged(query, Self.uiFail)).status == errSecAuthFailed)
  }

  @Test("biometry or the passcode (.or) is met by the user's authentication: it needs the user, not a refusal")
  func biometryOrPasscode() throws {
    let query = try addPassword([.biometryAny, .or, .devicePasscode])
    #expect(secret(merged(query, Self.uiFail)).status == errSecInteractionNotAllowed)
  }

  @Test("an access control without constraints (a protection class only, or private-key usage alone) gates nothing")
  func noConstraints() throws {
    #expect(secret(try addPassword(account: "plain", [])) == .found(protectedSecret))
    #expect(secret(try addPassword(account: "key-usage", .privateKeyUsage)) == .found(protectedSecret))
  }

  @Test(
    "as root a protected item's data is errSecAuthFailed without asking, although polkit says yes to root unasked",
    .enabled(if: getuid() == 0 && PrivatePolkit.isAvailable, "needs root and polkitd"))
  func rootIsRefused() async throws {
    let service = name
    _ = try addPassword(.userPresence)
    let (answer, read, update) = try await runOffCooperativePool {
      let query = genericPassword(service: service, account: "a")
      let polkit = try PrivatePolkit.start(actions: [
        AccessControlSettings.defaultActionID: UserPresenceAction.policyFile(
          actionID: AccessControlSettings.defaultActionID)
      ])
      defer { polkit.stop() }
      let answer = try PolkitAuthority.checkAuthorization(
        actionID: AccessControlSettings.defaultActionID, subject: try PolkitAuthority.Subject.currentProcess(),
        allowUserInteraction: true, systemBusAddress: polkit.systemBusAddress, timeout: .seconds(10))
      return SecItemEnvironment.with(\.systemBusAddress, polkit.systemBusAddress) {
        let read = secret(query).status
        let update = SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary)
        return (answer, read, update)
      }
    }
    #expect(answer == .authorized, "polkit authorizes root without an agent")
    #expect(read == errSecAuthFailed)
    #expect(update == errSecAuthFailed)
  }

  @Test("unenforced access control hands out the data and updates without asking")
  func unenforced() throws {
    let query = try addPassword(.userPresence)
    SecItemEnvironment.with(\.accessControlEnforcement, .unenforced) {
      #expect(secret(query) == .found(protectedSecret))
      #expect(SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary) == errSecSuccess)
    }
  }

  @Test("SecItemUpdate of a protected item needs the user even for an attribute: UIFail leaves it unchanged")
  func updateNeedsUser() throws {
    let query = try addPassword(.userPresence)
    let status = SecItemUpdate(
      merged(query, Self.uiFail) as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary)
    #expect(status == errSecInteractionNotAllowed)
    #expect(try attributes(query).require()[kSecAttrComment as String] == nil)
  }

  @Test("SecItemDelete of a protected item needs no authentication, as on Apple platforms")
  func deleteNeedsNoUser() throws {
    let query = try addPassword(.userPresence)
    #expect(SecItemDelete(merged(query, Self.uiFail) as CFDictionary) == errSecSuccess)
    #expect(matchCount(query) == .itemNotFound)
  }

  @Test("an access control with kSecAttrSynchronizable true is errSecParam in SecItemAdd and SecItemUpdate")
  func notSynchronizable() throws {
    let synchronizable: [String: Any] = [
      kSecAttrAccessControl as String: try control([]), kSecAttrSynchronizable as String: true,
    ]
    #expect(add(merged(genericPassword(service: name, account: "s"), synchronizable)) == errSecParam)
    let query = try addPassword(nil)
    #expect(SecItemUpdate(query as CFDictionary, synchronizable as CFDictionary) == errSecParam)
  }

  @Test("kSecUseAuthenticationContext is accepted (and an unprotected item read with it)")
  func authenticationContextAccepted() throws {
    let query = try addPassword(nil)
    #expect(secret(merged(query, [kSecUseAuthenticationContext as String: NSObject()])) == .found(protectedSecret))
  }

  @Test("a key made by SecKeyCreateRandomKey with an access control is stored protected")
  func generatedKey() throws {
    let tag = Data(name.utf8)
    let parameters: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag,
        kSecAttrAccessControl as String: try control(.userPresence),
      ] as [String: Any],
    ]
    _ = try #require(SecKeyCreateRandomKey(parameters as CFDictionary, nil))
    let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag]
    #expect(
      copyMatching(merged(query, merged(Self.uiFail, [kSecReturnRef as String: true]))).status
        == errSecInteractionNotAllowed)
  }
}
