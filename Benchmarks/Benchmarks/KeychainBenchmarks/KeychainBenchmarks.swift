import Benchmark

/// Every benchmark (package-benchmark calls this once per process). See docs/performance.md.
let benchmarks: @Sendable () -> Void = {
  for size in keyringSizes {
    registerFloorBenchmarks(size: size)
    registerLibsecretBenchmarks(size: size)
    registerSecItemBenchmarks(size: size)
    registerCallCountBenchmarks(size: size)
  }
  registerMemoryBenchmarks()
  registerFileKeyringBenchmarks()
  registerKeychainFileBenchmarks()
}
