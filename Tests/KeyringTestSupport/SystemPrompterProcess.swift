import Foundation

/// A Python stand-in for gnome-keyring's system prompter (`SilentPrompter`, `AnsweringPrompter`): starts `script`
/// with `arguments` on `keyring`'s bus (its environment, with `environment` added) and waits (at most `timeout`)
/// until it prints that it owns `org.gnome.keyring.SystemPrompter` ("owner"). When it prints "not owner", or the time
/// passes, it is stopped and `KeyringFixtureError` thrown, naming the prompter (`role`).
func startSystemPrompter(
  _ script: String, _ arguments: [String] = [], on keyring: PrivateKeyring, environment: [String: String] = [:],
  timeout: Duration, role: String
) throws -> BackgroundCommand {
  let command = try ExternalCommand.start(
    ExternalCommand.python3, ["-c", script] + arguments,
    environment: keyring.environment.merging(environment) { _, added in added })
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    let said = String(decoding: command.outputSoFar, as: UTF8.self)
    if said.hasPrefix("owner") { return command }
    if said.hasPrefix("not owner") { break }
    Thread.sleep(forTimeInterval: 0.02)
  }
  let result = command.stop(signal: SIGTERM, grace: .seconds(2))
  throw KeyringFixtureError("the \(role) could not own org.gnome.keyring.SystemPrompter: \(result.errorOutput)")
}
