import Testing

extension Tag {
  /// A suite (or test) that needs a daemon the scripts in dbus/ start: the Secret Service provider of the run
  /// (`dbus/with-keyring`, on the process's session bus), a `PrivateKeyring` of its own, a private bus, or polkitd
  /// (`PrivatePolkit`). Every other test runs with no bus at all (docs/testing.md: the tests that need no daemon).
  @Tag public static var daemon: Self
}
