internal import CLibSecret
internal import CLibSecretShims
import Synchronization

/// A session with the provider on a `BusConnection`: libsecret's `SecretService` (our subclass, which accepts a
/// given connection; session opened, no collections loaded) for the session's keys, the provider and its adapter,
/// and the bus name our calls go to. Immutable; a reconnect replaces the whole handle. Users hold a strong reference
/// while they call.
///
/// The session is libsecret's (Diffie-Hellman encrypted where the provider offers it), except where the adapter opens
/// a `plain` one itself (`ProviderAdapter.opensOwnPlainSession`: KWallet, see `SessionTransport`): then the handle
/// addresses its own calls to the unique name of the daemon it opened the session with, so that after a daemon
/// restart they fail as "service went away" (and are retried on a new handle) instead of reaching a new daemon that
/// does not know the session.
final class ServiceHandle: @unchecked Sendable {
  let bus: BusConnection
  /// The `SecretService *` (one reference owned here), used only for the session: its path and the encoding and
  /// decoding of secrets. libsecret's service is thread-safe.
  let service: UnsafeMutablePointer<SecretService>
  /// The D-Bus name our own calls go to: the provider's well-known name (`org.freedesktop.secrets` unless
  /// `$SECRET_SERVICE_BUS_NAME` says otherwise), or the unique name of the daemon holding our own plain session.
  let busName: String
  /// Who provides the service.
  let provider: ServiceProvider
  /// What the calls do differently for that provider.
  let adapter: any ProviderAdapter
  /// How secrets travel between us and the provider.
  let session: SessionTransport
  /// The main context that was thread-default while the proxy was built: GDBusProxy binds its NameOwnerChanged
  /// subscription to it. Nobody iterates it while the handle lives; it is drained when the proxy is released.
  private let homeContext: OpaquePointer
  /// Whether the provider can show no dialogs, once known (`providerIsHeadless`).
  let headless = Mutex<Bool?>(nil)
  /// The KWallet API handles this connection was given, by wallet (`KWalletEntries`): kwalletd keeps them while our
  /// bus connection lives.
  let kwalletHandles = Mutex<[String: Int32]>([:])
  /// What read-ahead searches found last time (`searchItemsReadingAhead`).
  let readAhead: ReadAheadPaths
  /// Whether searches read secrets ahead on this handle: where the provider allows it
  /// (`ServiceProvider.readsSecretsAhead`) and the session encrypts, so that the secrets of items a search no longer
  /// finds, which arrive in the reply undecoded, are ciphertext.
  let readsSecretsAhead: Bool

  /// Opens a service on `bus` (or on a new connection to `address` when `bus` is nil). Searches read ahead with the
  /// paths the user's processes share in `readAheadDirectory` (`SharedReadAheadPaths`), when given.
  init(address: String?, reusing reused: BusConnection?, readAheadDirectory: String?, deadline: Deadline)
    throws(CallFailure)
  {
    let bus: BusConnection
    if let reused {
      bus = reused
    } else {
      bus = try BusConnection(address: address, deadline: deadline)
    }
    let wellKnownName = Self.configuredBusName
    let (provider, owner, marker) = try ServiceProvider.detect(on: bus, busName: wellKnownName, deadline)
    let adapter = provider.makeAdapter(marker: marker)
    let home = g_main_context_new()!  // transfer full
    g_main_context_push_thread_default(home)  // transfer none
    let opened = Result { () throws(CallFailure) in
      try withGError("ssc_service_open_on_connection") { error in
        // transfer full (nullable); mirrors secret_service_open_sync on our own connection. Without libsecret's
        // session when the adapter opens its own plain one (below).
        ssc_service_open_on_connection(
          ssc_service_get_type(), bus.pointer,
          adapter.opensOwnPlainSession ? SECRET_SERVICE_NONE : SECRET_SERVICE_OPEN_SESSION, deadline.cancellable,
          error)
      }.unwrapped("ssc_service_open_on_connection")
    }
    g_main_context_pop_thread_default(home)
    let session: SessionTransport
    switch opened {
    case .success(let service):
      if adapter.opensOwnPlainSession {
        do {
          session = .plain(path: try SessionTransport.openPlain(bus, destination: owner, deadline))
        } catch {
          g_object_unref(service)  // our reference
          Self.drain(home)
          g_main_context_unref(home)  // our reference
          throw error
        }
      } else {
        session = .libsecret
      }
      self.bus = bus
      self.service = service
      self.homeContext = home
      self.provider = provider
      self.adapter = adapter
      self.session = session
      let name = g_dbus_proxy_get_name(service.asProxy)  // transfer none
      let proxyName = name.map { String(cString: $0) } ?? wellKnownName
      self.busName = adapter.opensOwnPlainSession ? owner : proxyName
      self.readsSecretsAhead =
        provider.readsSecretsAhead && session.algorithm(on: service) == .dhIetf1024Sha256Aes128CbcPkcs7
      // Scoped to this bus (its GUID; transfer none) and this daemon (its unique name), so that no other keyring's
      // paths are taken for this one's.
      var shared: SharedReadAheadPaths.Scope? = nil
      if readsSecretsAhead, let readAheadDirectory, let table = SharedReadAheadPaths.table(in: readAheadDirectory) {
        shared = table.scope(bus: String(cString: g_dbus_connection_get_guid(bus.pointer)), daemon: owner)
      }
      self.readAhead = ReadAheadPaths(shared: shared)
    case .failure(let failure):
      Self.drain(home)
      g_main_context_unref(home)  // our reference
      throw failure
    }
  }

  /// The well-known name of the Secret Service: `$SECRET_SERVICE_BUS_NAME` or `org.freedesktop.secrets` (as
  /// `ssc_service_open_on_connection` chooses it).
  private static var configuredBusName: String {
    g_getenv("SECRET_SERVICE_BUS_NAME").map { String(cString: $0) } ?? "org.freedesktop.secrets"  // transfer none
  }

  deinit {
    if case .plain(let path) = session { SessionTransport.close(bus, destination: busName, path: path) }
    g_object_unref(service)  // our reference (the proxy unsubscribes into homeContext)
    Self.drain(homeContext)
    g_main_context_unref(homeContext)  // our reference
  }

  /// Runs what GLib queued on `context` (signal-subscription destroy notifies), so nothing stays referenced.
  private static func drain(_ context: OpaquePointer) {
    while g_main_context_iteration(context, 0) != 0 {}
  }
}

extension UnsafeMutablePointer<SecretService> {
  /// The service as its parent class, `GDBusProxy *` (transfer none).
  var asProxy: UnsafeMutablePointer<GDBusProxy> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: GDBusProxy.self)
  }
}
