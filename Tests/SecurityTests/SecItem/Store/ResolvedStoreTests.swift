import Foundation
import FreedesktopServices
import Testing

@testable import KeychainFiles
@testable import Security

/// The one store resolver's decision (`ResolvedStore.decide`) for a task's own settings: no store is opened, no bus
/// is asked.
@Suite("ResolvedStore: which store a call uses")
struct ResolvedStoreTests {
  private let bus = ConnectionOptions(busAddress: "unix:path=/nonexistent/bus", timeout: .seconds(3))
  private let keyring = FileKeyringLocation(path: "/nonexistent/default.keyring", password: Data("pw".utf8))

  private func environment(bus: Bool = false, keyringFile: Bool = false) -> SecItemEnvironment {
    var environment = SecItemEnvironment()
    if bus { environment.connectionOptions = self.bus }
    if keyringFile { environment.fileKeyring = keyring }
    return environment
  }

  @Test("a task's keyring file is the store, before a bus the task names")
  func taskKeyringFile() throws {
    let resolved = try ResolvedStore.decide(environment(bus: true, keyringFile: true), named: nil, adding: false)
    guard case .keyringFile(let location, let timeout) = resolved else {
      Issue.record("resolved to \(resolved)")
      return
    }
    #expect(location.path == keyring.path)
    #expect(timeout == .seconds(3))
    #expect(resolved.secretServiceBus == nil)
  }

  @Test("a task's bus is the Secret Service on that bus, with its deadline")
  func taskBus() throws {
    let resolved = try ResolvedStore.decide(environment(bus: true), named: nil, adding: false)
    guard case .secretService(let options) = resolved else {
      Issue.record("resolved to \(resolved)")
      return
    }
    #expect(options.busAddress == bus.busAddress)
    #expect(options.timeout == .seconds(3))
    #expect(resolved.secretServiceBus?.busAddress == bus.busAddress)
  }

  @Test("keychains a query names are the store whatever the task's store, the first the target of an add")
  func namedKeychains() throws {
    let named: [KeychainID] = [.file("/nonexistent/a.keychain-db"), .file("/nonexistent/b.keychain-db")]
    let resolved = try ResolvedStore.decide(environment(bus: true, keyringFile: true), named: named, adding: true)
    guard case .keychains(let selection) = resolved else {
      Issue.record("resolved to \(resolved)")
      return
    }
    #expect(try selection.target() == named[0])
    #expect(selection.keyringFile?.path == keyring.path)
    #expect(resolved.secretServiceBus == nil)
  }

  @Test("a search of named keychains that lists a collection crosses the task's bus")
  func namedCollection() throws {
    let named: [KeychainID] = [
      .file("/nonexistent/a.keychain-db"), .collection("/org/freedesktop/secrets/collection/x"),
    ]
    let resolved = try ResolvedStore.decide(environment(bus: true), named: named, adding: false)
    #expect(resolved.secretServiceBus?.busAddress == bus.busAddress)
  }
}
