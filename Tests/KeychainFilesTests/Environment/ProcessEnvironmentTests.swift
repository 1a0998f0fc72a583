import Testing

@testable import KeychainFiles

@Suite("ProcessEnvironment: a call's variables from its snapshot")
struct ProcessEnvironmentTests {
  @Test("inside a snapshot a variable has the snapshot's value, not the process's")
  func snapshotValueWins() {
    let snapshot = ProcessEnvironment(values: ["HOME": "/snapshot/home"])
    ProcessEnvironment.$captured.withValue(snapshot) {
      #expect(ProcessEnvironment.value("HOME") == "/snapshot/home")
    }
  }

  @Test("a variable the snapshot does not hold is unset for the call, even when the process has it")
  func absentFromSnapshotIsUnset() {
    #expect(ProcessEnvironment.value("HOME") != nil)  // the test runner's own HOME
    ProcessEnvironment.$captured.withValue(ProcessEnvironment(values: [:])) {
      #expect(ProcessEnvironment.value("HOME") == nil)
    }
  }

  @Test("an empty value is a value, and nonEmpty answers nil for it")
  func emptyValue() {
    ProcessEnvironment.$captured.withValue(ProcessEnvironment(values: ["XDG_DATA_HOME": ""])) {
      #expect(ProcessEnvironment.value("XDG_DATA_HOME") == "")
      #expect(ProcessEnvironment.nonEmpty("XDG_DATA_HOME") == nil)
    }
  }

  @Test("the description and the mirror name the variables that are set and never their values")
  func descriptionHasNoValues() {
    let snapshot = ProcessEnvironment(values: ["XDG_DATA_HOME": "/home/someone/private-place"])
    var dumped = ""
    dump(snapshot, to: &dumped)
    #expect(snapshot.description.contains("XDG_DATA_HOME"))
    #expect(!snapshot.description.contains("private-place"))
    #expect(dumped.contains("XDG_DATA_HOME"))
    #expect(!dumped.contains("private-place"))
  }

  @Test("a password variable is never in a call's snapshot")
  func passwordNotSnapshotted() {
    #expect(!ProcessEnvironment.names.contains("SECRET_FILE_TEST_PASSWORD"))
  }

  @Test("the keychain layer's readers take the snapshot: the keychains folder follows its XDG_DATA_HOME")
  func keychainFolderFollowsSnapshot() {
    ProcessEnvironment.$captured.withValue(ProcessEnvironment(values: ["XDG_DATA_HOME": "/snapshot/data"])) {
      #expect(KeychainNames.folder == "/snapshot/data/keychains")
    }
  }
}
