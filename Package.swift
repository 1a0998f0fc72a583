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
    // SecKey, SecCertificate, SecIdentity: the cryptography (Crypto, _CryptoExtras for RSA) and the DER
    // (X509, SwiftASN1). No hand-written cryptography or ASN.1.
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
    // `swift package generate-documentation --target KeychainServices` (the DocC catalog; Swift Package Index).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
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
    // The owners of GLib values (variants, C string arrays) and of secret bytes wiped on release, shared by the two
    // modules below.
    .target(
      name: "GLibValues",
      dependencies: ["CLibSecret", "CLibSecretShims"]
    ),
    // The Secret Service over D-Bus, through libsecret.
    .target(
      name: "SecretServiceClient",
      dependencies: ["CLibSecret", "CLibSecretShims", "GLibValues"]
    ),
    // libsecret's keyring file (the file keyring of a Flatpak or Snap, and of keychain files): its bytes, read and
    // written with GLib's GVariant. Nothing of the Secret Service.
    .target(
      name: "KeyringFileFormat",
      dependencies: ["CLibSecret", "CLibSecretShims", "GLibValues"]
    ),
    // OpenSSL's libcrypto, found with pkg-config: PKCS#12 only (docs/keys-and-certificates.md says why).
    .systemLibrary(
      name: "CLibCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]
    ),
    // C over libcrypto: reads and writes PKCS#12 files; OpenSSL's objects never leave it.
    .target(
      name: "CLibCryptoShims",
      dependencies: ["CLibCrypto"]
    ),
    // The only Swift code that calls CLibCryptoShims: PKCS#12 bags in and out, key bytes in wiped memory.
    .target(
      name: "PKCS12Coding",
      dependencies: ["CLibCryptoShims", "GLibValues"]
    ),
    // Layer 3: Apple's Security names and nothing more (`import Security` builds Apple-platform code unchanged):
    // the CF type names, constants and status codes, the four SecItem functions, SecKey, SecCertificate, SecIdentity.
    .target(
      name: "Security",
      dependencies: [
        "SecretServiceClient", "KeyringFileFormat", "GLibValues", "PKCS12Coding",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
      ]
    ),
    // Layer 4: `import KeychainServices`: Apple's names (re-exported) plus the Swift-native API built on them.
    .target(
      name: "KeychainServices",
      dependencies: ["Security"]
    ),
    // The `security` command-line tool.
    .executableTarget(
      name: "SecurityCommand",
      dependencies: [
        "KeychainServices",
        // The keychain commands: the keychain layer's `package` API (`KeychainOperations`, `KeychainSearchList`), the
        // keychain agent it runs as, and wiped password buffers (`SecretBytes`).
        "Security",
        "SecretServiceClient",
        // SecretBytes: passwords and secrets held for one call, wiped on release.
        "GLibValues",
      ]
    ),
    // Fixtures for tests: private buses and throwaway keyrings started through the scripts in dbus/, the `daemon` tag
    // of the tests that need them, and the helpers more than one test target uses.
    .target(
      name: "KeyringTestSupport",
      path: "Tests/KeyringTestSupport"
    ),
    // One test target per module, `Tests/XTests` for `Sources/X`, its folders as in `Sources/X` (docs/testing.md).
    .testTarget(
      name: "GLibValuesTests",
      dependencies: ["GLibValues", "CLibSecret"]
    ),
    .testTarget(
      name: "SecretServiceClientTests",
      dependencies: ["SecretServiceClient", "GLibValues", "KeyringTestSupport"]
    ),
    // `KeychainServices` too: a few tests check a behaviour through both faces (secrets left in memory, the
    // application's groups), and the hostile-input generator is shared with Fuzz/, which builds on the
    // `KeychainServices` product.
    .testTarget(
      name: "SecurityTests",
      dependencies: [
        "Security", "KeychainServices", "SecretServiceClient", "KeyringFileFormat", "GLibValues", "KeyringTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .testTarget(
      name: "KeychainServicesTests",
      dependencies: ["KeychainServices", "Security", "SecretServiceClient", "KeyringTestSupport"]
    ),
    // Code as Apple-platform code is written against `import Security` alone: every provided Apple name with Apple's
    // types (generated from docs/apple-security-names.tsv), and an app's own names next to it.
    .testTarget(
      name: "AppleCompatibilityTests",
      dependencies: ["Security"]
    ),
    .testTarget(
      name: "SecurityCommandTests",
      dependencies: ["SecurityCommand", "Security", "SecretServiceClient", "GLibValues", "KeyringTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
