/// How a `SecretServiceConnection` reaches the Secret Service.
package struct ConnectionOptions: Sendable {
  /// A D-Bus address such as `unix:path=/run/user/1000/bus`; nil means the session bus
  /// (`$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
  package var busAddress: String?
  /// The default deadline of every call, reconnect and retry included.
  package var timeout: Duration

  package init(busAddress: String? = nil, timeout: Duration = .seconds(25)) {
    self.busAddress = busAddress
    self.timeout = timeout
  }
}
