import Foundation

extension Process {
  /// `run()` with no signal blocked in the child.
  ///
  /// A child inherits the signal mask of the thread that spawns it, and the threads tests run on
  /// (libdispatch's workers, Swift concurrency's pool) block nearly every signal. A process started
  /// from a test with plain `run()` therefore ignores `terminate()` (SIGTERM) and `interrupt()`
  /// (SIGINT) forever — `waitUntilExit()` after them hangs, and with it a cooperative thread.
  /// This unblocks every signal on the calling thread just around the spawn, then restores the mask.
  public func runWithSignalsUnblocked() throws {
    var none = sigset_t()
    var saved = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try run()
  }
}
