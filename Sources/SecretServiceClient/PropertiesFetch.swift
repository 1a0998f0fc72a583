import CLibSecret
import CLibSecretShims

/// `org.freedesktop.DBus.Properties.GetAll` (or `Get` of one property) for many objects at once: calls are issued
/// without waiting for earlier replies (up to `window` in flight) on a private main context that this thread iterates
/// until every call has answered or the deadline cancelled the rest. No proxies are built.
final class PropertiesFetch {
  /// The reply (`(a{sv})`, one reference owned) or the failure of each path, in input order.
  private(set) var replies: [OpaquePointer?]
  private(set) var errors: [GLibError?]
  private var finished = 0
  private var inFlight = 0

  private init(count: Int) {
    replies = Array(repeating: nil, count: count)
    errors = Array(repeating: nil, count: count)
  }

  deinit {
    for reply in replies { if let reply { g_variant_unref(reply) } }  // replies: transfer full
  }

  /// Fetches every property of `interface` for each of `paths`; each reply is `(a{sv})`.
  static func getAll(
    _ handle: ServiceHandle, paths: [String], interface: String, deadline: Deadline, window: Int = 64
  ) -> PropertiesFetch {
    run(handle, paths: paths, method: "GetAll", replyType: VariantType.getAllReply, deadline: deadline, window: window)
    {
      ssc_variant_new_get_all_args(interface)  // transfer floating (consumed by the call)
    }
  }

  /// Fetches one property of `interface` for each of `paths`; each reply is `(v)`.
  static func get(
    _ handle: ServiceHandle, paths: [String], interface: String, property: String, deadline: Deadline,
    window: Int = 64
  ) -> PropertiesFetch {
    run(handle, paths: paths, method: "Get", replyType: VariantType.getReply, deadline: deadline, window: window) {
      ssc_variant_new_get_args(interface, property)  // transfer floating (consumed by the call)
    }
  }

  /// Calls `Properties.<method>` with the parameters `arguments` makes (floating) on each of `paths`, pipelined.
  private static func run(
    _ handle: ServiceHandle, paths: [String], method: String, replyType: OpaquePointer?, deadline: Deadline,
    window: Int, arguments: () -> OpaquePointer?
  ) -> PropertiesFetch {
    let fetch = PropertiesFetch(count: paths.count)
    guard !paths.isEmpty else { return fetch }
    let context = g_main_context_new()!  // transfer full
    g_main_context_push_thread_default(context)  // transfer none
    defer {
      g_main_context_pop_thread_default(context)
      g_main_context_unref(context)  // our reference
    }
    var next = 0
    while fetch.finished < paths.count {
      while next < paths.count && fetch.inFlight < window {
        if deadline.isExpired {
          fetch.errors[next] = GLibError(
            domain: ssc_io_error_quark(), code: Int32(G_IO_ERROR_CANCELLED.rawValue), message: "Operation was cancelled"
          )
          fetch.finished += 1
        } else {
          fetch.start(
            handle, path: paths[next], index: next, method: method, parameters: arguments(), replyType: replyType,
            deadline: deadline)
        }
        next += 1
      }
      if fetch.inFlight > 0 { g_main_context_iteration(context, 1) }  // runs the callbacks in this thread
    }
    return fetch
  }

  private func start(
    _ handle: ServiceHandle, path: String, index: Int, method: String, parameters: OpaquePointer?,
    replyType: OpaquePointer?, deadline: Deadline
  ) {
    inFlight += 1
    let token = Unmanaged.passRetained(PropertiesFetchToken(self, index)).toOpaque()  // released in the callback
    // parameters: transfer floating (consumed); the callback runs in this thread's context.
    g_dbus_connection_call(
      handle.connection, handle.busName, path, SecretInterface.properties, method, parameters, replyType,
      G_DBUS_CALL_FLAGS_NONE, deadline.remainingMilliseconds, deadline.cancellable, propertiesFetchDone, token)
  }

  fileprivate func complete(_ index: Int, source: OpaquePointer, result: OpaquePointer) {
    inFlight -= 1
    finished += 1
    var error: UnsafeMutablePointer<GError>? = nil
    let reply = g_dbus_connection_call_finish(source, result, &error)  // transfer full (nullable)
    if let error {
      errors[index] = GLibError(taking: error)
    } else if let reply {
      replies[index] = reply
    } else {
      errors[index] = GLibError(
        domain: ssc_io_error_quark(), code: Int32(G_IO_ERROR_FAILED.rawValue), message: "no reply and no error")
    }
  }
}

/// The GAsyncReadyCallback of every GetAll call.
private func propertiesFetchDone(
  _ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ userData: gpointer?
) {
  let token = Unmanaged<PropertiesFetchToken>.fromOpaque(userData!).takeRetainedValue()
  token.fetch.complete(token.index, source: OpaquePointer(source!), result: result!)
}

/// A call's user data: the fetch and the index of its path.
private final class PropertiesFetchToken {
  let fetch: PropertiesFetch
  let index: Int

  init(_ fetch: PropertiesFetch, _ index: Int) {
    self.fetch = fetch
    self.index = index
  }
}
