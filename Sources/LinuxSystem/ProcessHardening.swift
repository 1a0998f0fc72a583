internal import CLinuxSystemShims

/// What a process that holds keys does to itself.
package enum ProcessHardening {
  /// Makes the process undumpable (`prctl(PR_SET_DUMPABLE, 0)`): no core dump, and no other process of the user
  /// can attach to it or read its memory. False when the kernel refused.
  @discardableResult
  package static func makeUndumpable() -> Bool {
    lsys_process_make_undumpable() == 0
  }
}
