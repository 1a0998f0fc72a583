import Foundation
import KeyringTestSupport
import Testing

@testable import SecurityCommand

/// The keychain commands' options, prompts, messages and exit statuses (SecurityTool's `keychain_list.c`,
/// `keychain_create.c`, `keychain_delete.c`, `keychain_unlock.c`, `keychain_lock.c`, `keychain_set_settings.c`,
/// `keychain_show_info.c`), each in a keychains folder and preferences file of the test's own.
@Suite("keychain commands: options, prompts, messages, statuses")
struct KeychainCommandsTests {
  let keychains: TemporaryKeychains

  init() throws {
    keychains = try TemporaryKeychains()
  }

  // MARK: list-keychains

  @Test("list-keychains -s stores the resolved paths and list-keychains prints them, quoted, in order")
  func setSearchList() {
    #expect(
      keychains.security(["list-keychains", "-d", "user", "-s", "build.keychain", "/tmp/other.keychain"]).status == 0)
    let run = keychains.security(["list-keychains"])
    #expect(run.status == 0)
    #expect(run.output == "    \"\(keychains.path("build.keychain"))\"\n    \"/tmp/other.keychain\"\n")
  }

  @Test("list-keychains -s without a keychain empties the search list")
  func emptySearchList() {
    #expect(keychains.security(["list-keychains", "-s"]).status == 0)
    #expect(keychains.preferences == "swift-keychain-linux keychains 1\nsearch-empty\n")
    let run = keychains.security(["list-keychains"])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
  }

  @Test("list-keychains with a keychain but no -s shows the usage")
  func listWithOperand() {
    let run = keychains.security(["list-keychains", "build.keychain"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("Usage: list-keychains "))
  }

  @Test("list-keychains -d system -s is not possible on Linux: macOS's line and status 1")
  func setSystemList() {
    let run = keychains.security(["list-keychains", "-d", "system", "-s", "x"])
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainSetDomainSearchList system: Function or operation not implemented.\n")
  }

  @Test("list-keychains -d dynamic -s is an invalid preference domain")
  func setDynamicList() {
    let run = keychains.security(["list-keychains", "-d", "dyn", "-s"])
    #expect(run.status == 1)
    #expect(
      run.error == "security: SecKeychainSetDomainSearchList dynamic: The specified preferences domain is not valid.\n")
  }

  @Test("list-keychains -s skips a name SecKeychainOpen refuses, saying so")
  func setListWithBadName() {
    let run = keychains.security(["list-keychains", "-s", "a\nb", "good.keychain"])
    #expect(run.status == 0)
    #expect(
      run.error == "security: SecKeychainOpen a\nb: One or more parameters passed to a function were not valid.\n")
    #expect(keychains.security(["list-keychains"]).output == "    \"\(keychains.path("good.keychain"))\"\n")
  }

  // MARK: default-keychain

  @Test("default-keychain -s makes an existing keychain file the default, and default-keychain prints it")
  func setDefault() {
    let path = keychains.placeholder("build.keychain")
    #expect(keychains.security(["default-keychain", "-s", "build.keychain"]).status == 0)
    let run = keychains.security(["default-keychain"])
    #expect(run.status == 0)
    #expect(run.output == "    \"\(path)\"\n")
  }

  @Test("default-keychain -s of a missing file prints macOS's reason and a write permissions error, status 1")
  func setMissingDefault() {
    let run = keychains.security(["default-keychain", "-s", "nothing"])
    #expect(run.status == 1)
    #expect(
      run.error
        == "Will not set default: file \(keychains.path("nothing")) does not exist\n"
        + "security: SecKeychainSetDefault: Write permissions error.\n")
    #expect(keychains.preferences == nil)
  }

  @Test("default-keychain -s without a keychain and without a default fails as macOS: no default keychain, 1")
  func setNoDefault() throws {
    try keychains.setPreferences("swift-keychain-linux keychains 1\ndefault-none\n")
    let run = keychains.security(["default-keychain", "-s"])
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainSetDefault: A default keychain could not be found.\n")
  }

  @Test("default-keychain -s takes one keychain at most")
  func setDefaultTwo() {
    #expect(keychains.security(["default-keychain", "-s", "a", "b"]).status == 2)
  }

  @Test("default-keychain with no default says so, status 1")
  func noDefault() throws {
    try keychains.setPreferences("swift-keychain-linux keychains 1\ndefault-none\n")
    let run = keychains.security(["default-keychain"])
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainCopyDefault: A default keychain could not be found.\n")
  }

  @Test("default-keychain -d dynamic is an invalid preference domain")
  func dynamicDefault() {
    let run = keychains.security(["default-keychain", "-d", "dynamic"])
    #expect(run.status == 1)
    #expect(
      run.error == "security: SecKeychainCopyDomainDefault dynamic: The specified preferences domain is not valid.\n")
  }

  // MARK: create-keychain

  @Test("create-keychain without a keychain asks for its name; an empty name creates nothing")
  func createAsksName() {
    let run = keychains.security(["create-keychain", "-p", "pw"], input: [""])
    #expect(run.status == 0)
    #expect(run.error == "keychain to create: ")
  }

  @Test("create-keychain without a keychain ends when input ends (result -1, exit 255)")
  func createNameEnds() {
    let run = keychains.security(["create-keychain", "-p", "pw"])
    #expect(run.result == -1)
    #expect(run.status == 255)
  }

  @Test("create-keychain without -p asks twice, up to three times, saying the passwords don't match")
  func createMismatch() {
    let run = keychains.security(["create-keychain", "new.keychain"], input: ["a", "b", "c", "d", "e", "f"])
    #expect(run.status == 1)
    let prompts = "password for new keychain: retype password for new keychain: "
    #expect(run.error == String(repeating: prompts + "passwords don't match\n", count: 3))
  }

  @Test("create-keychain without -p ends when input ends (exit 255)")
  func createPasswordEnds() {
    let run = keychains.security(["create-keychain", "new.keychain"], input: ["a"])
    #expect(run.status == 255)
  }

  @Test("create-keychain -P without a terminal cannot ask: user interaction is not allowed, 36")
  func createPrompted() {
    let run = keychains.security(["create-keychain", "-P", "new.keychain"])
    #expect(run.status == 36)
    #expect(run.error == "security: SecKeychainCreate new.keychain: User interaction is not allowed.\n")
  }

  @Test("create-keychain of an existing keychain: a keychain with the same name already exists, 48")
  func createExisting() {
    keychains.placeholder("taken.keychain")
    let run = keychains.security(["create-keychain", "-p", "pw", "taken.keychain"])
    #expect(run.status == 48)
    #expect(run.error == "security: SecKeychainCreate taken.keychain: A keychain with the same name already exists.\n")
  }

  @Test("create-keychain -h shows the usage")
  func createUsage() {
    let run = keychains.security(["create-keychain", "-h"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("Usage: create-keychain [-hP] [-p password] [keychain...]\n"))
  }

  // MARK: delete-keychain

  @Test("delete-keychain without a keychain is not a valid keychain, 49, as macOS's")
  func deleteNothing() {
    let run = keychains.security(["delete-keychain"])
    #expect(run.status == 49)
    #expect(run.error == "security: SecKeychainDelete: The specified keychain is not a valid keychain file.\n")
  }

  @Test("delete-keychain removes the file, takes it off the search list and unsets the default")
  func deleteListedDefault() {
    let path = keychains.placeholder("gone.keychain")
    let kept = keychains.placeholder("kept.keychain")
    #expect(keychains.security(["list-keychains", "-s", "gone.keychain", "kept.keychain"]).status == 0)
    #expect(keychains.security(["default-keychain", "-s", "gone.keychain"]).status == 0)
    let run = keychains.security(["delete-keychain", "gone.keychain"])
    #expect(run.status == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(keychains.preferences == "swift-keychain-linux keychains 1\ndefault-none\nsearch\t\(kept)\n")
  }

  @Test("delete-keychain of a missing keychain: the list is updated first, then it could not be found, 50")
  func deleteMissing() {
    #expect(keychains.security(["list-keychains", "-s", "missing.keychain"]).status == 0)
    let run = keychains.security(["delete-keychain", "missing.keychain"])
    #expect(run.status == 50)
    #expect(run.error == "security: SecKeychainDelete: The specified keychain could not be found.\n")
    #expect(keychains.preferences == "swift-keychain-linux keychains 1\nsearch-empty\n")
  }

  @Test("delete-keychain takes no option but -h")
  func deleteOption() {
    let run = keychains.security(["delete-keychain", "-x", "a"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("security: illegal option -- x\nUsage: delete-keychain "))
  }

  // MARK: unlock-keychain, lock-keychain

  @Test("unlock-keychain without -p asks once: password to unlock <name>; end of input is exit 255")
  func unlockPromptEnds() {
    keychains.placeholder("a.keychain")
    let run = keychains.security(["unlock-keychain", "a.keychain"])
    #expect(run.status == 255)
    #expect(run.error == "password to unlock a.keychain: ")
  }

  @Test("unlock-keychain of a keychain that does not exist: it could not be found, 50")
  func unlockMissing() {
    let run = keychains.security(["unlock-keychain", "-p", "pw", "missing.keychain"])
    #expect(run.status == 50)
    #expect(run.error == "security: SecKeychainUnlock missing.keychain: The specified keychain could not be found.\n")
  }

  @Test("unlock-keychain takes one keychain at most, and no empty one")
  func unlockOperands() {
    #expect(keychains.security(["unlock-keychain", "-p", "pw", "a", "b"]).status == 2)
    #expect(keychains.security(["unlock-keychain", "-p", "pw", ""]).status == 2)
  }

  @Test("lock-keychain of a keychain that does not exist: it could not be found, 50")
  func lockMissing() {
    let run = keychains.security(["lock-keychain", "missing.keychain"])
    #expect(run.status == 50)
    #expect(run.error == "security: SecKeychainLock missing.keychain: The specified keychain could not be found.\n")
  }

  @Test("lock-keychain -a with a keychain shows the usage")
  func lockAllWithKeychain() {
    #expect(keychains.security(["lock-keychain", "-a", "x"]).status == 2)
  }

  // MARK: set-keychain-settings, show-keychain-info, set-keychain-password

  @Test("set-keychain-settings takes one keychain at most, and no empty one")
  func settingsOperands() {
    #expect(keychains.security(["set-keychain-settings", "a", "b"]).status == 2)
    #expect(keychains.security(["set-keychain-settings", ""]).status == 2)
  }

  @Test("set-keychain-settings --help is an illegal option, then the usage with its blank line")
  func settingsHelp() {
    let run = keychains.security(["set-keychain-settings", "--help"])
    #expect(run.status == 2)
    #expect(
      run.error
        == "security: illegal option -- -\n" + "Usage: set-keychain-settings [-hlu] [-t timeout] [keychain]\n"
        + "    -l  Lock keychain when the system sleeps\n" + "    -u  Lock keychain after timeout interval\n"
        + "    -t  Timeout in seconds (omitting this option specifies \"no timeout\")\n\n"
        + "        Set settings for a keychain.\n")
  }

  @Test("set-keychain-settings of a keychain that does not exist names it as typed")
  func settingsMissing() {
    let run = keychains.security(["set-keychain-settings", "-t", "3600", "missing.keychain"])
    #expect(run.status == 50)
    #expect(
      run.error == "security: SecKeychainSetSettings missing.keychain: The specified keychain could not be found.\n")
  }

  @Test("show-keychain-info has no -h: it is an illegal option")
  func showInfoHelp() {
    let run = keychains.security(["show-keychain-info", "-h"])
    #expect(run.status == 2)
    #expect(
      run.error
        == "security: illegal option -- h\nUsage: show-keychain-info [keychain]\n        Show the settings for keychain.\n"
    )
  }

  @Test("show-keychain-info of a keychain that does not exist names it as typed")
  func showInfoMissing() {
    let run = keychains.security(["show-keychain-info", "missing.keychain"])
    #expect(run.status == 50)
    #expect(
      run.error == "security: SecKeychainCopySettings missing.keychain: The specified keychain could not be found.\n")
  }

  @Test("set-keychain-password asks for the old password, then the new one twice; a mismatch is try again, 1")
  func passwordMismatch() {
    let run = keychains.security(["set-keychain-password", "a.keychain"], input: ["old", "new", "other"])
    #expect(run.status == 1)
    #expect(run.error == "Old Password: New Password: Retype New Password: security: try again\n")
  }

  @Test("set-keychain-password with input ending is try again, 1")
  func passwordEnds() {
    let run = keychains.security(["set-keychain-password", "-p", "new", "a.keychain"])
    #expect(run.status == 1)
    #expect(run.error == "Old Password: security: try again\n")
  }

  @Test("help lists the keychain commands with macOS's summaries")
  func help() {
    let output = keychains.security(["help"]).output
    for summary in [
      "Set settings for a keychain.", "Set password for a keychain.", "Show the settings for keychain.",
      "Create keychains and add them to the search list.",
    ] {
      #expect(output.contains(summary), "\(summary)")
    }
  }
}
