import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// `SecItemEnvironment.forCall`: a call of the public API reads the process's settings and environment variables
/// once, at its entry. The worker changes the process's environment and settings, so it runs in a child process of
/// its own (`startChildTest`), never beside other tests.
@Suite("A call's inputs are read once, at its entry")
struct CallInputsTests {
  static let workerVariable = "SWIFT_KEYCHAIN_CALL_INPUTS_WORKER"

  @Test("a call sees the environment variables and settings of its entry; after it, those of now")
  func callSeesItsEntry() throws {
    let child = try startChildTest(
      filter: "CallInputsTests/worker", variables: [Self.workerVariable: "1", "KEYCHAIN_KEY_STORE": "agent"])
    child.waitUntilExit()
    #expect(child.terminationStatus == 0)
  }

  @Test("outside a call nothing is captured")
  func nothingCapturedOutsideACall() {
    #expect(SecItemEnvironment.current.settings == nil)
    #expect(ProcessEnvironment.captured == nil)
  }

  @Test("a call's snapshot reaches the keychain-file layer below the engine")
  func snapshotReachesKeychainFiles() {
    SecItemEnvironment.forCall {
      #expect(SecItemEnvironment.current.settings != nil)
      #expect(ProcessEnvironment.captured != nil)
    }
  }

  @Test(
    "call-inputs worker (a child process of the test above)",
    .enabled(if: ProcessInfo.processInfo.environment[CallInputsTests.workerVariable] != nil))
  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  func worker() throws {
    try SecItemEnvironment.forCall { () throws in
      setenv("KEYCHAIN_KEY_STORE", "process", 1)
      KeychainInteraction.isAllowed = false
      #expect(ProcessEnvironment.value("KEYCHAIN_KEY_STORE") == "agent")
      #expect(try UnlockedKeys.mode() == .agent)
      #expect(KeychainInteraction.isAllowed)
      // A call inside the call keeps the outer call's inputs.
      try SecItemEnvironment.forCall { () throws in #expect(try UnlockedKeys.mode() == .agent) }
    }
    #expect(ProcessEnvironment.value("KEYCHAIN_KEY_STORE") == "process")
    #expect(try UnlockedKeys.mode() == .process)
    #expect(!KeychainInteraction.isAllowed)
    var allowed: DarwinBoolean = true
    #expect(SecKeychainGetUserInteractionAllowed(&allowed) == errSecSuccess)
    #expect(!allowed.boolValue)
  }
}
