import Benchmark

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
