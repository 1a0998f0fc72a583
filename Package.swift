// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "swift-keychain-linux",
  products: [
    // `import KeychainServices` or, for Apple-platform code unchanged, `import Security`.
    .library(name: "KeychainServices", targets: ["KeychainServices", "Security"]),
    // macOS's `/usr/bin/security` keychain-item commands on Linux.
    .executable(name: "security", targets: ["SecurityCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // Layer 0: libsecret itself, found with pkg-config.
    .systemLibrary(
      name: "CLibSecret",
      pkgConfig: "libsecret-1",
      providers: [.apt(["libsecret-1-dev"])]
    ),
    // Layer 1: C for what Swift cannot import (macros, GObject subclassing, variadic constructors).
    .target(
      name: "CLibSecretShims",
      dependencies: ["CLibSecret"]
    ),
    // Layer 2: the only Swift code that touches C. `package` access only.
    .target(
      name: "SecretServiceClient",
      dependencies: ["CLibSecret", "CLibSecretShims"]
    ),
    // Layer 3: Apple's Keychain Services item API.
    .target(
      name: "KeychainServices",
      dependencies: ["SecretServiceClient"]
    ),
    // `import Security` on Linux: re-exports KeychainServices.
    .target(
      name: "Security",
      dependencies: ["KeychainServices"]
    ),
    // The `security` command-line tool.
    .executableTarget(
      name: "SecurityCommand",
      dependencies: [
        "KeychainServices",
        // Keychain (collection) commands: list, default alias, lock, unlock.
        "SecretServiceClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Fixtures for tests: private buses and throwaway keyrings started through the scripts in dbus/.
    .target(
      name: "KeyringTestSupport",
      path: "Tests/KeyringTestSupport"
    ),
    .testTarget(
      name: "SecretServiceClientTests",
      dependencies: ["SecretServiceClient", "KeyringTestSupport"]
    ),
    .testTarget(
      name: "KeychainServicesTests",
      dependencies: ["KeychainServices", "Security", "SecretServiceClient", "KeyringTestSupport"]
    ),
    .testTarget(
      name: "SecurityCommandTests",
      dependencies: ["SecurityCommand", "KeyringTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
