internal import CLibSecret
internal import CLibSecretShims

/// One private D-Bus connection (a `GDBusConnection`), never the process-wide `g_bus_get` singleton: it cannot
/// terminate the process when the bus goes away (exit-on-close stays off) and is dropped and reopened by us alone.
final class BusConnection: @unchecked Sendable {
  /// The `GDBusConnection *` (one reference owned here). GDBusConnection is thread-safe.
  let pointer: OpaquePointer

  /// Connects and authenticates to `address`, or to the session bus when nil. Any failure is `.noSessionBus`
  /// (a passed deadline still reports `.timedOut`).
  init(address: String?, deadline: Deadline) throws(CallFailure) {
    do {
      pointer = try withGError("g_dbus_connection_new_for_address_sync") { error in
        // transfer full (nullable)
        ssc_bus_connection_open(address, deadline.cancellable, error)
      }.unwrapped("g_dbus_connection_new_for_address_sync")
    } catch {
      var failure = error
      failure.cause = .noSessionBus
      throw failure
    }
  }

  deinit {
    // The last reference closes the socket; pending calls of ours have all completed by now.
    g_object_unref(UnsafeMutableRawPointer(pointer))  // our reference
  }

  /// Whether the bus closed the connection (the bus daemon went away).
  var isClosed: Bool { g_dbus_connection_is_closed(pointer) != 0 }  // transfer none
}

extension Optional {
  /// The value, or a `CallFailure` for a call that returned NULL without setting a GError.
  func unwrapped(_ call: String) throws(CallFailure) -> Wrapped {
    guard let self else { throw CallFailure(call: call, cause: nil, message: "returned NULL without a GError") }
    return self
  }
}
