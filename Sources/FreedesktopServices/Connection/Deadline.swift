internal import CLibSecret
internal import CLibSecretShims
import Dispatch

/// The deadline of one operation, and the GCancellable that its calls without a timeout of their own take.
///
/// Calls sent through `DBusBatch` carry `remainingMilliseconds` as their own timeout and need nothing else. Blocking
/// calls that have no timeout (libsecret opening the session, opening the bus connection, a prompt) take
/// `cancellable`, which a timer cancels when the deadline passes. The GCancellable and its timer (a
/// `DispatchSourceTimer` on one shared queue, a few microseconds to arm and disarm) are made on first use, so an
/// operation made only of D-Bus calls costs neither.
final class Deadline {
  private let end: DispatchTime
  /// Whether the operation's caller allows prompts (`init(timeout:allowPrompts:)`).
  let allowsPrompts: Bool
  /// The GCancellable (one reference owned here) and the timer that cancels it, once `cancellable` was asked for.
  private(set) var armed: (cancellable: UnsafeMutablePointer<GCancellable>, timer: DispatchSourceTimer)?

  private static let queue = DispatchQueue(label: "FreedesktopServices.Deadline", qos: .userInitiated)

  /// A GCancellable pointer the timer may use from its queue; it holds its own reference, released in the timer's
  /// cancel handler, which runs after the last event handler.
  private struct TimerReference: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>
  }

  /// A deadline `timeout` from now. With `allowPrompts`, prompts raised by calls made with its cancellable may be
  /// shown (see `ssc_cancellable_allow_prompts`); otherwise every prompt is refused at once.
  init(timeout: Duration, allowPrompts: Bool = false) {
    end = DispatchTime.now() + .nanoseconds(Self.nanoseconds(timeout))
    allowsPrompts = allowPrompts
  }

  deinit {
    if let armed {
      armed.timer.cancel()
      g_object_unref(armed.cancellable)  // our reference
    }
  }

  /// The operation's GCancellable, cancelled when the deadline passes (at once when it has passed already).
  var cancellable: UnsafeMutablePointer<GCancellable> {
    if let armed { return armed.cancellable }
    let cancellable = g_cancellable_new()!  // transfer full
    if allowsPrompts { ssc_cancellable_allow_prompts(cancellable) }  // transfer none
    let timer = DispatchSource.makeTimerSource(queue: Self.queue)
    // transfer full: the timer's own reference
    let reference = TimerReference(pointer: g_object_ref(cancellable).assumingMemoryBound(to: GCancellable.self))
    timer.setEventHandler { g_cancellable_cancel(reference.pointer) }  // transfer none
    timer.setCancelHandler { g_object_unref(reference.pointer) }  // the timer's reference
    timer.schedule(deadline: end, leeway: .milliseconds(1))
    timer.activate()
    armed = (cancellable, timer)
    return cancellable
  }

  /// Whether the deadline passed.
  var isExpired: Bool { DispatchTime.now() >= end }

  /// The time left (zero once passed).
  var remaining: Duration { .milliseconds(isExpired ? 0 : Int64(remainingMilliseconds)) }

  /// The time left in milliseconds for a `g_dbus_connection_call*` timeout (at least 1).
  var remainingMilliseconds: Int32 {
    let now = DispatchTime.now().uptimeNanoseconds
    let left = end.uptimeNanoseconds > now ? end.uptimeNanoseconds - now : 0
    return Int32(clamping: Swift.max(1, (left + 999_999) / 1_000_000))
  }

  /// `duration` in nanoseconds for a `DispatchTime`: 0 when negative, about `Int.max / 2` when too long to count.
  static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    if seconds < 0 { return 0 }
    if seconds >= Int64(Int.max / 1_000_000_000) - 1 { return Int.max / 2 }
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }
}
