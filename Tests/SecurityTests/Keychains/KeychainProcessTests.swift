import Foundation
import GLibValues
import Glibc
import KeyringTestSupport
import Testing

@testable import Security

/// Keychain files across processes, with the `security` executable as macOS scripts run it: no bus, no daemon; the
/// keychain unlocked in one process is unlocked for the others, until it is locked or its timeout passes.
@Suite("keychain files across processes")
struct KeychainProcessTests {
  let fixture: KeychainFixture
  let service = unique("kc-process")

  init() throws {
    fixture = try KeychainFixture("keychain-process")
  }

  /// `security` with the fixture's directories and no bus.
  @discardableResult
  private func security(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try ExternalCommand.run(
      securityExecutable, arguments, environment: fixture.variables, input: input.map { Data($0.utf8) })
  }

  /// A shell script with the fixture's directories, `security` on its PATH.
  private func script(_ text: String) throws -> CommandResult {
    let bin = (securityExecutable as NSString).deletingLastPathComponent
    var variables = fixture.variables
    variables["PATH"] = bin + ":/usr/bin:/bin"
    return try ExternalCommand.run("/bin/sh", ["-c", "set -e\n" + text], environment: variables)
  }

  private var query: [String: Any] { genericPassword(service: service, account: "ci") }

  @Test("the macOS CI script works unchanged, and later processes and SecItem find the keychain unlocked")
  func macOSScript() throws {
    let run = try script(
      """
      PW=ci-password
      security create-keychain -p "$PW" build.keychain
      security list-keychains -d user -s build.keychain
      security default-keychain -s build.keychain
      security unlock-keychain -p "$PW" build.keychain
      security set-keychain-settings -lut 3600 build.keychain
      """)
    fixture.remember(fixture.path("build.keychain"))
    #expect(run.succeeded, "\(run)")
    #expect(try security(["add-generic-password", "-a", "ci", "-s", service, "-w", "signing-key"]).succeeded)
    #expect(fixture.run { secret(query) } == .found(Data("signing-key".utf8)))
    let info = try security(["show-keychain-info", "build.keychain"])
    #expect(info.errorOutput == "Keychain \"build.keychain\" lock-on-sleep timeout=3600s\n")
  }

  @Test("unlocked in one process (the password on standard input), the keychain is unlocked in another")
  func unlockAcrossProcesses() throws {
    try fixture.create("shared.keychain", password: "pw")
    try fixture.use(["shared.keychain"])
    #expect(fixture.run { add(merged(query, [kSecValueData as String: Data("v".utf8)])) } == errSecSuccess)
    #expect(try security(["lock-keychain", "shared.keychain"]).succeeded)
    #expect(fixture.run { secret(query) }.status == errSecInteractionNotAllowed)
    #expect(try security(["unlock-keychain", "shared.keychain"], input: "pw\n").succeeded)
    let found = try security(["find-generic-password", "-s", service, "-w"])
    #expect(found.output == "v\n")
    #expect(fixture.run { secret(query) } == .found(Data("v".utf8)))
  }

  @Test("locked in one process, the keychain is refused in another")
  func lockAcrossProcesses() throws {
    try fixture.create("lockme.keychain", password: "pw")
    try fixture.use(["lockme.keychain"])
    #expect(fixture.run { add(merged(query, [kSecValueData as String: Data("v".utf8)])) } == errSecSuccess)
    #expect(try security(["lock-keychain"]).succeeded)
    let found = try security(["find-generic-password", "-s", service, "-w"])
    #expect(found.status == 44)
    #expect(
      found.errorOutput
        == "security: SecKeychainSearchCreateFromAttributes: User interaction is not allowed.\n"
        + "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }

  @Test(
    "lock-keychain locks the keychain under every spelling of its path",
    arguments: [
      "./spelled.keychain", "/./spelled.keychain-db", "//spelled.keychain-db", "/../keychains/spelled.keychain-db",
    ]
  )
  func lockUnderAnySpelling(spelling: String) throws {
    try fixture.create("spelled.keychain", password: "pw")
    let name = spelling.hasPrefix("/") ? fixture.environment.folder + spelling : spelling
    #expect(try security(["unlock-keychain", "-p", "pw", "spelled.keychain"]).succeeded)
    #expect(try security(["lock-keychain", name]).status == 0)
    #expect(try security(["show-keychain-info", "spelled.keychain"]).status == 36)
  }

  @Test("lock-keychain of a keychain whose file was moved away forgets its key: back in place it is locked")
  func lockWhileMoved() throws {
    let path = try fixture.create("moved.keychain", password: "pw")
    #expect(try security(["unlock-keychain", "-p", "pw", "moved.keychain"]).succeeded)
    #expect(rename(path, path + ".away") == 0)
    #expect(try security(["lock-keychain", path]).status == 50)  // errSecNoSuchKeychain, as macOS reports
    #expect(rename(path + ".away", path) == 0)
    #expect(try security(["show-keychain-info", "moved.keychain"]).status == 36)
  }

  @Test("a copy of the keychain from before its unlock, put back at its path, is locked for the next process")
  func olderCopyPutBack() throws {
    let path = try fixture.create("restored.keychain", password: "pw")
    #expect(try security(["lock-keychain", "restored.keychain"]).succeeded)
    let older = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try security(["unlock-keychain", "-p", "pw", "restored.keychain"]).succeeded)
    try older.write(to: URL(fileURLWithPath: path + ".older"))
    #expect(rename(path + ".older", path) == 0)
    #expect(try security(["show-keychain-info", "restored.keychain"]).status == 36)
    #expect(try security(["unlock-keychain", "-p", "pw", "restored.keychain"]).succeeded)
    #expect(try security(["show-keychain-info", "restored.keychain"]).status == 0)
  }

  @Test("a keychain locks once its timeout passed unused, for every process")
  func timeoutExpires() throws {
    try fixture.create("brief.keychain", password: "pw")
    try fixture.use(["brief.keychain"])
    #expect(try security(["set-keychain-settings", "-t", "1", "brief.keychain"]).succeeded)
    Thread.sleep(forTimeInterval: 1.5)
    #expect(try security(["show-keychain-info", "brief.keychain"]).status == 36)
    #expect(fixture.run { secret(query) }.status == errSecInteractionNotAllowed)
  }

  @Test("set-keychain-settings -t 0 is no timeout, as on macOS: the keychain unlocks, is used and changed again")
  func zeroTimeout() throws {
    try fixture.create("zero.keychain", password: "pw")
    try fixture.use(["zero.keychain"])
    #expect(try security(["set-keychain-settings", "-t", "0", "zero.keychain"]).succeeded)
    #expect(try security(["lock-keychain", "zero.keychain"]).succeeded)
    #expect(try security(["unlock-keychain", "-p", "pw", "zero.keychain"]).succeeded)
    let info = try security(["show-keychain-info", "zero.keychain"])
    #expect(info.status == 0)
    #expect(info.errorOutput == "Keychain \"zero.keychain\" no-timeout\n")
    #expect(try security(["add-generic-password", "-a", "ci", "-s", service, "-w", "v"]).succeeded)
    #expect(try security(["set-keychain-settings", "-lut", "60", "zero.keychain"]).status == 0)
  }

  @Test("a wrong password is refused with macOS's message and status, and unlocks nothing")
  func wrongPassword() throws {
    try fixture.create("guarded.keychain", password: "right")
    #expect(try security(["lock-keychain", "guarded.keychain"]).succeeded)
    let run = try security(["unlock-keychain", "-p", "wrong", "guarded.keychain"])
    #expect(run.status == 51)
    #expect(
      run.errorOutput
        == "security: SecKeychainUnlock guarded.keychain: The user name or passphrase you entered is not correct.\n")
    #expect(try security(["show-keychain-info", "guarded.keychain"]).status == 36)
  }

  @Test("processes adding to one keychain at once lose nothing")
  func concurrentWriters() throws {
    try fixture.create("busy.keychain", password: "pw")
    try fixture.use(["busy.keychain"])
    let run = try script(
      (0..<4).map { writer in
        "(for i in 1 2 3 4 5 6; do security add-generic-password -a w\(writer)-$i -s \(service) -w x; done) &"
      }.joined(separator: "\n") + "\nwait")
    #expect(run.succeeded, "\(run)")
    var everything = genericPassword(service: service)
    everything[kSecMatchLimit as String] = kSecMatchLimitAll
    #expect(fixture.run { matchCount(everything) } == .found(24))
  }

  @Test("with no session bus (over SSH), a search list naming Secret Service collections too finds the file's items")
  func noBusSkipsCollections() throws {
    try fixture.create("remote.keychain", password: "pw")
    try fixture.run {
      let file = try KeychainOperations.open("remote.keychain")
      try KeychainSearchList.setList([.collection("/org/freedesktop/secrets/collection/login"), file])
      try KeychainSearchList.setDefault(file)
    }
    #expect(try security(["add-generic-password", "-a", "ci", "-s", service, "-w", "v"]).succeeded)
    let found = try security(["find-generic-password", "-s", service, "-w"])
    #expect(found.status == 0)
    #expect(found.output == "v\n")
  }

  @Test("libsecret's file backend reads a keychain file with its password, and sees every item")
  func libsecretReadsKeychain() throws {
    let path = try fixture.create("shared-with-libsecret.keychain", password: "pw")
    try fixture.use(["shared-with-libsecret.keychain"])
    #expect(fixture.run { add(merged(query, [kSecValueData as String: Data("ours".utf8)])) } == errSecSuccess)
    let lookup = try ExternalCommand.run(
      "secret-tool", ["lookup", "service", service, "account", "ci"],
      environment: ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": "pw"])
    #expect(lookup.output == "ours")
    let wrong = try ExternalCommand.run(
      "secret-tool", ["lookup", "service", service, "account", "ci"],
      environment: ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": "nope"])
    #expect(!wrong.succeeded && wrong.output.isEmpty)
  }

  @Test("a keyring file libsecret wrote is unlocked with its password and read, and gets the password check")
  func keychainFromLibsecret() throws {
    let path = fixture.directory.path + "/from-libsecret.keyring"
    let store = try ExternalCommand.run(
      "secret-tool", ["store", "--label", "theirs", "service", service, "account", "ci"],
      environment: ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": "pw"],
      input: Data("theirs".utf8))
    #expect(store.succeeded, "\(store)")
    fixture.remember(path)
    #expect(try security(["unlock-keychain", "-p", "pw", path]).succeeded)
    #expect(try security(["find-generic-password", "-s", service, "-w", path]).output == "theirs\n")
    #expect(try security(["lock-keychain", path]).succeeded)
    #expect(try security(["unlock-keychain", "-p", "other", path]).status == 51)
  }

  @Test(
    "a keyring file libsecret wrote under two passwords (it has no check) is unlocked by neither, and left as it is")
  func libsecretTwoPasswords() throws {
    let path = fixture.directory.path + "/two-passwords.keyring"
    for password in ["one", "two"] {
      let store = try ExternalCommand.run(
        "secret-tool", ["store", "--label", password, "service", service, "account", password],
        environment: ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": password],
        input: Data(password.utf8))
      #expect(store.succeeded, "\(store)")
    }
    fixture.remember(path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for password in ["one", "two"] {
      let unlock = try security(["unlock-keychain", "-p", password, path])
      #expect(unlock.status == 51, "\(password): \(unlock)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
