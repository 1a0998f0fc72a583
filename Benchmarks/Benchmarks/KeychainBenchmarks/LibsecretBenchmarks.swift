import Benchmark
import LibsecretBaseline

/// libsecret's own C API doing the work of each SecItem call, at each keyring size.
func registerLibsecretBenchmarks(size: Int) {
  let probe = BenchKeyring.probe(size: size)
  let scratch = BenchKeyring.scratchService

  // Writes: each iteration measures one call and undoes it outside the measurement, so the keyring stays at `size`.
  Benchmark(benchmarkName(size, "add", "libsecret storev"), configuration: Budget.at(size, Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    benchmark.startMeasurement()
    try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: "scratch-secret-add")
    benchmark.stopMeasurement()
    try Libsecret.clear(service: scratch, account: account)
  }
  Benchmark(benchmarkName(size, "update", "libsecret storev (replace)"), configuration: Budget.at(size, Budget.write)) {
    benchmark throws in
    // One item, created by the first iteration, whose secret every iteration replaces (teardown deletes it).
    let account = "update-target"
    if try DBusFloor.count(service: scratch, account: account) == 0 {
      try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: "scratch-secret-old")
    }
    let secret = benchmark.currentIteration % 2 == 0 ? "scratch-secret-new" : "scratch-secret-old"
    benchmark.startMeasurement()
    try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: secret)
  }
  Benchmark(benchmarkName(size, "delete", "libsecret clearv"), configuration: Budget.at(size, Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: "scratch-secret-delete")
    benchmark.startMeasurement()
    guard try Libsecret.clear(service: scratch, account: account) else {
      throw BaselineError(description: "clearv deleted nothing")
    }
  }

  // Reads of one item, found by {service, account}: the item SecItemAdd wrote (what SecItem's "read data" reads),
  // and a fill item (another client's).
  let own = BenchKeyring.ownProbe
  Benchmark(benchmarkName(size, "read data", "libsecret lookupv"), configuration: Budget.at(size, Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations {
      blackHole(try Libsecret.lookup(service: own.service, account: own.account))
    }
  }
  Benchmark(
    benchmarkName(size, "read data of another client", "libsecret lookupv"), configuration: Budget.at(size, Budget.read)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      blackHole(try Libsecret.lookup(service: probe.service, account: probe.account))
    }
  }
  for (getSecrets, implementation) in [
    (Libsecret.GetSecrets.libsecret, "libsecret dbus-path API (SearchItems + get_secrets_for_dbus_paths)"),
    (Libsecret.GetSecrets.decodeEach, "libsecret dbus-path API (SearchItems + GetSecrets + decode_dbus_secret)"),
  ] {
    Benchmark(benchmarkName(size, "read data", implementation), configuration: Budget.at(size, Budget.read)) {
      benchmark throws in
      for _ in benchmark.scaledIterations {
        blackHole(try Libsecret.lookupPaths(service: own.service, account: own.account, getSecrets: getSecrets))
      }
    }
  }
  Benchmark(benchmarkName(size, "read no match", "libsecret lookupv"), configuration: Budget.at(size, Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations {
      guard lsb_lookup("bench.no-such-service", "nobody") == -1 else { throw BaselineError.last("lookup") }
    }
  }
  Benchmark(
    benchmarkName(size, "read attributes", "libsecret search_sync"), configuration: Budget.at(size, Budget.read)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      let found = try Libsecret.search(service: probe.service, account: probe.account, all: false, loadSecrets: false)
      try expect(found.count, 1)
    }
  }
  Benchmark(
    benchmarkName(size, "read attributes+data", "libsecret search_sync LOAD_SECRETS"),
    configuration: Budget.at(size, Budget.read)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      let found = try Libsecret.search(service: probe.service, account: probe.account, all: false, loadSecrets: true)
      try expect(found.count, 1)
    }
  }
  // One item (attributes + data) of a query that matches up to 300: nothing may be fetched for the others.
  Benchmark(
    benchmarkName(size, "read limit one of \(min(size, BenchKeyring.listSize))", "libsecret search_sync LOAD_SECRETS"),
    configuration: Budget.at(size, Budget.read)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      let found = try Libsecret.search(service: BenchKeyring.listService, all: false, loadSecrets: true)
      try expect(found.count, 1)
    }
  }

  // Listings with attributes and data: 300 items (of 500) and all 2,000.
  if let listed = listingSize(atKeyringSize: size) {
    Benchmark(
      benchmarkName(size, "list \(listed) attributes+data", "libsecret search_sync ALL|LOAD_SECRETS|UNLOCK"),
      configuration: Budget.at(size, Budget.listing)
    ) { benchmark throws in
      for _ in benchmark.scaledIterations {
        let service = listed == size ? nil : BenchKeyring.listService
        let found = try Libsecret.search(service: service, all: true, loadSecrets: true)
        try expect(found.count, listed)
      }
    }
  }
}

/// The listing measured at a keyring size: 300 (of the fill items carrying `bench.list300`) at 500, every item at
/// 2,000, none otherwise.
func listingSize(atKeyringSize size: Int) -> Int? {
  switch size {
  case 500: BenchKeyring.listSize
  case 2000: 2000
  default: nil
  }
}

/// Fails the iteration when a call returned another number of items than the benchmark is about.
func expect(_ count: Int, _ expected: Int) throws(BaselineError) {
  guard count == expected else { throw BaselineError(description: "found \(count) items, expected \(expected)") }
}
