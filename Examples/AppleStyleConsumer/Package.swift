// swift-tools-version: 6.2
// A package that uses this repository as Apple-platform packages use Security: the keychain code below is written as
// on Apple platforms (`import Security`, `query as CFDictionary`, unused results, `Unmanaged<CFError>`, constants in
// actors and `Sendable` closures) and the dependency is for Linux only. CI builds it with every warning an error, in
// Swift 5 and Swift 6 language modes (`.ci/run`); `Examples/README.md` says how to build it by hand.
import PackageDescription

let keychainOnLinux: Target.Dependency = .product(
  name: "KeychainServices", package: "swift-keychain-linux", condition: .when(platforms: [.linux]))
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "AppleStyleConsumer",
  products: [.executable(name: "keychain-demo", targets: ["keychain-demo"])],
  dependencies: [.package(name: "swift-keychain-linux", path: "../..")],
  targets: [
    // A wrapper library with its own `KeychainError`, `Keychain`, `Query`… (names the Swift-native API of
    // KeychainServices also uses: `import Security` must not bring those).
    .target(
      name: "KeychainWrapper", dependencies: [keychainOnLinux], swiftSettings: strict + [.swiftLanguageMode(.v5)]),
    // The same app code in both language modes (Sources/AppleStyleSwift5 is a link to Sources/AppleStyleSwift6).
    .target(
      name: "AppleStyleSwift5", dependencies: ["KeychainWrapper", keychainOnLinux],
      swiftSettings: strict + [.swiftLanguageMode(.v5)]),
    .target(
      name: "AppleStyleSwift6", dependencies: ["KeychainWrapper", keychainOnLinux],
      swiftSettings: strict + [.swiftLanguageMode(.v6)]),
    .executableTarget(
      name: "keychain-demo", dependencies: ["AppleStyleSwift6"], swiftSettings: strict + [.swiftLanguageMode(.v6)]),
  ]
)
