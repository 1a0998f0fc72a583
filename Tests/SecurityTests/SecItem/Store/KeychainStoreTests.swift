import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import KeychainServices

/// Which store a process uses, by libsecret's rule and the override, seen from the `security` executable run with
/// the variables (each process decides once, as libsecret does). The Secret Service is the private keyring of
/// `dbus/with-keyring`.
@Suite("Store choice: libsecret's rule and KEYCHAIN_STORE", .tags(.daemon))
struct KeychainStoreTests {
  let service = unique("choice")

  func security(_ arguments: [String], _ environment: [String: String]) throws -> CommandResult {
    try ExternalCommand.run(securityExecutable, arguments, environment: environment)
  }

  func addItem(_ environment: [String: String], account: String = "a") throws -> CommandResult {
    try security(["add-generic-password", "-s", service, "-a", account, "-w", "pw"], environment)
  }

  /// `secret-tool lookup` on the Secret Service of this test process's bus.
  func onSecretService(account: String = "a") throws -> String {
    try ExternalCommand.run(
      "secret-tool", ["lookup", "service", service, "account", account], environment: ["SECRET_BACKEND": "service"]
    ).output
  }

  @Test("SECRET_BACKEND=file with the test variables stores in the file, not in the Secret Service")
  func secretBackendFile() throws {
    let file = try TemporaryKeyringFile()
    #expect(try addItem(file.environment).succeeded)
    #expect(try file.secretTool(["lookup", "service", service, "account", "a"]).output == "pw")
    #expect(try onSecretService().isEmpty)
  }

  @Test(
    "SECRET_BACKEND=service stores in the Secret Service",
    .disabled(
      if: KeyringBackend.isKeychainFile,
      "stores in the Secret Service of the test process's bus; a keychain file has no bus"))
  func secretBackendService() throws {
    var environment = try TemporaryKeyringFile().environment
    environment["SECRET_BACKEND"] = "service"
    #expect(try addItem(environment).succeeded)
    #expect(try onSecretService() == "pw")
  }

  @Test(
    "KEYCHAIN_STORE=secret-service wins over SECRET_BACKEND=file",
    .disabled(
      if: KeyringBackend.isKeychainFile,
      "stores in the Secret Service of the test process's bus; a keychain file has no bus"))
  func overrideToSecretService() throws {
    let file = try TemporaryKeyringFile()
    var environment = file.environment
    environment["KEYCHAIN_STORE"] = "secret-service"
    #expect(try addItem(environment).succeeded)
    #expect(try onSecretService() == "pw")
    #expect(file.bytes == nil)
  }

  @Test("KEYCHAIN_STORE=file wins over SECRET_BACKEND=service")
  func overrideToFile() throws {
    let file = try TemporaryKeyringFile()
    var environment = file.environment
    environment["SECRET_BACKEND"] = "service"
    environment["KEYCHAIN_STORE"] = "file"
    #expect(try addItem(environment).succeeded)
    #expect(try file.secretTool(["lookup", "service", service, "account", "a"]).output == "pw")
    #expect(try onSecretService().isEmpty)
  }

  @Test("an unknown KEYCHAIN_STORE fails with errSecParam")
  func unknownOverride() throws {
    var environment = try TemporaryKeyringFile().environment
    environment["KEYCHAIN_STORE"] = "cloud"
    let result = try security(["find-generic-password", "-s", service], environment)
    #expect(!result.succeeded)
    #expect(result.errorOutput.contains("One or more parameters passed to a function were not valid."), "\(result)")
  }

  @Test("an unknown SECRET_BACKEND is no store: errSecNotAvailable, as libsecret fails")
  func unknownBackend() throws {
    let result = try security(["find-generic-password", "-s", service], ["SECRET_BACKEND": "tpm-only"])
    #expect(!result.succeeded)
    #expect(result.errorOutput.contains("No keychain is available."), "\(result)")
  }

  @Test("SECRET_BACKEND=file outside a sandbox without SECRET_FILE_TEST_PASSWORD is errSecNotAvailable")
  func fileWithoutSecret() throws {
    var environment = try TemporaryKeyringFile().environment
    environment["SECRET_FILE_TEST_PASSWORD"] = ""
    let result = try security(["find-generic-password", "-s", service], environment)
    #expect(!result.succeeded)
    #expect(result.errorOutput.contains("No keychain is available."), "\(result)")
  }

  @Test("the public KeychainStore is the engine's choice one to one, under KEYCHAIN_STORE's spellings")
  func publicFace() {
    for store in KeychainServices.KeychainStore.allCases {
      #expect(KeychainServices.KeychainStore(store.engine) == store)
    }
    #expect(KeychainServices.KeychainStore.allCases.map(\.engine.rawValue) == ["automatic", "secret-service", "file"])
  }
}
