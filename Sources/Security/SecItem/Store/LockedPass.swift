import Foundation
import KeychainFiles

/// One pass of a SecItem operation under the cross-process lock (`CrossProcessLock`), and the loop that runs passes
/// until one completes: the one place where locked items are unlocked.
///
/// Readers hold the lock shared for their whole pass (searches, property and secret reads), writers exclusively
/// (duplicate checks and writes), so that no write made through this package lands in the middle of another's
/// pass; SecItemDelete runs its pass without the lock (`mode` nil: a delete racing another call is as if it came
/// before or after it). Prompts never run under the lock: a pass that meets locked items the authentication-UI
/// policy allows to unlock stops with `.needsUnlock`; the lock is released, the items are unlocked through the
/// store's prompt (`ItemStore.unlock`, one prompt at a time across processes), and the pass runs again from the
/// start with the policy `.fail` (items still locked then are `errSecInteractionNotAllowed`).
enum LockedPass {
  /// What a pass, or a search within it, gives.
  enum Step<Value> {
    case done(Value)
    /// Locked items to unlock (without the lock) before the pass runs again.
    case needsUnlock([Lockable])

    /// The step with its value transformed.
    func map<Other>(_ transform: (Value) -> Other) -> Step<Other> {
      switch self {
      case .done(let value): .done(transform(value))
      case .needsUnlock(let locked): .needsUnlock(locked)
      }
    }
  }

  /// The state a pass runs with.
  struct Context {
    let finder: ItemFinder
    /// `.fail` after an unlock; the caller's policy before.
    let policy: AuthenticationUI
    /// Whether the pass follows an unlock (locked candidates are then an error, not a reason to unlock again).
    let afterUnlock: Bool

    var store: any ItemStore { finder.store }

    /// One search of the pass, without prompting.
    func attempt(_ request: ItemFinder.Request) throws(SecItemError) -> Step<ItemFinder.Found> {
      try finder.attempt(request, policy: policy, afterUnlock: afterUnlock)
    }
  }

  /// Runs `pass` under the lock held in `mode` (nil: without the lock) until it completes, unlocking between
  /// passes.
  static func run<Value>(
    store: any ItemStore, policy: AuthenticationUI, mode: CrossProcessLock.Mode?,
    _ pass: (Context) throws(SecItemError) -> Step<Value>
  ) throws(SecItemError) -> Value {
    var context = Context(finder: ItemFinder(store: store), policy: policy, afterUnlock: false)
    while true {
      let step: Step<Value>
      if let mode {
        step = try CrossProcessLock.withLock(scope: store.lockScope, timeout: store.timeout, mode: mode) {
          () throws(SecItemError) -> Step<Value> in try pass(context)
        }
      } else {
        step = try pass(context)
      }
      switch step {
      case .done(let value):
        return value
      case .needsUnlock(let locked):
        try store.unlock(locked, policy: context.policy)
        context = Context(finder: context.finder, policy: .fail, afterUnlock: true)
      }
    }
  }
}
