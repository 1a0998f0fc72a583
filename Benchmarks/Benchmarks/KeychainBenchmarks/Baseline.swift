import LibsecretBaseline

/// A failed baseline call, with libsecret's or GDBus's message (never secret bytes).
struct BaselineError: Error, CustomStringConvertible {
  let description: String

  /// The last failure recorded by the C baseline.
  static func last(_ what: String) -> BaselineError {
    BaselineError(description: "\(what): \(String(cString: lsb_last_error()))")
  }
}

/// libsecret's own C API doing the work of each SecItem call (the `LibsecretBaseline` C target).
enum Libsecret {
  /// Connects once per process (the session bus, libsecret's service with an open session).
  static func connect() throws(BaselineError) {
    guard lsb_connect() == 0 else { throw .last("connect") }
  }

  /// `secret_password_storev_sync`: creates, or replaces the secret of, the item {service, account}.
  static func store(service: String, account: String, label: String, secret: String) throws(BaselineError) {
    guard lsb_store(service, account, label, secret) == 0 else { throw .last("store") }
  }

  /// `secret_password_lookupv_sync`: the length of the item's secret; throws when no item matches.
  @discardableResult
  static func lookup(service: String, account: String) throws(BaselineError) -> Int {
    let length = lsb_lookup(service, account)
    guard length >= 0 else {
      throw length == -1 ? BaselineError(description: "lookup: no item \(service)/\(account)") : .last("lookup")
    }
    return length
  }

  /// How ``lookupPaths(service:account:decoding:)`` fetches the secret.
  enum GetSecrets {
    /// `secret_service_get_secrets_for_dbus_paths_sync` (leaks each reply in libsecret 0.20.5).
    case libsecret
    /// `GetSecrets` on the service's proxy, decoded with `secret_service_decode_dbus_secret`.
    case decodeEach

    var mode: lsb_get_secrets_mode {
      switch self {
      case .libsecret: LSB_GET_SECRETS_LIBSECRET
      case .decodeEach: LSB_GET_SECRETS_DECODE
      }
    }
  }

  /// The protocol's two round trips with the dbus-path API (SearchItems, GetSecrets): the secret's length; throws
  /// when no item matches.
  @discardableResult
  static func lookupPaths(service: String, account: String, getSecrets: GetSecrets) throws(BaselineError) -> Int {
    let length = lsb_lookup_paths(service, account, getSecrets.mode)
    guard length >= 0 else {
      throw length == -1 ? BaselineError(description: "lookup: no item \(service)/\(account)") : .last("lookup")
    }
    return length
  }

  /// `secret_password_clearv_sync`: deletes every matching item (any account when nil); whether one was deleted.
  @discardableResult
  static func clear(service: String, account: String?) throws(BaselineError) -> Bool {
    let result = lsb_clear(service, account)
    guard result >= 0 else { throw .last("clear") }
    return result == 1
  }

  /// `secret_service_search_sync` with UNLOCK (+ ALL, + LOAD_SECRETS), reading every item's attributes, label, dates
  /// and secret: the number of items and of bytes read.
  @discardableResult
  static func search(
    service: String?, account: String? = nil, all: Bool, loadSecrets: Bool
  ) throws(BaselineError) -> (count: Int, bytes: Int) {
    var bytes = 0
    let count = lsb_search(service, account, all ? 1 : 0, loadSecrets ? 1 : 0, &bytes)
    guard count >= 0 else { throw .last("search") }
    return (count, bytes)
  }
}

/// The D-Bus floor: bare calls to the keyring daemon with GDBus, no libsecret in between.
enum DBusFloor {
  /// `org.freedesktop.DBus.Peer.Ping` to `org.freedesktop.secrets`.
  static func ping() throws(BaselineError) {
    guard lsb_ping() == 0 else { throw .last("ping") }
  }

  /// `SearchItems` with an attribute no item has; the number of paths returned (0).
  @discardableResult
  static func searchItemsNoMatch() throws(BaselineError) -> Int {
    let count = lsb_search_items_no_match()
    guard count >= 0 else { throw .last("SearchItems") }
    return count
  }

  /// A listing with attributes and data at the protocol's minimum: SearchItems, pipelined GetAll for every item,
  /// one GetSecrets. The number of items.
  static func list(service: String?) throws(BaselineError) -> Int {
    var bytes = 0
    let count = lsb_list_floor(service, &bytes)
    guard count >= 0 else { throw .last("listing floor") }
    return count
  }

  /// `SearchItems` for {service[, account]}: the number of unlocked items.
  static func count(service: String, account: String? = nil) throws(BaselineError) -> Int {
    let count = lsb_count(service, account)
    guard count >= 0 else { throw .last("SearchItems") }
    return count
  }
}
