import Benchmark
import Foundation

/// How many lookups the memory benchmarks make (environment `BENCH_LOOKUPS`, default 100,000: ~2 minutes each).
let memoryLookups = ProcessInfo.processInfo.environment["BENCH_LOOKUPS"].flatMap { Int($0) } ?? 100_000

/// Resident memory over many lookups at the smallest keyring: peak RSS, and RSS after the first 1,000 lookups
/// against after the last, which must be flat (no leak).
func registerMemoryBenchmarks() {
  let size = keyringSizes[0]
  let probe = BenchKeyring.ownProbe
  var configuration = Budget.at(size, Budget.listing)
  configuration.metrics = [.wallClock, .peakMemoryResident] + ResidentMemory.metrics
  configuration.timeUnits = .milliseconds
  configuration.units = Dictionary(uniqueKeysWithValues: ResidentMemory.metrics.map { ($0, .count) })
  configuration.warmupIterations = 0
  configuration.maxIterations = 1
  let operation = "memory \(memoryLookups) lookups"
  Benchmark(benchmarkName(size, operation, "libsecret lookupv"), configuration: configuration) { benchmark throws in
    try ResidentMemory.measure(benchmark, lookups: memoryLookups) { () throws(BaselineError) in
      try Libsecret.lookup(service: probe.service, account: probe.account)
    }
  }
  Benchmark(benchmarkName(size, operation, "SecItemCopyMatching data"), configuration: configuration) {
    benchmark throws in
    try ResidentMemory.measure(benchmark, lookups: memoryLookups) { () throws(SecItemFailure) in
      try SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data)
    }
  }
  // The same two round trips without libsecret's leaking GetSecrets path: what a flat lookup looks like.
  Benchmark(
    benchmarkName(size, operation, "libsecret dbus-path API (SearchItems + GetSecrets + decode_dbus_secret)"),
    configuration: configuration
  ) { benchmark throws in
    try ResidentMemory.measure(benchmark, lookups: memoryLookups) { () throws(BaselineError) in
      try Libsecret.lookupPaths(service: probe.service, account: probe.account, getSecrets: .decodeEach)
    }
  }
}

/// Resident set size from `/proc/self/status`, reported as custom metrics.
enum ResidentMemory {
  static let afterWarmUp = BenchmarkMetric.custom("RSS after 1,000 lookups (KiB)", useScalingFactor: false)
  static let atEnd = BenchmarkMetric.custom("RSS after all lookups (KiB)", useScalingFactor: false)
  static let growth = BenchmarkMetric.custom("RSS growth after warm-up (KiB)", useScalingFactor: false)
  static let peak = BenchmarkMetric.custom("VmHWM peak RSS (KiB)", useScalingFactor: false)
  static let metrics = [afterWarmUp, atEnd, growth, peak]

  /// Runs `lookup` `lookups` times and records RSS after 1,000 and at the end, and the kernel's peak (VmHWM).
  static func measure<E: Error>(_ benchmark: Benchmark, lookups: Int, _ lookup: () throws(E) -> Void) throws(E) {
    let warmUp = min(1000, lookups)
    for _ in 0..<warmUp { try lookup() }
    let warm = kibibytes("VmRSS")
    for _ in warmUp..<lookups { try lookup() }
    let end = kibibytes("VmRSS")
    benchmark.measurement(afterWarmUp, warm)
    benchmark.measurement(atEnd, end)
    benchmark.measurement(growth, end - warm)
    benchmark.measurement(peak, kibibytes("VmHWM"))
  }

  /// A `kB` field of `/proc/self/status` (VmRSS, VmHWM), 0 when absent.
  static func kibibytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }
    return 0
  }
}
