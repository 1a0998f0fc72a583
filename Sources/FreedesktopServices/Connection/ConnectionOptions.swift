/// How a `SecretServiceConnection` reaches the Secret Service.
package struct ConnectionOptions: Sendable {
  /// A D-Bus address such as `unix:path=/run/user/1000/bus`; nil means the session bus
  /// (`$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
  package var busAddress: String?
  /// The default deadline of every call, reconnect and retry included.
  package var timeout: Duration
  /// A directory only this user can read and write (checked by the caller: the keychain lock directory), where the
  /// user's processes share which item each lookup found (`SharedReadAheadPaths`); nil: each process keeps its own.
  package var readAheadDirectory: String?

  package init(busAddress: String? = nil, timeout: Duration = .seconds(25), readAheadDirectory: String? = nil) {
    self.busAddress = busAddress
    self.timeout = timeout
    self.readAheadDirectory = readAheadDirectory
  }
}
