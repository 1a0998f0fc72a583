import Foundation

/// Threads of our own for the blocking SecItem calls of the `async` API, so that they never occupy a thread of
/// Swift's cooperative pool (which has only as many threads as the machine has cores).
///
/// Jobs run in submission order on up to `maximumThreads` threads. A thread is started when a job arrives and no
/// thread is idle; a thread idle for `idleTimeout` ends. Jobs beyond `maximumThreads` wait in the queue (the
/// `async` callers stay suspended and can be cancelled meanwhile). Why not Dispatch: on Linux the global concurrent
/// queues run at most as many blocking jobs at once as there are cores.
final class BlockingCallPool: @unchecked Sendable {
  /// The pool of the `async` API.
  static let shared = BlockingCallPool(maximumThreads: 64, idleTimeout: 10)

  /// The most threads running at once.
  let maximumThreads: Int
  /// How long (seconds) an idle thread waits for a job before it ends.
  let idleTimeout: TimeInterval

  // All below under `condition`'s lock.
  let condition = NSCondition()
  private(set) var queue: [(@Sendable () -> Void)?] = []  // taken jobs are set to nil, so they are released at once
  private(set) var queueStart = 0
  private(set) var threads = 0
  private var idleThreads = 0
  private(set) var runningJobs = 0

  init(maximumThreads: Int, idleTimeout: TimeInterval) {
    self.maximumThreads = max(1, maximumThreads)
    self.idleTimeout = idleTimeout
  }

  /// Queues `job`; it runs on one of the pool's threads.
  func submit(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(job)
    let waiting = queue.count - queueStart
    let startThread = waiting > idleThreads && threads < maximumThreads
    if startThread { threads += 1 }
    condition.signal()
    condition.unlock()
    if startThread {
      let thread = Thread { [self] in work() }
      thread.name = "KeychainServices.BlockingCallPool"
      thread.start()
    }
  }

  /// A thread's loop: take jobs until none arrives for `idleTimeout`.
  private func work() {
    condition.lock()
    while true {
      if let job = nextJob() {
        runningJobs += 1
        condition.unlock()
        job()
        condition.lock()
        runningJobs -= 1
        continue
      }
      idleThreads += 1
      let signalled = condition.wait(until: Date(timeIntervalSinceNow: idleTimeout))
      idleThreads -= 1
      if !signalled && queue.count == queueStart {
        threads -= 1
        condition.unlock()
        return
      }
    }
  }

  /// The oldest queued job, removed from the queue (call with the lock held).
  private func nextJob() -> (@Sendable () -> Void)? {
    guard queueStart < queue.count else { return nil }
    let job = queue[queueStart]
    queue[queueStart] = nil
    queueStart += 1
    if queueStart == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueStart = 0
    } else if queueStart > 64 && queueStart * 2 > queue.count {
      queue.removeFirst(queueStart)
      queueStart = 0
    }
    return job
  }
}
