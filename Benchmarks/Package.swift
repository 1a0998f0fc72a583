// swift-tools-version: 6.1
import PackageDescription

import class Foundation.ProcessInfo
import struct Foundation.URL

// Benchmarks of the root package against libsecret's own C API and the bare D-Bus floor.
// Run inside a private keyring: `dbus/with-keyring swift package --package-path Benchmarks benchmark`
// (see docs/performance.md). A separate package, so that the root package does not depend on package-benchmark.

// A path dependency's identity is the last component of its path: the name of the folder holding the root package
// (the clone's directory), which is not known in advance.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

// Swift 6.3+: only the MallocInterposer trait (malloc metrics, no system library); the default RuntimeInterposer trait
// (Swift 6.3 on Linux) pulls in swift-runtime-interposer, which only ARC metrics need. Older toolchains read the
// package's Package@swift-6.2.swift, whose only trait is Jemalloc: disabled, so libjemalloc-dev is not needed.
#if compiler(>=6.3)
  let benchmarkTraits: Set<Package.Dependency.Trait> = ["MallocInterposer"]
#else
  let benchmarkTraits: Set<Package.Dependency.Trait> = []
#endif

let package = Package(
  name: "KeychainServicesBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: benchmarkTraits),
  ],
  targets: [
    // libsecret and GLib through pkg-config, for the C baseline only.
    .systemLibrary(
      name: "CLibSecretBench",
      pkgConfig: "libsecret-1",
      providers: [.apt(["libsecret-1-dev"])]
    ),
    // libsecret's own C API doing the work of each SecItem call, and the bare D-Bus calls of the floor. The only C.
    .target(
      name: "LibsecretBaseline",
      dependencies: ["CLibSecretBench"]
    ),
    // One process making one call many times, for `perf` and for the lookups taken in turns
    // (Benchmarks/Scripts/lookup-interleaved.sh, perf-frames.py).
    .executableTarget(
      name: "LookupLoop",
      dependencies: ["LibsecretBaseline", .product(name: "KeychainServices", package: rootPackage)]
    ),
    .executableTarget(
      name: "KeychainBenchmarks",
      dependencies: [
        "LibsecretBaseline",
        .product(name: "KeychainServices", package: rootPackage),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KeychainBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
