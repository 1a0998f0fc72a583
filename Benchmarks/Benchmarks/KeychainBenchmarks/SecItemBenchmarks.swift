import Benchmark

/// This package's SecItem functions at each keyring size, doing exactly what the libsecret benchmark of the same
/// operation (same name before the `|`) does, on the same items.
///
/// Writes go through this package's own items (SecItemUpdate and SecItemDelete only reach items of the
/// application's access groups, never other clients' items such as the libsecret-written fill items).
func registerSecItemBenchmarks(size: Int) {
  let probe = BenchKeyring.probe(size: size)
  let scratch = BenchKeyring.scratchService

  Benchmark(benchmarkName(size, "add", "SecItemAdd"), configuration: Budget.at(size, Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    benchmark.startMeasurement()
    try SecItem.add(service: scratch, account: account, secret: "scratch-secret-add")
    benchmark.stopMeasurement()
    try Libsecret.clear(service: scratch, account: account)
  }
  Benchmark(benchmarkName(size, "update", "SecItemUpdate"), configuration: Budget.at(size, Budget.write)) {
    benchmark throws in
    // One item, added by the first iteration, whose secret every iteration replaces (teardown deletes it).
    let account = "update-target"
    if try DBusFloor.count(service: scratch, account: account) == 0 {
      try SecItem.add(service: scratch, account: account, secret: "scratch-secret-old")
    }
    let secret = benchmark.currentIteration % 2 == 0 ? "scratch-secret-new" : "scratch-secret-old"
    benchmark.startMeasurement()
    try SecItem.update(service: scratch, account: account, secret: secret)
  }
  Benchmark(benchmarkName(size, "delete", "SecItemDelete"), configuration: Budget.at(size, Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    try SecItem.add(service: scratch, account: account, secret: "scratch-secret-delete")
    benchmark.startMeasurement()
    try SecItem.delete(service: scratch, account: account)
  }

  // The lookup of an application: its own item, by service and account, returning data.
  let own = BenchKeyring.ownProbe
  Benchmark(benchmarkName(size, "read data", "SecItemCopyMatching"), configuration: Budget.at(size, Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations {
      try expect(try SecItem.copyMatching(service: own.service, account: own.account, returning: .data), 1)
    }
  }
  // Another client's item (a fill item, written by libsecret).
  let reads: [(String, SecItem.Returning)] = [
    ("read data of another client", .data), ("read attributes", .attributes),
    ("read attributes+data", .attributesAndData),
  ]
  for (operation, returning) in reads {
    Benchmark(
      benchmarkName(size, operation, "SecItemCopyMatching"), configuration: Budget.at(size, Budget.read)
    ) { benchmark throws in
      for _ in benchmark.scaledIterations {
        try expect(try SecItem.copyMatching(service: probe.service, account: probe.account, returning: returning), 1)
      }
    }
  }
  Benchmark(
    benchmarkName(size, "read limit one of \(min(size, BenchKeyring.listSize))", "SecItemCopyMatching"),
    configuration: Budget.at(size, Budget.read)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      try expect(try SecItem.copyMatching(service: BenchKeyring.listService, returning: .attributesAndData), 1)
    }
  }
  Benchmark(benchmarkName(size, "read no match", "SecItemCopyMatching"), configuration: Budget.at(size, Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations { try SecItem.copyMatchingNothing() }
  }

  if let listed = listingSize(atKeyringSize: size) {
    Benchmark(
      benchmarkName(size, "list \(listed) attributes+data", "SecItemCopyMatching kSecMatchLimitAll"),
      configuration: Budget.at(size, Budget.listing)
    ) { benchmark throws in
      for _ in benchmark.scaledIterations {
        let service = listed == size ? nil : BenchKeyring.listService
        try expect(try SecItem.copyMatching(service: service, returning: .attributesAndData, all: true), listed)
      }
    }
  }
}
