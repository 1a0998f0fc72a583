import Benchmark
import LibsecretBaseline

/// The D-Bus floor at each size: the cheapest round trips to the keyring daemon. A keychain call cannot cost less
/// than the round trips it needs; `SearchItems` also shows the daemon's scan of every item (it has no index).
func registerFloorBenchmarks(size: Int) {
  Benchmark(benchmarkName(size, "floor", "D-Bus Peer.Ping"), configuration: Budget.at(size, Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations { try DBusFloor.ping() }
  }
  Benchmark(benchmarkName(size, "floor", "D-Bus SearchItems (no match)"), configuration: Budget.at(size, Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations { blackHole(try DBusFloor.searchItemsNoMatch()) }
  }
  // What SecItemCopyMatching's reader lock costs by itself (the same system calls, on files of its own).
  if size == keyringSizes[0] {
    Benchmark(
      benchmarkName(size, "reader lock", "open + flock SH gate and lock + unlock + close"),
      configuration: Budget.at(size, Budget.read)
    ) { benchmark throws in
      for _ in benchmark.scaledIterations {
        guard lsb_reader_lock_round() == 0 else { throw BaselineError(description: "reader lock failed") }
      }
    }
  }
  // The listing floor: the protocol's minimum for every item's attributes and data.
  if let listed = listingSize(atKeyringSize: size) {
    Benchmark(
      benchmarkName(size, "list \(listed) attributes+data", "D-Bus SearchItems + pipelined GetAll + GetSecrets"),
      configuration: Budget.at(size, Budget.listing)
    ) { benchmark throws in
      for _ in benchmark.scaledIterations {
        try expect(try DBusFloor.list(service: listed == size ? nil : BenchKeyring.listService), listed)
      }
    }
  }
}
