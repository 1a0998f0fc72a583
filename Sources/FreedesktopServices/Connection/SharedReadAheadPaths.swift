import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What this user's processes' read-ahead searches found (`ReadAheadPaths`), shared among them through one small
/// file, so that a process's first lookup of an item another process looked up before also costs one round trip
/// (`SecretServiceConnection.searchItemsReadingAhead`): an application started again, or each run of the `security`
/// command.
///
/// The file is `read-ahead-paths` in a directory the caller has checked to be the user's own with no access for
/// anyone else (`ConnectionOptions.readAheadDirectory`: the keychain lock directory, in `$XDG_RUNTIME_DIR` when set).
/// It holds `bucketCount` buckets of `ways` slots of `slotSize` bytes; a bucket is read whole with `pread` and a slot
/// written whole with `pwrite` (no mapping, so that a file truncated by someone else fails a read instead of
/// faulting). A slot holds:
///
/// - the attribute set's hash (`AttributeSetHash`) combined with the bus's (its GUID) and the daemon's (its unique name
///   on that bus): two 64-bit hashes;
/// - the length and bytes of one object path (at most `slotSize - 18` bytes);
/// - a check byte over both.
///
/// The bucket is chosen by the first hash. A set is written over its own slot, else an empty one, else the one its
/// second hash chooses (so that two sets the processes look up in turns rarely keep replacing each other). Nothing in
/// it is a secret or an attribute value: the hashes are not reversible but by guessing the attributes, which this user
/// can read from the keyring anyway, and an object path names an item without revealing anything of it. What is read
/// from it is a hint only, exactly as the process's own table: the search that goes out with it decides what is
/// found, and a path read from a torn, stale or forged slot costs at most a `GetSecrets` whose answer is released
/// undecoded. A slot whose hashes or check byte do not match is a miss. Any failure to open, read or write the file
/// (missing directory, a file not the user's, a full disk) leaves the process with its own table only.
final class SharedReadAheadPaths: Sendable {
  static let fileName = "read-ahead-paths"
  static let bucketCount = 256
  static let ways = 4
  static let slotSize = 128
  private static let bucketSize = ways * slotSize
  /// The longest object path a slot holds: after the two hashes and the length, before the check byte.
  private static let longestPath = slotSize - 18

  /// The open file (`O_RDWR`, the process's for its life: one descriptor per directory).
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The files this process opened, by directory.
  private static let opened = Mutex<[String: SharedReadAheadPaths]>([:])

  /// The table in `directory`, opened (and made, mode 0600) on first use; nil when it cannot be, or when what is
  /// there is not a regular file of this user's that nobody else may read or write.
  static func table(in directory: String) -> SharedReadAheadPaths? {
    opened.withLock { opened in
      if let table = opened[directory] { return table }
      let path = directory + "/" + fileName
      let descriptor = openFile(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      guard descriptor >= 0 else { return nil }
      var info = stat()
      guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(),
        (info.st_mode & 0o077) == 0
      else {
        close(descriptor)
        return nil
      }
      let table = SharedReadAheadPaths(descriptor: descriptor)
      opened[directory] = table
      return table
    }
  }

  /// The table's slots for the searches of one daemon on one bus.
  func scope(bus: String, daemon: String) -> Scope {
    Scope(table: self, hashes: AttributeSetHash(of: [bus, daemon]))
  }

  /// The slots of one daemon on one bus.
  struct Scope: Sendable {
    let table: SharedReadAheadPaths
    let hashes: AttributeSetHash

    /// The path kept for the attribute set `set`, nil when none is (or its slot is damaged).
    func path(for set: AttributeSetHash) -> ObjectPath? {
      let key = hashes.combined(with: set)
      let bucket = table.readBucket(key.bucket)
      guard let way = Slot.way(holding: key, in: bucket) else { return nil }
      return Slot.path(in: bucket, way: way, key: key)
    }

    /// Keeps `path` for the attribute set `set`, or forgets the set when `path` is nil (where a slot holds it).
    func remember(_ path: ObjectPath?, for set: AttributeSetHash) {
      let key = hashes.combined(with: set)
      let bucket = table.readBucket(key.bucket)
      let held = Slot.way(holding: key, in: bucket)
      guard let path else {
        if let held { table.write(Slot.empty, bucket: key.bucket, way: held) }
        return
      }
      guard let slot = Slot.make(path, key: key) else { return }
      let way = held ?? Slot.emptyWay(in: bucket) ?? Int(key.second % UInt64(SharedReadAheadPaths.ways))
      table.write(slot, bucket: key.bucket, way: way)
    }
  }

  /// Bucket `index` whole: zeros (empty slots) past the end of the file (where nothing was written yet), and all
  /// zeros when it cannot be read.
  private func readBucket(_ index: Int) -> [UInt8] {
    var bucket = [UInt8](repeating: 0, count: Self.bucketSize)
    let count = bucket.withUnsafeMutableBytes { buffer in
      pread(descriptor, buffer.baseAddress, buffer.count, off_t(index * Self.bucketSize))
    }
    if count < 0 { return [UInt8](repeating: 0, count: Self.bucketSize) }
    return bucket  // a short read left the rest zero
  }

  /// Writes one slot whole; a failure is ignored (the hint is lost, nothing else).
  private func write(_ slot: [UInt8], bucket: Int, way: Int) {
    _ = slot.withUnsafeBytes { buffer in
      pwrite(descriptor, buffer.baseAddress, buffer.count, off_t(bucket * Self.bucketSize + way * Self.slotSize))
    }
  }

  /// The layout of one slot: the two hashes (little-endian), the path's length, its bytes, zeros, the check byte. An
  /// empty slot is all zeros (no set's first hash is zero).
  private enum Slot {
    static let empty = [UInt8](repeating: 0, count: SharedReadAheadPaths.slotSize)

    /// The way of `bucket` whose slot holds `key`'s hashes.
    static func way(holding key: AttributeSetHash, in bucket: [UInt8]) -> Int? {
      (0..<SharedReadAheadPaths.ways).first { way in
        let offset = way * SharedReadAheadPaths.slotSize
        return load(bucket, at: offset) == key.first && load(bucket, at: offset + 8) == key.second
      }
    }

    /// The first way of `bucket` whose slot is empty.
    static func emptyWay(in bucket: [UInt8]) -> Int? {
      (0..<SharedReadAheadPaths.ways).first { load(bucket, at: $0 * SharedReadAheadPaths.slotSize) == 0 }
    }

    static func make(_ path: ObjectPath, key: AttributeSetHash) -> [UInt8]? {
      let bytes = Array(path.rawValue.utf8)
      guard !bytes.isEmpty, bytes.count <= SharedReadAheadPaths.longestPath else { return nil }
      var slot = [UInt8](repeating: 0, count: SharedReadAheadPaths.slotSize)
      store(key.first, in: &slot, at: 0)
      store(key.second, in: &slot, at: 8)
      slot[16] = UInt8(bytes.count)
      slot.replaceSubrange(17..<(17 + bytes.count), with: bytes)
      slot[SharedReadAheadPaths.slotSize - 1] = check(key, bytes[...])
      return slot
    }

    /// The path the slot at `way` of `bucket`, which holds `key`'s hashes, keeps: nil unless the length fits, the
    /// check byte agrees and the bytes are an object path.
    static func path(in bucket: [UInt8], way: Int, key: AttributeSetHash) -> ObjectPath? {
      let offset = way * SharedReadAheadPaths.slotSize
      let length = Int(bucket[offset + 16])
      guard length > 0, length <= SharedReadAheadPaths.longestPath else { return nil }
      let bytes = bucket[(offset + 17)..<(offset + 17 + length)]
      guard bucket[offset + SharedReadAheadPaths.slotSize - 1] == check(key, bytes) else { return nil }
      let path = ObjectPath(String(decoding: bytes, as: UTF8.self))
      return path.isValid ? path : nil
    }

    private static func check(_ key: AttributeSetHash, _ bytes: ArraySlice<UInt8>) -> UInt8 {
      var hash = key.first ^ key.second.rotateLeft(by: 17)
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return UInt8(truncatingIfNeeded: AttributeSetHash.mix(hash))
    }

    private static func store(_ value: UInt64, in slot: inout [UInt8], at offset: Int) {
      for index in 0..<8 { slot[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    private static func load(_ slot: [UInt8], at offset: Int) -> UInt64 {
      (0..<8).reduce(0) { $0 | UInt64(slot[offset + $1]) << (8 * $1) }
    }
  }
}

extension AttributeSetHash {
  /// The bucket of `SharedReadAheadPaths` a set goes to.
  var bucket: Int { Int(first % UInt64(SharedReadAheadPaths.bucketCount)) }
}

/// `open(2)` (the name is taken inside the type).
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }

extension UInt64 {
  fileprivate func rotateLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
