// swift-tools-version: 6.1
import PackageDescription

import struct Foundation.URL

// Fuzzing of the root package (see docs/reliability.md), in a package of its own so that the root package's manifest
// stays as it is:
// - keychain-fuzz: the hostile-input campaign against the public SecItem functions, inside a private keyring:
//     dbus/with-keyring swift run --package-path Fuzz -c release keychain-fuzz campaign --count 10000
//   Its generator is the one the reliability tests use (Sources/HostileInput is a link to
//   Tests/SecurityTests/SecItem/Query/HostileInput).
// - keychain-fuzz-targets: libFuzzer targets (coverage-guided) for the parsers of untrusted bytes, built with
//   -sanitize=fuzzer,address and run by Fuzz/run-libfuzzer (seed corpora in Fuzz/Corpus/<target>/).

// A path dependency's identity is the name of the folder holding the root package (the clone's directory).
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "KeychainServicesFuzz",
  dependencies: [.package(path: "..")],
  targets: [
    // GIO through pkg-config, for the oracle only.
    .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // Reads the keyring with plain D-Bus calls, independent of the code under test.
    .target(name: "KeyringOracle", dependencies: ["CGio"]),
    // The generator shared with the reliability tests.
    .target(name: "HostileInput", dependencies: [.product(name: "KeychainServices", package: rootPackage)]),
    .executableTarget(
      name: "keychain-fuzz",
      dependencies: ["HostileInput", "KeyringOracle", .product(name: "KeychainServices", package: rootPackage)]
    ),
    // libFuzzer's driver entry point, with a stand-in for builds without the fuzzer runtime.
    .target(name: "CFuzzerDriver"),
    // The libFuzzer targets. They reach the parsers' internals with `@testable import` (a debug build, or one with
    // -enable-testing).
    .executableTarget(
      name: "keychain-fuzz-targets",
      dependencies: [
        "CFuzzerDriver", "HostileInput", .product(name: "KeychainServices", package: rootPackage),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
