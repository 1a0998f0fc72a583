import Benchmark

// TODO(issue 6): this package's SecItemAdd / SecItemCopyMatching / SecItemUpdate / SecItemDelete are not in the
// root package yet (Sources/KeychainServices/SecItem/ holds only the pure parts). Until they land these benchmarks
// are registered as skipped (package-benchmark's `skip`: they are not run and not reported), never faked.
// Each will do exactly what the libsecret benchmark of the same operation does, with the same items.

/// The SecItem benchmarks of one size, beside the libsecret ones of the same operation (same names before the `|`).
func registerSecItemBenchmarks(size: Int) {
  var operations = [
    ("add", "SecItemAdd"),
    ("update", "SecItemUpdate"),
    ("delete", "SecItemDelete"),
    ("read data", "SecItemCopyMatching data"),
    ("read attributes", "SecItemCopyMatching attributes"),
    ("read attributes+data", "SecItemCopyMatching attributes+data"),
    ("read limit one of \(min(size, BenchKeyring.listSize))", "SecItemCopyMatching attributes+data limit one"),
  ]
  if let listed = listingSize(atKeyringSize: size) {
    operations.append(("list \(listed) attributes+data", "SecItemCopyMatching attributes+data limit all"))
  }
  if size == keyringSizes[0] {
    operations.append(("memory \(memoryLookups) lookups", "SecItemCopyMatching data"))
  }
  for (operation, implementation) in operations {
    var configuration = Budget.at(size, Budget.read)
    configuration.skip = true  // TODO(issue 6): remove once the SecItem functions exist.
    Benchmark(
      benchmarkName(size, operation, implementation + " (TODO: SecItem not landed)"), configuration: configuration
    ) {
      benchmark in
      benchmark.error("not implemented: the SecItem layer has not landed")
    }
  }
}
