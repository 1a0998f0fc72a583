import Benchmark
import LibsecretBaseline

/// The D-Bus method calls each operation makes, counted by a bus monitor: to the keyring daemon, and to the bus
/// itself (AddMatch/RemoveMatch for proxies, GetNameOwner...). Counted once per operation after a warm-up call;
/// pipelined calls count one each. Single-item operations at the smallest keyring, listings at their sizes.
/// `BENCH_CALLS_LOG=<file>` lists every counted call (interface, member, object path) in that file.
func registerCallCountBenchmarks(size: Int) {
  let operations = countedOperations(size: size)
  guard !operations.isEmpty else { return }
  var metrics: [BenchmarkMetric] = []
  for operation in operations {
    metrics.append(.custom(operation.name + ": daemon calls", useScalingFactor: false))
    metrics.append(.custom(operation.name + ": bus calls", useScalingFactor: false))
  }
  var configuration = Budget.at(size, Budget.listing)
  configuration.metrics = metrics
  configuration.units = Dictionary(uniqueKeysWithValues: metrics.map { ($0, .count) })
  configuration.warmupIterations = 0
  configuration.maxIterations = 1
  Benchmark(benchmarkName(size, "D-Bus calls per operation", "monitor"), configuration: configuration) {
    benchmark throws in
    for (index, operation) in operations.enumerated() {
      try operation.prepare()
      try operation.run()  // warm-up: connections and sessions are opened outside the count
      try operation.undo()
      try operation.prepare()
      lsb_monitor_log("\(size) items: \(operation.name)")
      guard lsb_monitor_begin() == 0 else { throw BaselineError.last("monitor") }
      try operation.run()
      var daemonCalls = 0
      var busCalls = 0
      guard lsb_monitor_end(&daemonCalls, &busCalls) == 0 else { throw BaselineError.last("monitor") }
      try operation.undo()
      benchmark.measurement(metrics[2 * index], daemonCalls)
      benchmark.measurement(metrics[2 * index + 1], busCalls)
    }
  }
}

/// One counted operation: `prepare` and `undo` run outside the count.
struct CountedOperation {
  var name: String
  var prepare: () throws -> Void = {}
  var run: () throws -> Void
  var undo: () throws -> Void = {}
}

private func countedOperations(size: Int) -> [CountedOperation] {
  if let listed = listingSize(atKeyringSize: size) {
    let service = listed == size ? nil : BenchKeyring.listService
    return [
      CountedOperation(name: "list \(listed) attributes+data · libsecret search_sync") {
        try expect(try Libsecret.search(service: service, all: true, loadSecrets: true).count, listed)
      },
      CountedOperation(name: "list \(listed) attributes+data · SecItemCopyMatching") {
        try expect(try SecItem.copyMatching(service: service, returning: .attributesAndData, all: true), listed)
      },
      CountedOperation(name: "list \(listed) attributes+data · D-Bus floor") {
        try expect(try DBusFloor.list(service: service), listed)
      },
      CountedOperation(name: "read limit one of \(BenchKeyring.listSize) · libsecret search_sync") {
        try expect(try Libsecret.search(service: BenchKeyring.listService, all: false, loadSecrets: true).count, 1)
      },
      CountedOperation(name: "read limit one of \(BenchKeyring.listSize) · SecItemCopyMatching") {
        try expect(try SecItem.copyMatching(service: BenchKeyring.listService, returning: .attributesAndData), 1)
      },
    ]
  }
  guard size == keyringSizes[0] else { return [] }
  let probe = BenchKeyring.probe(size: size)
  let own = BenchKeyring.ownProbe
  let scratch = BenchKeyring.scratchService
  let account = "counted-item"
  let removeScratch: () throws -> Void = { try Libsecret.clear(service: scratch, account: nil) }
  let addScratch: () throws -> Void = { try SecItem.add(service: scratch, account: account, secret: "counted") }
  return [
    CountedOperation(name: "read data · libsecret lookupv") {
      try Libsecret.lookup(service: own.service, account: own.account)
    },
    CountedOperation(name: "read data · SecItemCopyMatching") {
      try expect(try SecItem.copyMatching(service: own.service, account: own.account, returning: .data), 1)
    },
    CountedOperation(name: "read data of another client · libsecret lookupv") {
      try Libsecret.lookup(service: probe.service, account: probe.account)
    },
    CountedOperation(name: "read data of another client · SecItemCopyMatching") {
      try expect(try SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data), 1)
    },
    CountedOperation(name: "read attributes+data · libsecret search_sync") {
      try expect(
        try Libsecret.search(service: probe.service, account: probe.account, all: false, loadSecrets: true).count, 1)
    },
    CountedOperation(name: "read attributes+data · SecItemCopyMatching") {
      try expect(
        try SecItem.copyMatching(service: probe.service, account: probe.account, returning: .attributesAndData), 1)
    },
    CountedOperation(name: "read no match · libsecret lookupv") {
      guard lsb_lookup("bench.no-such-service", "nobody") == -1 else { throw BaselineError.last("lookup") }
    },
    CountedOperation(name: "read no match · SecItemCopyMatching") { try SecItem.copyMatchingNothing() },
    CountedOperation(
      name: "add · libsecret storev",
      run: { try Libsecret.store(service: scratch, account: account, label: "counted", secret: "counted") },
      undo: removeScratch),
    CountedOperation(name: "add · SecItemAdd", run: addScratch, undo: removeScratch),
    CountedOperation(
      name: "update · libsecret storev (replace)", prepare: addScratch,
      run: { try Libsecret.store(service: scratch, account: account, label: "counted", secret: "changed") },
      undo: removeScratch),
    CountedOperation(
      name: "update · SecItemUpdate", prepare: addScratch,
      run: { try SecItem.update(service: scratch, account: account, secret: "changed") }, undo: removeScratch),
    CountedOperation(
      name: "delete · libsecret clearv", prepare: addScratch,
      run: {
        guard try Libsecret.clear(service: scratch, account: account) else {
          throw BaselineError(description: "clearv deleted nothing")
        }
      }),
    CountedOperation(
      name: "delete · SecItemDelete", prepare: addScratch,
      run: { try SecItem.delete(service: scratch, account: account) }),
  ]
}
