internal import CLibSecret
internal import CLibSecretShims
import Dispatch

/// A GCancellable for one operation, cancelled by a timer when the operation's deadline passes.
///
/// Every blocking libsecret/GIO call of the operation gets `cancellable`; calls made with
/// `g_dbus_connection_call*` also get `remainingMilliseconds` as their own timeout. Only the timer cancels, so a
/// cancelled call means the deadline passed. The timer is a `DispatchSourceTimer` on one shared queue; creating,
/// arming and disarming one costs a few microseconds (see the tests for the measured figure).
final class Deadline {
  /// The operation's GCancellable (one reference owned here).
  let cancellable: UnsafeMutablePointer<GCancellable>
  /// Whether the operation's caller allows prompts (`init(timeout:allowPrompts:)`).
  let allowsPrompts: Bool
  private let end: DispatchTime
  private let timer: DispatchSourceTimer

  private static let queue = DispatchQueue(label: "SecretServiceClient.Deadline", qos: .userInitiated)

  /// A GCancellable pointer the timer may use from its queue; it holds its own reference, released in the timer's
  /// cancel handler, which runs after the last event handler.
  private struct TimerReference: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>
  }

  /// Arms a deadline `timeout` from now. With `allowPrompts`, prompts raised by calls made with this cancellable
  /// may be shown (see `ssc_cancellable_allow_prompts`); otherwise every prompt is refused at once.
  init(timeout: Duration, allowPrompts: Bool = false) {
    cancellable = g_cancellable_new()  // transfer full
    allowsPrompts = allowPrompts
    if allowPrompts { ssc_cancellable_allow_prompts(cancellable) }  // transfer none
    let nanoseconds = Self.nanoseconds(timeout)
    end = DispatchTime.now() + .nanoseconds(nanoseconds)
    timer = DispatchSource.makeTimerSource(queue: Self.queue)
    // transfer full: the timer's own reference
    let reference = TimerReference(pointer: g_object_ref(cancellable).assumingMemoryBound(to: GCancellable.self))
    timer.setEventHandler { g_cancellable_cancel(reference.pointer) }  // transfer none
    timer.setCancelHandler { g_object_unref(reference.pointer) }  // the timer's reference
    timer.schedule(deadline: end, leeway: .milliseconds(1))
    timer.activate()
  }

  deinit {
    timer.cancel()
    g_object_unref(cancellable)  // our reference
  }

  /// The time left (zero once passed).
  var remaining: Duration { .milliseconds(isExpired ? 0 : Int64(remainingMilliseconds)) }

  /// Whether the deadline passed (the cancellable was cancelled).
  var isExpired: Bool { g_cancellable_is_cancelled(cancellable) != 0 }  // transfer none

  /// The time left in milliseconds for a `g_dbus_connection_call*` timeout (at least 1).
  var remainingMilliseconds: Int32 {
    let now = DispatchTime.now().uptimeNanoseconds
    let left = end.uptimeNanoseconds > now ? end.uptimeNanoseconds - now : 0
    return Int32(clamping: Swift.max(1, (left + 999_999) / 1_000_000))
  }

  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    if seconds < 0 { return 0 }
    if seconds >= Int64(Int.max / 1_000_000_000) - 1 { return Int.max / 2 }
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }
}
