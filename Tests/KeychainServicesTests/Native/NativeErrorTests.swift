import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainServices
@testable import Security

/// SecItem statuses become `KeychainError`s; messages and descriptions never show a secret.
@Suite("Native API: errors", .tags(.daemon))
struct NativeErrorTests {
  let service = unique("native-errors")

  @Test("a duplicate add is KeychainError.duplicateItem, and catch clauses match it")
  func duplicate() throws {
    try GenericPassword.add(GenericPassword(service: service, account: "a"))
    var caught = false
    do {
      try GenericPassword.add(GenericPassword(service: service, account: "a"))
    } catch KeychainError.duplicateItem {
      caught = true
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(caught)
  }

  @Test("update and delete of nothing are KeychainError.itemNotFound")
  func notFound() {
    let query = GenericPassword.Query(service: service)
    #expect(throws: KeychainError.itemNotFound) { try GenericPassword.update(matching: query, with: .init(label: "x")) }
    #expect(throws: KeychainError.itemNotFound) { try GenericPassword.delete(matching: query) }
  }

  @Test("a string holding NUL is KeychainError.invalidParameter and writes nothing")
  func nulInString() throws {
    #expect(throws: KeychainError.invalidParameter) {
      try GenericPassword.add(GenericPassword(service: service, account: "a\0b"))
    }
    #expect(try GenericPassword.find(.init(service: service)) == nil)
  }

  @Test("a limit below one is KeychainError.invalidParameter")
  func limitZero() {
    #expect(throws: KeychainError.invalidParameter) { try GenericPassword.findAll(.init(service: service, limit: 0)) }
  }

  @Test("skipping locked items is for finds only: elsewhere KeychainError.invalidParameter")
  func skipOutsideFind() {
    #expect(throws: KeychainError.invalidParameter) {
      try GenericPassword.delete(matching: .init(service: service, authenticationUI: .skip))
    }
  }

  @Test("a locked keyring with UI refused is KeychainError.interactionNotAllowed at once")
  func lockedRefused() throws {
    let keyring = try Native.lockedKeyring(withItemOf: service)
    defer { keyring.stop() }
    let (failure, elapsed) = Native.timed {
      Native.error {
        try Native.on(keyring) {
          _ = try GenericPassword.find(.init(service: service, authenticationUI: .fail), includingSecret: true)
        }
      }
    }
    #expect(failure as? KeychainError == .interactionNotAllowed)
    #expect(elapsed < .seconds(3))
  }

  @Test("a locked keyring with UI refused on add is KeychainError.interactionNotAllowed")
  func lockedAddRefused() throws {
    let keyring = try Native.lockedKeyring(withItemOf: service)
    defer { keyring.stop() }
    #expect(throws: KeychainError.interactionNotAllowed) {
      try Native.on(keyring) {
        try GenericPassword.add(GenericPassword(service: service, account: "new"), authenticationUI: .fail)
      }
    }
  }

  @Test("a dismissed unlock prompt is KeychainError.userCanceled")
  func promptDismissed() throws {
    let keyring = try Native.lockedKeyring(withItemOf: service)  // no prompter on the bus: dismissed at once
    defer { keyring.stop() }
    #expect(throws: KeychainError.userCanceled) {
      try Native.on(keyring) { _ = try GenericPassword.find(.init(service: service), includingSecret: true) }
    }
  }

  @Test("locked items are skipped with authenticationUI .skip")
  func lockedSkipped() throws {
    let keyring = try Native.lockedKeyring(withItemOf: service)
    defer { keyring.stop() }
    let found = try Native.on(keyring) { try GenericPassword.findAll(.init(service: service, authenticationUI: .skip)) }
    #expect(found.isEmpty)
  }

  @Test("no Secret Service provider is KeychainError.notAvailable")
  func noProvider() throws {
    let keyring = try PrivateKeyring.start(.noProvider)
    defer { keyring.stop() }
    #expect(throws: KeychainError.notAvailable) {
      try Native.on(keyring) { _ = try GenericPassword.find(.init(service: service)) }
    }
  }

  @Test("the message is SecCopyErrorMessageString's and the description names status and message")
  func message() {
    let error = KeychainError.itemNotFound
    #expect(error.status == errSecItemNotFound)
    #expect(error.message == "The specified item could not be found in the keychain.")
    #expect(error.description == "KeychainError(-25300): The specified item could not be found in the keychain.")
    #expect(KeychainError(status: 12345).message == "OSStatus 12345")
    #expect(KeychainError(status: errSecDuplicateItem) == .duplicateItem)
  }

  @Test("descriptions and dumps of items and changes show the secret's size, never its bytes")
  func secretsNotDescribed() {
    let secret = "hunter2-\(UUID().uuidString)"
    let item = GenericPassword(service: service, account: "a", secret: Data(secret.utf8))
    let internet = InternetPassword(server: service, secret: Data(secret.utf8))
    let changes = GenericPassword.Changes(secret: Data(secret.utf8))
    var dumped = ""
    dump(item, to: &dumped)
    dump(internet, to: &dumped)
    dump(changes, to: &dumped)
    dump(InternetPassword.Changes(secret: Data(secret.utf8)), to: &dumped)
    for text in [
      item.description, item.debugDescription, "\(item)", String(reflecting: item), internet.description,
      changes.description, dumped,
    ] {
      #expect(!text.contains(secret))
      #expect(!text.contains(Data(secret.utf8).base64EncodedString()))
    }
    #expect(item.description.contains("<\(secret.utf8.count) bytes>"))
    #expect(item.description.contains(service))
  }
}
