import Benchmark
import Foundation
import LibsecretBaseline
import Security

/// A keychain file, beside libsecret's own file backend on the same file: one keychain file of 1,000 items (999
/// written by libsecret with the keychain's password, the probe by SecItemAdd), made the user's search list and
/// default keychain and unlocked with the SecKeychain API, in keychains folder and preferences of the benchmark's own
/// (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`). No daemon and no bus are involved.
///
/// SecItem reads the key the unlock kept (the kernel's user keyring) at every call and never derives it; libsecret,
/// given `SECRET_FILE_TEST_PASSWORD`, derives the key once per process (600,000 PBKDF2 rounds for a keychain file)
/// and keeps it. The unlock benchmark measures the one derivation an unlock costs.
///
/// The SecKeychain API is deprecated as in Apple's SDK: registering these benchmarks is the one deprecation warning
/// of the benchmark package.
@available(*, deprecated, message: "uses the deprecated SecKeychain API")
func registerKeychainFileBenchmarks() {
  let size = KeychainFileBench.size
  let probe = KeychainFileBench.probe

  Benchmark(
    benchmarkName(size, "keychain read data", "SecItemCopyMatching"),
    configuration: KeychainFileBench.configuration(Budget.read, libsecret: false)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      blackHole(try SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data))
    }
  }
  Benchmark(
    benchmarkName(size, "keychain read data", "libsecret lookupv"),
    configuration: KeychainFileBench.configuration(Budget.read, libsecret: true)
  ) { benchmark throws in
    for _ in benchmark.scaledIterations {
      blackHole(try Libsecret.lookup(service: probe.service, account: probe.account))
    }
  }
  var unlock = Budget.listing
  unlock.maxIterations = 5
  Benchmark(
    benchmarkName(size, "keychain unlock", "SecKeychainUnlock"),
    configuration: KeychainFileBench.configuration(unlock, libsecret: false)
  ) { benchmark throws in
    try KeychainFileBench.lock()
    benchmark.startMeasurement()
    try KeychainFileBench.unlock()
    benchmark.stopMeasurement()
  }
}

/// The benchmark's keychain file: where it is, and its items.
@available(*, deprecated, message: "uses the deprecated SecKeychain API")
enum KeychainFileBench {
  static let size = 1000
  static let directory = NSTemporaryDirectory() + "swift-keychain-benchmarks-keychain"
  static let name = "bench.keychain"
  static var path: String { directory + "/data/keychains/" + name + "-db" }
  static let password = "benchmark-keychain-password"
  /// The item both implementations read, added by this package (the other 999 by libsecret).
  static let probe = (service: "bench.keychain.probe", account: "probe")

  /// `base` with a setup that prepares the keychain and points this process at it: through the user's preferences
  /// for SecItem, through `SECRET_BACKEND=file` with the keychain's password for libsecret (`libsecret`).
  static func configuration(_ base: Benchmark.Configuration, libsecret: Bool) -> Benchmark.Configuration {
    var configuration = base
    configuration.setup = {
      try prepare()
      if libsecret { useLibsecretFileBackend() }
    }
    configuration.teardown = nil
    return configuration
  }

  /// Sets the folders and, the first time, makes the keychain: created, made the search list and the default, no
  /// timeout while the benchmarks run, filled by libsecret, then the probe added by SecItemAdd. Unlocks it when it
  /// is locked.
  static func prepare() throws {
    setenv("XDG_DATA_HOME", directory + "/data", 1)
    setenv("XDG_CONFIG_HOME", directory + "/config", 1)
    unsetenv("SECRET_BACKEND")
    unsetenv("SECRET_FILE_TEST_PATH")
    unsetenv("SECRET_FILE_TEST_PASSWORD")
    unsetenv("KEYCHAIN_STORE")
    if FileManager.default.fileExists(atPath: path) {
      if try !isUnlocked() { try unlock() }
      if (try? SecItem.copyMatching(service: probe.service, account: probe.account, returning: .data)) != nil {
        return
      }
    }
    try? FileManager.default.removeItem(atPath: directory)
    try create()
    // libsecret's writes first, in one child process (its backend is chosen once per process), then ours.
    try fill()
    try SecItem.add(service: probe.service, account: probe.account, secret: "probe-secret")
  }

  /// libsecret's file backend on the keychain file, with its password.
  static func useLibsecretFileBackend() {
    setenv("SECRET_BACKEND", "file", 1)
    setenv("SECRET_FILE_TEST_PATH", path, 1)
    setenv("SECRET_FILE_TEST_PASSWORD", password, 1)
  }

  /// The 999 fill items, stored by libsecret's file backend in a process of its own (python3 and libsecret's
  /// GObject bindings), so that this process keeps SecItem's store.
  static func fill() throws {
    let script = """
      import gi, sys
      gi.require_version('Secret', '1')
      from gi.repository import Secret
      schema = Secret.Schema.new('org.freedesktop.Secret.Generic', Secret.SchemaFlags.DONT_MATCH_NAME,
          {'service': Secret.SchemaAttributeType.STRING, 'account': Secret.SchemaAttributeType.STRING})
      for index in range(int(sys.argv[1])):
          Secret.password_store_sync(schema, {'service': 'bench.keychain.fill', 'account': 'fill-%04d' % index},
              None, 'bench fill', 'fill-secret-%d' % index, None)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, String(size - 1)]
    var environment = ProcessInfo.processInfo.environment
    environment["SECRET_BACKEND"] = "file"
    environment["SECRET_FILE_TEST_PATH"] = path
    environment["SECRET_FILE_TEST_PASSWORD"] = password
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BaselineError(description: "libsecret's fill exited with \(process.terminationStatus)")
    }
  }
}

/// The SecKeychain calls of the setup.
extension KeychainFileBench {
  static func keychain() throws -> SecKeychain {
    var keychain: SecKeychain?
    try check("SecKeychainOpen", SecKeychainOpen(path, &keychain))
    return keychain!
  }

  static func create() throws {
    var keychain: SecKeychain?
    try check(
      "SecKeychainCreate",
      SecKeychainCreate(name, UInt32(password.utf8.count), password, false, nil, &keychain))
    try check("SecKeychainSetSearchList", SecKeychainSetSearchList([keychain!] as CFArray))
    try check("SecKeychainSetDefault", SecKeychainSetDefault(keychain))
    var settings = SecKeychainSettings(
      version: UInt32(SEC_KEYCHAIN_SETTINGS_VERS1), lockOnSleep: false, useLockInterval: true, lockInterval: 3600)
    try check("SecKeychainSetSettings", SecKeychainSetSettings(keychain, &settings))
  }

  static func isUnlocked() throws -> Bool {
    var status: SecKeychainStatus = 0
    try check("SecKeychainGetStatus", SecKeychainGetStatus(try keychain(), &status))
    return status & kSecUnlockStateStatus != 0
  }

  static func unlock() throws {
    try check(
      "SecKeychainUnlock", SecKeychainUnlock(try keychain(), UInt32(password.utf8.count), password, true))
  }

  static func lock() throws {
    try check("SecKeychainLock", SecKeychainLock(try keychain()))
  }

  private static func check(_ call: String, _ status: OSStatus) throws {
    guard status == errSecSuccess else { throw SecItemFailure(call: call, status: status) }
  }
}
