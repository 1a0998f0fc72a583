import CLibSecret
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// `DBusBatch` against the session bus `dbus/with-keyring` starts: calls to the bus daemon itself
/// (`org.freedesktop.DBus.GetNameOwner`), whose answers are known without any Secret Service state.
@Suite(
  "DBusBatch",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct DBusBatchTests {
  private let bus: BusConnection

  init() throws {
    bus = try BusConnection(address: nil, deadline: Deadline(timeout: .seconds(10)))
  }

  private func send(_ calls: [DBusMethodCall], timeout: Duration = .seconds(10)) -> DBusBatch {
    DBusBatch.send(calls, on: bus, serviceName: BusInterface.name, deadline: Deadline(timeout: timeout))
  }

  /// The owner `GetNameOwner` replied with for call `index`.
  private func owner(_ batch: DBusBatch, _ index: Int) throws -> String? {
    try batch.take(index).child(0).string
  }

  @Test("each reply is the answer to its own call, in the order of the calls")
  func repliesInCallOrder() throws {
    let batch = send([
      BusInterface.getNameOwner(BusInterface.name), BusInterface.getNameOwner("org.freedesktop.secrets"),
    ])
    #expect(try owner(batch, 0) == BusInterface.name)  // the bus daemon owns its own name
    #expect(try owner(batch, 1)?.hasPrefix(":") == true)  // the provider: a unique connection name
  }

  @Test("a failed call fails alone: the other calls of its batch are answered")
  func failureStaysWithItsCall() throws {
    let batch = send([
      BusInterface.getNameOwner("org.example.NoSuchName\(UInt32.random(in: 0...UInt32.max))"),
      BusInterface.getNameOwner(BusInterface.name),
    ])
    #expect(batch.error(0)?.remoteName == "org.freedesktop.DBus.Error.NameHasNoOwner")
    #expect(batch.error(1) == nil)
    #expect(try owner(batch, 1) == BusInterface.name)
  }

  @Test("a failed call's reply throws its error, naming the call")
  func takingFailureThrows() {
    let batch = send([BusInterface.getNameOwner("org.example.NoSuchName")])
    #expect {
      _ = try batch.take(0)
    } throws: { error in
      (error as? CallFailure)?.call == "org.freedesktop.DBus.GetNameOwner"
    }
  }

  @Test("a reply is taken once: taking it again is a failure, not a second owner")
  func replyTakenOnce() throws {
    let batch = send([BusInterface.getNameOwner(BusInterface.name)])
    _ = try batch.take(0)
    #expect {
      _ = try batch.take(0)
    } throws: { error in
      (error as? CallFailure)?.message == "the reply was taken already"
    }
  }

  @Test("calls not sent before the deadline passed fail as cancelled, and none is sent")
  func expiredDeadlineCancels() {
    let batch = send(
      [BusInterface.getNameOwner(BusInterface.name), BusInterface.getNameOwner(BusInterface.name)], timeout: .zero)
    for index in 0..<2 {
      #expect(batch.error(index)?.code == Int32(G_IO_ERROR_CANCELLED.rawValue))
    }
  }
}
