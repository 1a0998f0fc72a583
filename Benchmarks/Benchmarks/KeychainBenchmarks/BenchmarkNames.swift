import Benchmark
import Foundation

/// The keyring sizes every per-size benchmark runs at, ascending (the order the keyring is filled in).
let keyringSizes = [10, 500, 2000]

/// A benchmark's name: `<size, 4 digits> <operation> | <who does it>`.
///
/// package-benchmark runs benchmarks sorted by name, one process each, so this order fills the keyring once, in
/// ascending size, and puts the implementations of one operation next to each other in the output.
func benchmarkName(_ size: Int, _ operation: String, _ implementation: String) -> String {
  String(format: "%04d", size) + " " + operation + " | " + implementation
}

/// Iteration budgets (package-benchmark stops at whichever of maxIterations and maxDuration comes first).
enum Budget {
  /// Reads and bare D-Bus calls: around a millisecond each.
  static var read: Benchmark.Configuration {
    .init(
      metrics: defaultMetrics, timeUnits: .microseconds, warmupIterations: 10, maxDuration: .seconds(2),
      maxIterations: 1000)
  }
  /// Writes: gnome-keyring rewrites its file, ~10 ms at 500 items, ~80 ms at 2,000; each iteration also undoes
  /// its write outside the measurement.
  static var write: Benchmark.Configuration {
    .init(
      metrics: defaultMetrics, timeUnits: .microseconds, warmupIterations: 2, maxDuration: .seconds(3),
      maxIterations: 40)
  }
  /// Listings of hundreds of items: libsecret's takes seconds at 2,000 items.
  static var listing: Benchmark.Configuration {
    .init(
      metrics: defaultMetrics, timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20),
      maxIterations: 10)
  }

  static let defaultMetrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .peakMemoryResident]

  /// `configuration` with a setup that prepares the keyring of `size` items and a teardown that removes scratch
  /// items.
  static func at(_ size: Int, _ configuration: Benchmark.Configuration) -> Benchmark.Configuration {
    var configuration = configuration
    configuration.setup = { try BenchKeyring.prepare(size: size) }
    configuration.teardown = { try Libsecret.clear(service: BenchKeyring.scratchService, account: nil) }
    return configuration
  }
}
