// swift-tools-version: 6.1
import PackageDescription

import struct Foundation.URL

// The hostile-input campaign against the root package's public SecItem functions (see
// docs/reliability.md). Run inside a private keyring:
//   dbus/with-keyring swift run --package-path Fuzz -c release keychain-fuzz campaign --count 10000
// A separate package, so that the root package's manifest stays as it is. The generator is the one the
// reliability tests use (Sources/HostileInput is a link to Tests/KeychainServicesTests/Reliability/HostileInput).

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
  ],
  swiftLanguageModes: [.v6]
)
