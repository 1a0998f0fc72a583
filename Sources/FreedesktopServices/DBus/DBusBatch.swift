internal import CLibSecret
internal import CLibSecretShims
import GLibValues

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one way this package sends D-Bus method calls: a batch of independent calls put in flight together
/// (`g_dbus_connection_call`, up to `window` unanswered at once), whose replies this thread collects by iterating a
/// private main context until every call has answered or the deadline has cancelled the rest. A single call is a
/// batch of one. Nothing else sends method calls but C that waits for a signal in between: libsecret only opens the
/// session and encodes and decodes secrets (`SessionTransport`), prompts are run by the C runner behind
/// `PromptInterface`, and the Secret portal's request by `ssc_portal_retrieve_secret_sync` (`SecretPortal`).
///
/// A batch costs one round trip however many calls it holds (the daemon answers them in order), which is what lets
/// a lookup read a candidate's attributes and its secret together, or two searches run at once.
final class DBusBatch {
  /// The reply of each call (`(transfer full)`, owned until taken) or its failure, in the order of the calls.
  private var replies: [OpaquePointer?]
  private var errors: [GLibError?]
  /// What each call is named in errors (`DBusMethodCall.name`, made only for a failure).
  private let callNames: [(interface: String, method: String)]
  private var finished = 0
  private var inFlight = 0

  private init(_ calls: [DBusMethodCall]) {
    callNames = calls.map { ($0.interface, $0.method) }
    replies = Array(repeating: nil, count: calls.count)
    errors = Array(repeating: nil, count: calls.count)
  }

  deinit {
    for reply in replies { if let reply { g_variant_unref(reply) } }  // replies not taken (transfer full)
  }

  /// Sends `calls` on `bus`; `.secretService` destinations go to `serviceName`. Returns when every call has an
  /// outcome; calls not sent before the deadline passed fail as cancelled.
  static func send(
    _ calls: [DBusMethodCall], on bus: BusConnection, serviceName: String, deadline: Deadline, window: Int = 64
  ) -> DBusBatch {
    let batch = DBusBatch(calls)
    guard !calls.isEmpty else { return batch }
    let context = BatchContext.ofThisThread  // transfer none: the thread's own, alive until the thread ends
    g_main_context_push_thread_default(context)  // transfer none: the callbacks run in this thread's context
    defer { g_main_context_pop_thread_default(context) }
    var next = 0
    while batch.finished < calls.count {
      while next < calls.count && batch.inFlight < window {
        if deadline.isExpired {
          // Never sent: the arguments are still built and released, so that what they consume (an encoded secret,
          // which wipes its bytes on release) is released exactly once either way.
          if let arguments = calls[next].arguments() { _ = OwnedVariant(sinking: arguments) }
          batch.errors[next] = GLibError(
            domain: ssc_io_error_quark(), code: Int32(G_IO_ERROR_CANCELLED.rawValue), message: "Operation was cancelled"
          )
          batch.finished += 1
        } else {
          batch.start(calls[next], index: next, on: bus, serviceName: serviceName, deadline: deadline)
        }
        next += 1
      }
      if batch.inFlight > 0 { g_main_context_iteration(context, 1) }  // runs the callbacks in this thread
    }
    return batch
  }

  private func start(
    _ call: DBusMethodCall, index: Int, on bus: BusConnection, serviceName: String, deadline: Deadline
  ) {
    inFlight += 1
    let token = Unmanaged.passRetained(DBusBatchToken(self, index)).toOpaque()  // released in the callback
    // The names as C strings without copies (`withCString`: a native string's own bytes, where passing the `String`
    // makes an array of each, eight allocations a lookup). GDBus copies what it keeps.
    call.destinationName(serviceName: serviceName).withCString { destination in
      call.path.rawValue.withCString { path in
        call.interface.withCString { interface in
          call.method.withCString { method in
            // arguments: transfer floating (consumed); the reply type is a static string (transfer none).
            g_dbus_connection_call(
              bus.pointer, destination, path, interface, method, call.arguments(), variantType(call.replyType),
              call.autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START,
              deadline.remainingMilliseconds, nil, dbusBatchCallDone, token)  // no GCancellable: the deadline
          }
        }
      }
    }
  }

  fileprivate func complete(_ index: Int, source: OpaquePointer, result: OpaquePointer) {
    inFlight -= 1
    finished += 1
    var error: UnsafeMutablePointer<GError>? = nil
    let reply = g_dbus_connection_call_finish(source, result, &error)  // transfer full (nullable)
    if let error {
      errors[index] = GLibError(taking: error)  // frees the GError
    } else if let reply {
      replies[index] = reply
    } else {
      errors[index] = GLibError(
        domain: ssc_io_error_quark(), code: Int32(G_IO_ERROR_FAILED.rawValue), message: "no reply and no error")
    }
  }

  /// How call `index` is named in errors (`DBusMethodCall.name`).
  private func name(_ index: Int) -> String {
    DBusMethodCall.name(interface: callNames[index].interface, method: callNames[index].method)
  }

  /// The failure of call `index`, nil when it was answered.
  func error(_ index: Int) -> GLibError? { errors[index] }

  /// The reply of call `index`, whose ownership moves to the caller, or the call's failure.
  func take(_ index: Int) throws(CallFailure) -> OwnedVariant {
    if let error = errors[index] { throw CallFailure(call: name(index), error: error) }
    guard let reply = replies[index] else {
      throw CallFailure(call: name(index), cause: .other, message: "the reply was taken already")
    }
    replies[index] = nil
    return OwnedVariant(taking: reply)  // transfer full, now the caller's
  }
}

/// The private main context in which a thread's batches collect their replies: one per thread, made at the thread's
/// first batch and released when the thread ends (a `pthread` key's destructor), not one per batch (a context is an
/// eventfd and two allocations: ~8 µs a batch, measured with `perf` on a lookup). Reusing it is safe because a batch
/// returns only once every call it sent has called back: GDBus leaves no source of the batch's (its reply's idle
/// source, its timeout) in the context after the callback, so the next batch starts on an empty context. Only its
/// own thread iterates it.
private enum BatchContext {
  /// The key whose value is the thread's context (`transfer full`, one reference, dropped by the destructor).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { context in
      if let context { g_main_context_unref(OpaquePointer(context)) }  // the thread's reference
    }
    precondition(created == 0, "pthread_key_create failed: \(created)")
    return key
  }()

  /// This thread's context (`transfer none`: the thread keeps the reference).
  static var ofThisThread: OpaquePointer {
    if let context = pthread_getspecific(key) { return OpaquePointer(context) }
    let context = g_main_context_new()!  // transfer full: held by the key until the thread ends
    pthread_setspecific(key, UnsafeRawPointer(context))
    return context
  }
}

/// The GAsyncReadyCallback of every call.
private func dbusBatchCallDone(
  _ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ userData: gpointer?
) {
  let token = Unmanaged<DBusBatchToken>.fromOpaque(userData!).takeRetainedValue()
  token.batch.complete(token.index, source: OpaquePointer(source!), result: result!)
}

/// A call's user data: its batch and its index.
private final class DBusBatchToken {
  let batch: DBusBatch
  let index: Int

  init(_ batch: DBusBatch, _ index: Int) {
    self.batch = batch
    self.index = index
  }
}

extension ServiceHandle {
  /// Sends `calls` as one batch on the handle's connection.
  func send(_ calls: [DBusMethodCall], _ deadline: Deadline) -> DBusBatch {
    DBusBatch.send(calls, on: bus, serviceName: busName, deadline: deadline)
  }

  /// Sends one call and returns its reply.
  func call(_ call: DBusMethodCall, _ deadline: Deadline) throws(CallFailure) -> OwnedVariant {
    try send([call], deadline).take(0)
  }
}

extension BusConnection {
  /// Sends one call on the bus (before a service handle exists: provider detection, the plain session).
  func call(_ call: DBusMethodCall, serviceName: String, _ deadline: Deadline) throws(CallFailure) -> OwnedVariant {
    try DBusBatch.send([call], on: self, serviceName: serviceName, deadline: deadline).take(0)
  }
}

extension DBusBatch {
  /// Sends `call` without asking for a reply (`G_DBUS_CALL_FLAGS_NO_AUTO_START`, no callback, so GDBus sends it with
  /// NO_REPLY_EXPECTED): for closing a session when the handle goes away, when nothing may wait.
  static func sendWithoutReply(_ call: DBusMethodCall, on bus: BusConnection, serviceName: String) {
    // arguments: transfer floating (consumed)
    g_dbus_connection_call(
      bus.pointer, call.destinationName(serviceName: serviceName), call.path.rawValue, call.interface, call.method,
      call.arguments(), nil,
      G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, nil, nil, nil)
  }
}
