internal import CLinuxSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Two names of one directory swapped at once (`renameat2` with `RENAME_EXCHANGE`, Linux 3.15): what was at `to` is
/// at `from` afterwards and the other way round, so the caller learns exactly which file it replaced.
package enum RenameExchange {
  /// The outcome of one exchange.
  package enum Outcome: Sendable, Equatable {
    case exchanged
    /// The file system or the kernel cannot exchange (`EINVAL`, `ENOSYS`, `EOPNOTSUPP`): rename instead.
    case unsupported
    /// Another failure, with its `errno` (`ENOENT`: one of the names does not exist).
    case failed(Int32)
  }

  /// Swaps `from` and `to`.
  package static func exchange(_ from: String, _ to: String) -> Outcome {
    if lsys_rename_exchange(from, to) == 0 { return .exchanged }  // transfer none: both paths are borrowed
    let code = errno
    if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return .unsupported }
    return .failed(code)
  }
}
