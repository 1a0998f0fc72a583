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
    // C for the system calls Swift cannot make (variadic syscall(2) and prctl(2), _GNU_SOURCE declarations, a
    // posix_spawn with attributes). No GLib.
    .target(name: "CLinuxSystemShims"),
    // Layer 2: with LinuxSystem, the only Swift code that touches C. `package` access only.
    // The owners of GLib values (variants, C string arrays) and of secret bytes wiped on release (`SecretBytes`),
    // shared by every Swift module above it.
    .target(
      name: "GLibValues",
      dependencies: ["CLibSecret", "CLibSecretShims"]
    ),
    // The freedesktop services this package talks to over D-Bus, through libsecret and GDBus: the Secret Service
    // (and its providers' differences), the XDG Secret portal, polkit's authority, KWallet's own API.
    .target(
      name: "FreedesktopServices",
      dependencies: ["CLibSecret", "CLibSecretShims", "GLibValues"]
    ),
    // Linux's system interface as the keychain files use it, in the manner of swift-system: the kernel's key
    // retention service, a detached process (the agent's spawn), process hardening, an atomic exchange of two names.
    .target(
      name: "LinuxSystem",
      dependencies: ["CLinuxSystemShims", "GLibValues"]
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
    // Layer 3: the vocabulary of failure every layer above shares: Apple's `OSStatus`, `noErr` and `errSec…` codes
    // (public; `Security` re-exports them) and `SecItemError` (package), which carries one.
    .target(name: "SecurityStatus"),
    // Layer 4: the keychain-file layer, below the SecItem engine and never calling it: libsecret's keyring file
    // opened with its key and changed in one transaction, keychain files made of it (create, lock, unlock, settings),
    // where unlocked keys are kept across processes (kernel keyring, the keychain agent and its server loop), how a
    // name becomes a keychain, the search-list preferences file, the cross-process locks.
    .target(
      name: "KeychainFiles",
      dependencies: [
        "SecurityStatus", "LinuxSystem", "FreedesktopServices", "KeyringFileFormat", "GLibValues",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ]
    ),
    // Layer 5: `import Security`: Apple's Security names (public API: nothing but Apple's names, so that Apple-platform
    // code builds unchanged) over the SecItem engine that implements them (package API): the four SecItem functions,
    // the engine's query parsing, matching, stores (Secret Service, KWallet, keyring file, search list) and results,
    // SecKey, SecCertificate, SecIdentity, SecTrust, import and export, the SecKeychain functions.
    .target(
      name: "Security",
      dependencies: [
        "SecurityStatus", "KeychainFiles", "FreedesktopServices", "KeyringFileFormat", "GLibValues", "PKCS12Coding",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
      ]
    ),
    // Layer 6: `import KeychainServices`: Apple's names (re-exported) plus the Swift-native API built on them.
    .target(
      name: "KeychainServices",
      // `KeychainFiles` for `KeychainID`, the keychain `KeychainMigration` names (a collection or a file).
      dependencies: ["Security", "KeychainFiles"]
    ),
    // The `security` command-line tool.
    .executableTarget(
      name: "SecurityCommand",
      dependencies: [
        "KeychainServices",
        // The keychain commands: the engine's `package` API for keychains (`KeychainOperations`, `KeychainSearchList`).
        "Security",
        // The keychain agent it runs as, and the keychain files' names and unlocked keys.
        "KeychainFiles",
        "FreedesktopServices",
        // SecretBytes: passwords and secrets held for one call, wiped on release.
        "GLibValues",
        // The certificates' SHA-1 and SHA-256 the certificate commands print and match (`-Z`).
        .product(name: "Crypto", package: "swift-crypto"),
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
      name: "LinuxSystemTests",
      dependencies: ["LinuxSystem", "GLibValues", "KeyringTestSupport"]
    ),
    .testTarget(
      name: "FreedesktopServicesTests",
      dependencies: ["FreedesktopServices", "GLibValues", "CLibSecret", "KeyringTestSupport"]
    ),
    // `Security` too: the tests set the keychain layer's part of the environment through the engine's one value
    // (`SecItemEnvironment`), and a few check a file the engine wrote.
    .testTarget(
      name: "KeychainFilesTests",
      dependencies: [
        "KeychainFiles", "Security", "SecurityStatus", "FreedesktopServices", "KeyringFileFormat", "GLibValues",
        "LinuxSystem", "KeyringTestSupport",
      ]
    ),
    // `KeychainServices` too: a few tests check a behaviour through both faces (secrets left in memory, the
    // application's groups), and the hostile-input generator is shared with Fuzz/, which builds on the
    // `KeychainServices` product.
    .testTarget(
      name: "SecurityTests",
      dependencies: [
        "Security", "KeychainServices", "KeychainFiles", "FreedesktopServices", "KeyringFileFormat", "GLibValues",
        "LinuxSystem", "KeyringTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .testTarget(
      name: "KeychainServicesTests",
      dependencies: ["KeychainServices", "Security", "KeychainFiles", "FreedesktopServices", "KeyringTestSupport"]
    ),
    // Code as Apple-platform code is written against `import Security` alone: every provided Apple name with Apple's
    // types (generated from docs/apple-security-names.tsv), and an app's own names next to it.
    .testTarget(
      name: "AppleCompatibilityTests",
      dependencies: ["Security"]
    ),
    .testTarget(
      name: "SecurityCommandTests",
      dependencies: [
        "SecurityCommand", "KeychainServices", "Security", "KeychainFiles", "FreedesktopServices", "GLibValues",
        "KeyringTestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
