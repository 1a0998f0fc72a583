import LinuxSystem
import SecurityStatus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file written whole before it takes its name: a new file beside its destination (`mkstemp`, mode 0600,
/// close-on-exec), written and flushed, then renamed over the destination, exchanged with it, or linked to it. Readers see the old file or
/// the new one, never a part of it; a failure leaves the destination as it was. The new file is removed when the value
/// ends unless a rename gave it the destination's name.
///
/// The keyring files' writes (`KeyringFile`) and the keychain layer's own files (`PrivateDirectory`) are made this way.
struct StagedFile: ~Copyable {
  private let descriptor: Int32
  private let temporary: String
  private var renamed = false
  private let failure: (_ call: String, _ code: Int32) -> SecItemError

  /// Makes the new file as `prefix` followed by six random characters, writes `bytes` and flushes them. `failure`
  /// gives the status of a failed system call from its name and `errno`.
  init(
    _ bytes: [UInt8], prefix: String, failure: @escaping (_ call: String, _ code: Int32) -> SecItemError
  ) throws(SecItemError) {
    var template = Array((prefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
    guard descriptor >= 0 else { throw failure("mkstemp", errno) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do throws(SecItemError) {
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw failure("write", count < 0 ? errno : EIO) }
        written += count
      }
      guard fsync(descriptor) == 0 else { throw failure("fsync", errno) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    self.descriptor = descriptor
    self.temporary = temporary
    self.failure = failure
  }

  /// Sets the new file's modification time to at least one microsecond after `time` when it is not already later
  /// in microseconds: writers that take no lock compare modification times to tell a version of the destination from
  /// the next (oo7 to the nanosecond, libsecret's etag to the microsecond), and file systems stamp files in coarse
  /// ticks (milliseconds), so a file written in the tick of the one it replaces would look unchanged to them.
  func makeNewer(than time: timespec) throws(SecItemError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure("fstat", errno) }
    let microseconds = { (time: timespec) in Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000 }
    guard microseconds(info.st_mtim) <= microseconds(time) else { return }
    let later = microseconds(time) + 1
    let times = [
      timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2),  // UTIME_OMIT (a macro Swift does not import): atime unchanged
      timespec(tv_sec: Int(later / 1_000_000), tv_nsec: Int(later % 1_000_000) * 1_000),
    ]
    guard futimens(descriptor, times) == 0 else { throw failure("futimens", errno) }
  }

  /// Renames the new file over `destination` (whatever was there is replaced at once) and gives its `stat`.
  mutating func replace(_ destination: String) throws(SecItemError) -> stat {
    guard rename(temporary, destination) == 0 else { throw failure("rename", errno) }
    renamed = true
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure("fstat", errno) }
    return info
  }

  /// Swaps the new file with `destination` (`RenameExchange`): the new file takes the name at once, and what was
  /// there takes the new file's temporary name (`temporaryPath`), until the value ends and removes it. Gives the new
  /// file's `stat` and the displaced one's. Nil when the file system cannot exchange (nothing changed); a missing
  /// destination is `errSecIO` (ENOENT).
  mutating func exchange(_ destination: String) throws(SecItemError) -> (new: stat, displaced: stat)? {
    switch RenameExchange.exchange(temporary, destination) {
    case .unsupported: return nil
    case .failed(let code): throw failure("renameat2", code)
    case .exchanged: break
    }
    var new = stat()
    guard fstat(descriptor, &new) == 0 else { throw failure("fstat", errno) }
    var displaced = stat()
    guard lstat(temporary, &displaced) == 0 else { throw failure("lstat", errno) }
    return (new, displaced)
  }

  /// The new file's temporary name: after `exchange`, the displaced file's.
  var temporaryPath: String { temporary }

  /// Links the new file to `destination`, which must not exist: `false` when something is there already.
  func create(_ destination: String) throws(SecItemError) -> Bool {
    if link(temporary, destination) == 0 { return true }
    if errno == EEXIST { return false }
    throw failure("link", errno)
  }

  deinit {
    close(descriptor)
    if !renamed { unlink(temporary) }
  }
}
