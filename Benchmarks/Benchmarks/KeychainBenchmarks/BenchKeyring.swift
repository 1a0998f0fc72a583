import Foundation

/// The keyring the benchmarks run against: the default collection of the private gnome-keyring of
/// `dbus/with-keyring`, holding `size` generic passwords written by libsecret ("fill items").
///
/// Fill item `i` has `service` = ``listService`` for the first ``listSize`` items (the 300-item listing) and
/// ``fillService`` for the rest, `account` = `fill-NNNN`, a 36-byte text secret. One more item, ``ownProbe``, is this
/// package's own, written by SecItemAdd (the item a lookup of an application finds; the fill items are another
/// client's). Items that benchmarks create themselves use ``scratchService`` and are deleted again, so that every
/// benchmark of a size sees the same keyring.
///
/// The benchmarks of one size share the keyring: each runs in its own process (package-benchmark), in the order of
/// their names, and names start with the zero-padded size, so the keyring only grows during a run (10, 500, 2,000).
/// gnome-keyring rewrites its whole file on every write, so filling 2,000 items takes minutes.
enum BenchKeyring {
  static let listService = "bench.list300"
  static let fillService = "bench.fill"
  static let scratchService = "bench.scratch"
  /// How many fill items carry ``listService``.
  static let listSize = 300

  static func service(ofFillItem index: Int) -> String { index < listSize ? listService : fillService }
  static func account(ofFillItem index: Int) -> String { "fill-" + String(format: "%04d", index) }
  static func secret(ofFillItem index: Int) -> String {
    "fill-secret-" + String(format: "%04d", index) + "-abcdefghijklmnopqrst"
  }

  /// A fill item that exists in a keyring of `size` items (the last one written): another client's item.
  static func probe(size: Int) -> (service: String, account: String) {
    (service(ofFillItem: size - 1), account(ofFillItem: size - 1))
  }

  /// This package's own item, written by SecItemAdd (by the first setup; it stays), with a 36-byte text secret as
  /// the fill items have.
  static let ownProbe = (service: "bench.own", account: "own-probe", secret: "own-secret-0000-abcdefghijklmnopqrstu")

  /// A fresh account name for a scratch item.
  static func scratchAccount() -> String { "scratch-" + UUID().uuidString }

  /// The number of fill items in the keyring (two bare SearchItems).
  static func fillCount() throws(BaselineError) -> Int {
    try DBusFloor.count(service: listService) + DBusFloor.count(service: fillService)
  }

  /// Connects, deletes leftover scratch items, and grows (or shrinks) the fill items to exactly `size`, printing the
  /// time per add of the items it writes (the insert curve) to standard error.
  static func prepare(size: Int) throws(BaselineError) {
    try Libsecret.connect()
    try Libsecret.clear(service: scratchService, account: nil)
    try addOwnProbe()
    var count = try fillCount()
    if count > size {
      log("keyring holds \(count) fill items, deleting down to \(size) (run sizes in ascending order to avoid this)")
      while count > size {
        count -= 1
        try Libsecret.clear(service: service(ofFillItem: count), account: account(ofFillItem: count))
      }
    }
    guard count < size else { return try verify(size: size) }
    log("filling the keyring from \(count) to \(size) items with secret_password_storev_sync")
    let clock = ContinuousClock()
    let started = clock.now
    var bucket: [Duration] = []
    for index in count..<size {
      let before = clock.now
      try Libsecret.store(
        service: service(ofFillItem: index), account: account(ofFillItem: index), label: "bench fill \(index)",
        secret: secret(ofFillItem: index))
      bucket.append(before.duration(to: clock.now))
      if (index + 1) % 100 == 0 || index + 1 == size {
        report(bucket, upTo: index + 1)
        bucket.removeAll(keepingCapacity: true)
      }
    }
    log("filled \(size - count) items in \(format(started.duration(to: clock.now)))")
    try verify(size: size)
  }

  /// Adds ``ownProbe`` with SecItemAdd unless it is there.
  private static func addOwnProbe() throws(BaselineError) {
    guard try DBusFloor.count(service: ownProbe.service, account: ownProbe.account) == 0 else { return }
    do {
      try SecItem.add(service: ownProbe.service, account: ownProbe.account, secret: ownProbe.secret)
    } catch {
      throw BaselineError(description: "adding the own probe: \(error)")
    }
  }

  private static func verify(size: Int) throws(BaselineError) {
    let count = try fillCount()
    guard count == size else {
      throw BaselineError(description: "keyring holds \(count) fill items, expected \(size)")
    }
  }

  /// One line of the insert curve: the adds that brought the keyring to `total` items.
  private static func report(_ durations: [Duration], upTo total: Int) {
    let sorted = durations.sorted()
    guard let first = sorted.first, let last = sorted.last else { return }
    log(
      "insert curve: items \(total - durations.count)..<\(total): median \(format(sorted[sorted.count / 2])), "
        + "min \(format(first)), max \(format(last)) per storev")
  }

  static func format(_ duration: Duration) -> String {
    let milliseconds = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
    return milliseconds >= 1000 ? String(format: "%.1f s", milliseconds / 1e3) : String(format: "%.2f ms", milliseconds)
  }

  static func log(_ message: String) {
    FileHandle.standardError.write(Data(("bench: " + message + "\n").utf8))
  }
}
