internal import CLibSecret
internal import CLibSecretShims

/// The program that provides the Secret Service. The providers implement the same D-Bus API but differ where it
/// matters (docs/backends.md); the connection adapts its calls to the one it talks to through its `ProviderAdapter`
/// (`makeAdapter(marker:)`).
package enum ServiceProvider: Sendable, Equatable, CustomStringConvertible {
  /// gnome-keyring-daemon (it also owns `org.gnome.keyring`).
  case gnomeKeyring
  /// KDE's kwalletd5 or kwalletd6 (it also owns `org.kde.kwalletd5` / `org.kde.kwalletd6`), or from KWallet 6.14
  /// `ksecretd` (it also owns `org.kde.ksecretd`; `KWalletInterface`).
  case kwallet
  /// KeePassXC with its Secret Service integration on (it also owns `org.keepassxc.KeePassXC.MainWindow`).
  case keepassxc
  /// Anything else: treated as the Secret Service specification says.
  case other

  package var description: String {
    switch self {
    case .gnomeKeyring: "gnome-keyring"
    case .kwallet: "kwallet"
    case .keepassxc: "keepassxc"
    case .other: "other"
    }
  }

  /// A new adapter for a handle talking to this provider, detected by the marker name `marker` (`detect`).
  func makeAdapter(marker: String?) -> any ProviderAdapter {
    switch self {
    case .gnomeKeyring: GnomeKeyringAdapter()
    case .other: SpecificationAdapter()
    case .kwallet: KWalletAdapter(interfacePath: KWalletInterface.path(forMarker: marker))
    case .keepassxc: KeePassXCAdapter()
    }
  }

  /// Whether the names of a collection's items follow the order they were added in: gnome-keyring numbers them in
  /// that order and never reuses a number (measured on 42.1, also across restarts); KWallet numbers them anew on
  /// every start, the others use UUIDs.
  package var namesFollowInsertion: Bool { self == .gnomeKeyring }

  /// Whether an item keeps its object path for its life, across restarts: on gnome-keyring, and on KeePassXC (the
  /// path ends in the entry's UUID); not on KWallet, nor (not known) on the others.
  package var namesAreStable: Bool { self == .gnomeKeyring || self == .keepassxc }

  /// Whether every item a search finds holds exactly the attribute values searched for: gnome-keyring and KWallet
  /// compare them as strings (measured: docs/backends.md); KeePassXC also finds a value followed by a newline (`a`
  /// finds `a\n`: its search is the regular expression `^a$`); providers nobody measured are not trusted with it.
  package var searchesAreExact: Bool { self == .gnomeKeyring || self == .kwallet }

  /// Whether `GetSecrets` may be sent for items a search has not found yet, in the same batch as the search
  /// (`SecretServiceConnection.searchItemsReadingAhead`): only where the call has no effect beyond its answer and
  /// leaves out locked and unknown items instead of failing or prompting. gnome-keyring does (`GetSecrets`); KWallet
  /// fails the whole call for an unknown item and returns locked ones empty, KeePassXC may ask its user to confirm
  /// each access, and providers nobody measured are not trusted with it.
  package var readsSecretsAhead: Bool { self == .gnomeKeyring }

  /// The names whose owner tells the provider apart: a provider owns them beside `org.freedesktop.secrets`.
  static let markers: [(name: String, provider: ServiceProvider)] =
    [("org.gnome.keyring", .gnomeKeyring)] + KWalletInterface.daemons.map { ($0.busName, .kwallet) }
    + [(KeePassXC.mainWindowName, .keepassxc)]

  /// Finds who provides `busName` on `bus`: pings it (so that an activatable provider starts, and a missing one
  /// fails as `SERVICE_UNKNOWN`, unless a KWallet daemon can be activated to provide it: `KWalletActivation`) and compares its unique name with the owners of the marker names, all in one batch:
  /// one round trip whoever provides the service. When the bus had to start the provider, the bus answered the
  /// owners before the provider was there (it holds only the `Ping` until then): they are asked again once the
  /// `Ping` has been answered.
  /// Returns the provider, the unique name of `busName`'s owner and the first of `markers`, in order, that this owner
  /// owns (nil for `.other`).
  static func detect(on bus: BusConnection, busName: String, _ deadline: Deadline) throws(CallFailure)
    -> (provider: ServiceProvider, owner: String, marker: String?)
  {
    let owners = ([busName] + markers.map(\.name)).map(BusInterface.getNameOwner)
    var batch = DBusBatch.send(
      [BusInterface.ping(busName)] + owners, on: bus, serviceName: busName, deadline: deadline)
    if batch.error(0)?.isDBus(G_DBUS_ERROR_SERVICE_UNKNOWN) == true,
      KWalletActivation.start(on: bus, providing: busName, deadline)
    {
      batch = DBusBatch.send(
        [BusInterface.ping(busName)] + owners, on: bus, serviceName: busName, deadline: deadline)
    }
    _ = try batch.take(0)
    var first = 1
    if batch.error(first)?.isDBus(G_DBUS_ERROR_NAME_HAS_NO_OWNER) == true {
      batch = DBusBatch.send(owners, on: bus, serviceName: busName, deadline: deadline)
      first = 0
    }
    guard let owner = try nameOwner(batch, first) else {
      // It answered the ping and then went away: as if it had never been there.
      throw CallFailure(
        call: "\(BusInterface.name).GetNameOwner",
        error: GLibError(
          domain: ssc_dbus_error_quark(), code: Int32(G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue),
          message: "\(busName) has no owner"))
    }
    for (index, marker) in markers.enumerated() where try nameOwner(batch, first + 1 + index) == owner {
      return (marker.provider, owner, marker.name)
    }
    return (.other, owner, nil)
  }

  /// The unique name the `GetNameOwner` call `index` of `batch` answered, nil when nobody owns the name.
  private static func nameOwner(_ batch: DBusBatch, _ index: Int) throws(CallFailure) -> String? {
    if let error = batch.error(index), error.isDBus(G_DBUS_ERROR_NAME_HAS_NO_OWNER) { return nil }
    return try batch.take(index).child(0).string
  }
}

extension SecretServiceConnection {
  /// Who provides the Secret Service this connection talks to (detected when the connection, or a reconnect, opens
  /// its session).
  package func provider() throws(SecretServiceError) -> ServiceProvider {
    try perform(.service) { (handle, _) throws(CallFailure) in handle.provider }
  }
}
