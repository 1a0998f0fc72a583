import CLibSecret
import CLibSecretShims

/// An opened `SecretService` (our no-UI subclass, session opened, no collections loaded) on a `BusConnection`.
/// Immutable; a reconnect replaces the whole handle. Users hold a strong reference while they call.
final class ServiceHandle: @unchecked Sendable {
  let bus: BusConnection
  /// The `SecretService *` (one reference owned here). libsecret's service is thread-safe.
  let service: UnsafeMutablePointer<SecretService>
  /// The D-Bus name of the provider (`org.freedesktop.secrets` unless `$SECRET_SERVICE_BUS_NAME` says otherwise).
  let busName: String
  /// The main context that was thread-default while the proxy was built: GDBusProxy binds its NameOwnerChanged
  /// subscription to it. Nobody iterates it while the handle lives; it is drained when the proxy is released.
  private let homeContext: OpaquePointer

  /// Opens a service on `bus` (or on a new connection to `address` when `bus` is nil).
  init(address: String?, reusing reused: BusConnection?, deadline: Deadline) throws(CallFailure) {
    let bus: BusConnection
    if let reused {
      bus = reused
    } else {
      bus = try BusConnection(address: address, deadline: deadline)
    }
    let home = g_main_context_new()!  // transfer full
    g_main_context_push_thread_default(home)  // transfer none
    let opened = Result { () throws(CallFailure) in
      try withGError("secret_service_open_sync") { error in
        // transfer full (nullable); mirrors secret_service_open_sync on our own connection.
        ssc_service_open_on_connection(
          ssc_service_get_type(), bus.pointer, SECRET_SERVICE_OPEN_SESSION, deadline.cancellable, error)
      }.unwrapped("secret_service_open_sync")
    }
    g_main_context_pop_thread_default(home)
    switch opened {
    case .success(let service):
      self.bus = bus
      self.service = service
      self.homeContext = home
      let name = g_dbus_proxy_get_name(service.asProxy)  // transfer none
      self.busName = name.map { String(cString: $0) } ?? "org.freedesktop.secrets"
    case .failure(let failure):
      Self.drain(home)
      g_main_context_unref(home)  // our reference
      throw failure
    }
  }

  deinit {
    g_object_unref(service)  // our reference (the proxy unsubscribes into homeContext)
    Self.drain(homeContext)
    g_main_context_unref(homeContext)  // our reference
  }

  /// The `GDBusConnection *` of the proxy (transfer none), on which our own calls go too.
  var connection: OpaquePointer { bus.pointer }

  /// Runs what GLib queued on `context` (signal-subscription destroy notifies), so nothing stays referenced.
  private static func drain(_ context: OpaquePointer) {
    while g_main_context_iteration(context, 0) != 0 {}
  }
}

extension UnsafeMutablePointer<SecretService> {
  /// The service as its parent class, `GDBusProxy *` (transfer none).
  var asProxy: UnsafeMutablePointer<GDBusProxy> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: GDBusProxy.self)
  }
}
