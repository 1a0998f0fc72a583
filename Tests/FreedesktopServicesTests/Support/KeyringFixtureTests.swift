import Foundation
import KeyringTestSupport
import Testing

/// Self-tests of the private-keyring fixture (dbus/with-keyring, dbus/keyring-ctl, PrivateKeyring) and of
/// ExternalCommand, checked from outside with secret-tool and gdbus.
@Suite("Private keyring fixture", .tags(.daemon))
struct KeyringFixtureTests {
  /// `secret-tool store --label fixture-test test-id <id>` with `secret` on stdin.
  private func store(_ secret: String, id: String, in keyring: PrivateKeyring) throws -> CommandResult {
    try keyring.run(
      "secret-tool", ["store", "--label", "fixture-test", "test-id", id], input: Data(secret.utf8),
      timeout: .seconds(10))
  }

  /// `secret-tool lookup test-id <id>`.
  private func lookup(id: String, in keyring: PrivateKeyring) throws -> CommandResult {
    try keyring.run("secret-tool", ["lookup", "test-id", id], timeout: .seconds(10))
  }

  @Test("each mode starts and its private bus answers", arguments: PrivateKeyring.Mode.allCases)
  func eachModeStarts(mode: PrivateKeyring.Mode) throws {
    let keyring = try PrivateKeyring.start(mode)
    defer { keyring.stop() }
    #expect(keyring.busAddress.hasPrefix("unix:path=\(keyring.stateDirectory)/"))
    #expect(keyring.environment["HOME"]?.hasPrefix(keyring.stateDirectory) == true)
    let names = try keyring.run(
      "gdbus",
      [
        "call", "--session", "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m",
        "org.freedesktop.DBus.ListNames",
      ])
    #expect(names.succeeded, "\(names)")
    #expect(names.output.contains("org.freedesktop.secrets") == (mode != .noProvider && mode != .activatable))
    if mode == .activatable {
      let activatable = try keyring.run(
        "gdbus",
        [
          "call", "--session", "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m",
          "org.freedesktop.DBus.ListActivatableNames",
        ])
      #expect(activatable.output.contains("org.freedesktop.secrets"), "\(activatable)")
    }
  }

  @Test("the unlocked mode stores and finds an item with secret-tool")
  func unlockedRoundTrip() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let id = UUID().uuidString
    #expect(try keyring.status()["locked"] == "false")
    #expect(try store("s3cret", id: id, in: keyring).succeeded)
    let found = try lookup(id: id, in: keyring)
    #expect(found.succeeded)
    #expect(found.output == "s3cret")
  }

  // KWallet: that pending dialog also blocks its PAM unlock (docs/testing.md); the bridge's side of a closed
  // wallet is KWalletBridgeTests.closedHeadless.
  @Test(
    "the locked mode makes secret-tool fail at once instead of prompting",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "secret-tool's Unlock opens KWallet's or KeePassXC's dialog, which never returns headless"))
  func lockedRefuses() throws {
    let keyring = try PrivateKeyring.start(.locked)
    defer { keyring.stop() }
    #expect(try keyring.status()["locked"] == "true")
    let stored = try store("s3cret", id: UUID().uuidString, in: keyring)
    #expect(!stored.timedOut)
    #expect(!stored.succeeded)
    #expect(stored.errorOutput.contains("locked"))
  }

  @Test("the no-provider mode has nobody owning org.freedesktop.secrets")
  func noProviderFailsFast() throws {
    let keyring = try PrivateKeyring.start(.noProvider)
    defer { keyring.stop() }
    #expect(try keyring.status()["owner"] == "none")
    let stored = try store("s3cret", id: UUID().uuidString, in: keyring)
    #expect(!stored.timedOut)
    #expect(!stored.succeeded)
    #expect(throws: KeyringFixtureError.self) { try keyring.restart() }
  }

  // KWallet: see docs/backends.md; restart() quits kwalletd5 cleanly (it writes first).
  @Test(
    "kill removes the provider and startDaemon brings back the items written before",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "kwalletd5 writes its wallet ~5 s after a change, KeePassXC when it locks or quits: a SIGKILL sooner loses it"))
  func killAndStart() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let id = UUID().uuidString
    #expect(try store("before kill", id: id, in: keyring).succeeded)
    try keyring.kill()
    #expect(try keyring.status()["owner"] == "none")
    let whileDead = try lookup(id: id, in: keyring)
    #expect(!whileDead.succeeded && !whileDead.timedOut)
    try keyring.startDaemon()
    let status = try keyring.status()
    #expect(status["owner"] != "none")
    #expect(status["locked"] == "false")
    #expect(try lookup(id: id, in: keyring).output == "before kill")
  }

  @Test("restart replaces the daemon and keeps the items")
  func restartKeepsItems() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let id = UUID().uuidString
    #expect(try store("kept", id: id, in: keyring).succeeded)
    let before = try keyring.status()["keyring_pid"]
    try keyring.restart()
    #expect(try keyring.status()["keyring_pid"] != before)
    #expect(try lookup(id: id, in: keyring).output == "kept")
  }

  // KWallet: that pending dialog also blocks its PAM unlock (docs/testing.md); the bridge's side of a closed
  // wallet is KWalletBridgeTests.closedHeadless.
  @Test(
    "lock hides the secrets and unlock brings them back without a prompt",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "secret-tool's Unlock opens KWallet's or KeePassXC's dialog, which never returns headless"))
  func lockAndUnlock() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let id = UUID().uuidString
    #expect(try store("guarded", id: id, in: keyring).succeeded)
    try keyring.lock()
    #expect(try keyring.status()["locked"] == "true")
    let whileLocked = try lookup(id: id, in: keyring)
    #expect(!whileLocked.timedOut)
    #expect(whileLocked.output.isEmpty)
    try keyring.unlock()
    #expect(try keyring.status()["locked"] == "false")
    #expect(try lookup(id: id, in: keyring).output == "guarded")
  }

  @Test("two private keyrings do not see each other's items")
  func keyringsAreIsolated() throws {
    let first = try PrivateKeyring.start(.unlocked)
    defer { first.stop() }
    let second = try PrivateKeyring.start(.unlocked)
    defer { second.stop() }
    #expect(first.busAddress != second.busAddress)
    let id = UUID().uuidString
    #expect(try store("only in the first", id: id, in: first).succeeded)
    #expect(try lookup(id: id, in: second).output.isEmpty)
  }

  @Test("stop ends the daemons and removes the state directory")
  func stopCleansUp() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    let daemon = try #require(Int32(try keyring.status()["keyring_pid"] ?? ""))
    let bus = try #require(
      Int32(
        try String(contentsOfFile: keyring.stateDirectory + "/bus.pid", encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    keyring.stop()
    #expect(!FileManager.default.fileExists(atPath: keyring.stateDirectory))
    #expect(!isRunning(daemon))
    #expect(!isRunning(bus))
  }

  @Test("start gives up with a clear error instead of waiting past its timeout")
  func startTimesOut() throws {
    let started = ContinuousClock.now
    let error = #expect(throws: KeyringFixtureError.self) {
      try PrivateKeyring.start(.unlocked, timeout: .milliseconds(1))
    }
    #expect(error?.message.contains("did not become ready") == true)
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test("ExternalCommand gives the command its input and captures its output and status")
  func commandCapturesOutput() throws {
    let result = try ExternalCommand.run(
      "sh", ["-c", "cat; echo oops >&2; exit 3"], input: Data("piped\n".utf8))
    #expect(result.output == "piped\n")
    #expect(result.errorOutput == "oops\n")
    #expect(result.status == 3)
    #expect(!result.timedOut)
  }

  @Test("ExternalCommand kills a command that outlives its timeout")
  func commandTimesOut() throws {
    let started = ContinuousClock.now
    let result = try ExternalCommand.run("sleep", ["30"], timeout: .milliseconds(300))
    #expect(result.timedOut)
    #expect(!result.succeeded)
    #expect(result.status == 128 + SIGTERM)  // SIGTERM was not blocked in the child
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test("a background command stops at once on SIGTERM and keeps what it wrote")
  func backgroundCommandStops() throws {
    let command = try ExternalCommand.start("sh", ["-c", "echo started; exec sleep 30"])
    let started = ContinuousClock.now
    while command.outputSoFar.isEmpty && ContinuousClock.now - started < .seconds(10) {
      Thread.sleep(forTimeInterval: 0.01)
    }
    let result = command.stop()
    #expect(result.status == 128 + SIGTERM)
    #expect(result.output == "started\n")
    #expect(ContinuousClock.now - started < .seconds(2))
  }
}

/// True when `pid` is a live process (not a zombie).
private func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  return !stat[close...].hasPrefix(") Z")
}
