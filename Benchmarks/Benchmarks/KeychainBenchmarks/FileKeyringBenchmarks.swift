import Benchmark
import Foundation
import LibsecretBaseline

/// The file keyring of a Flatpak: this package's SecItem calls beside libsecret's own file backend
/// (`secret_password_storev_sync`, `lookupv`, `clearv`) on one keyring file of 1,000 items, both put there by
/// `SECRET_BACKEND=file`, `SECRET_FILE_TEST_PATH` and `SECRET_FILE_TEST_PASSWORD` (set by each benchmark's setup, so
/// the D-Bus benchmarks of the same run are unaffected: every benchmark runs in a process of its own). No daemon is
/// involved. libsecret 0.20.5 reads the file once per process and keeps it in memory; this package checks the file
/// on every call (a `stat`) and parses it again when it changed.
func registerFileKeyringBenchmarks() {
  let size = FileKeyringBench.size
  let probe = FileKeyringBench.probe
  let scratch = FileKeyringBench.scratchService
  let configure = FileKeyringBench.configuration

  Benchmark(benchmarkName(size, "file add", "SecItemAdd"), configuration: configure(Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    benchmark.startMeasurement()
    try SecItem.add(service: scratch, account: account, secret: "scratch-secret-add")
    benchmark.stopMeasurement()
    try SecItem.delete(service: scratch, account: account)
  }
  Benchmark(benchmarkName(size, "file add", "libsecret storev"), configuration: configure(Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    benchmark.startMeasurement()
    try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: "scratch-secret-add")
    benchmark.stopMeasurement()
    try Libsecret.clear(service: scratch, account: account)
  }
  Benchmark(benchmarkName(size, "file update", "SecItemUpdate"), configuration: configure(Budget.write)) {
    benchmark throws in
    let account = "update-target-ours"
    if benchmark.currentIteration == 0 {
      try? SecItem.delete(service: scratch, account: account)
      try SecItem.add(service: scratch, account: account, secret: "scratch-secret-old")
    }
    let secret = benchmark.currentIteration % 2 == 0 ? "scratch-secret-new" : "scratch-secret-old"
    benchmark.startMeasurement()
    try SecItem.update(service: scratch, account: account, secret: secret)
  }
  Benchmark(benchmarkName(size, "file update", "libsecret storev (replace)"), configuration: configure(Budget.write)) {
    benchmark throws in
    let account = "update-target-libsecret"
    let secret = benchmark.currentIteration % 2 == 0 ? "scratch-secret-new" : "scratch-secret-old"
    benchmark.startMeasurement()
    try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: secret)
  }
  Benchmark(benchmarkName(size, "file delete", "SecItemDelete"), configuration: configure(Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    try SecItem.add(service: scratch, account: account, secret: "scratch-secret-delete")
    benchmark.startMeasurement()
    try SecItem.delete(service: scratch, account: account)
  }
  Benchmark(benchmarkName(size, "file delete", "libsecret clearv"), configuration: configure(Budget.write)) {
    benchmark throws in
    let account = BenchKeyring.scratchAccount()
    try Libsecret.store(service: scratch, account: account, label: "bench scratch", secret: "scratch-secret-delete")
    benchmark.startMeasurement()
    guard try Libsecret.clear(service: scratch, account: account) else {
      throw BaselineError(description: "clearv deleted nothing")
    }
  }
  Benchmark(benchmarkName(size, "file read data", "SecItemCopyMatching"), configuration: configure(Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations {
      blackHole(try SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data))
    }
  }
  Benchmark(benchmarkName(size, "file read data", "libsecret lookupv"), configuration: configure(Budget.read)) {
    benchmark throws in
    for _ in benchmark.scaledIterations {
      blackHole(try Libsecret.lookup(service: probe.service, account: probe.account))
    }
  }
  // Memory: the peak resident size after 2,000 and after 20,000 lookups (flat when they agree).
  for lookups in [2_000, 20_000] {
    var memory = Budget.listing
    memory.metrics = [.peakMemoryResident, .wallClock]
    memory.maxIterations = 1
    Benchmark(
      benchmarkName(size, "file memory \(lookups) lookups", "SecItemCopyMatching"), configuration: configure(memory)
    ) {
      benchmark throws in
      for _ in 0..<lookups {
        blackHole(try SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data))
      }
    }
  }
}

/// The benchmark's keyring file: where it is, and its items.
enum FileKeyringBench {
  static let size = 1000
  static let directory = NSTemporaryDirectory() + "swift-keychain-benchmarks-file-keyring"
  static let path = directory + "/default.keyring"
  static let password = "benchmark-password"
  static let scratchService = "bench.file.scratch"
  /// The item both implementations read, added by this package (the other 999 by libsecret).
  static let probe = (service: "bench.file.probe", account: "probe")

  /// `base` with a setup that points both implementations at the file and fills it to `size` items.
  static func configuration(_ base: Benchmark.Configuration) -> Benchmark.Configuration {
    var configuration = base
    configuration.setup = { try prepare() }
    configuration.teardown = nil
    return configuration
  }

  /// Sets the variables and, the first time, writes the fill items with libsecret and the probe with SecItemAdd.
  static func prepare() throws {
    setenv("SECRET_BACKEND", "file", 1)
    setenv("SECRET_FILE_TEST_PATH", path, 1)
    setenv("SECRET_FILE_TEST_PASSWORD", password, 1)
    unsetenv("KEYCHAIN_STORE")
    if (try? SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data)) != nil { return }
    try? FileManager.default.removeItem(atPath: directory)
    // libsecret keeps the file in memory: its writes come first, in one process, then ours.
    for index in 0..<(size - 1) {
      try Libsecret.store(
        service: "bench.file.fill", account: String(format: "fill-%04d", index), label: "bench fill",
        secret: "fill-secret-\(index)")
    }
    try SecItem.add(service: probe.service, account: probe.account, secret: "probe-secret")
  }
}
