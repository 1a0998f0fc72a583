import GLibValues

extension SecretServiceConnection {
  /// The secrets of many items in ONE `GetSecrets` call (`GetSecrets.fetch`). Items that vanished meanwhile are
  /// omitted; if any requested item is locked the call fails with `.locked`.
  package func secrets(_ items: [ObjectPath]) throws(SecretServiceError) -> [ObjectPath: SecretBytes] {
    try Validation.paths(items, call: "\(ServiceInterface.name).GetSecrets")
    if items.isEmpty { return [:] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      let found = try GetSecrets.fetch(handle, items, deadline)
      try Self.checkMissingSecrets(items, found, handle, deadline)
      return found
    }
  }

  /// Properties and secrets of many items in ONE batch: the property reads of `itemProperties` and the
  /// `GetSecrets` call of `secrets` in flight together, so that reading what a lookup needs costs one round trip.
  /// Vanished items are omitted from both; a locked item fails the call with `.locked` when secrets are read. Where
  /// `GetSecrets` needs the checks of `GetSecrets.fetch` first (`ProviderAdapter.sendsGetSecretsWithPropertyReads`:
  /// KWallet), the secrets are read after the properties.
  package func read(
    _ items: [ObjectPath], _ wanted: ItemPropertySet, secrets wantsSecrets: Bool
  ) throws(SecretServiceError) -> (properties: [ObjectPath: ItemProperties], secrets: [ObjectPath: SecretBytes]) {
    try Validation.paths(items, call: "\(PropertiesInterface.name).Get")
    if items.isEmpty { return ([:], [:]) }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      var calls = ItemPropertyReads.calls(items, wanted)
      let together = wantsSecrets && handle.adapter.sendsGetSecretsWithPropertyReads
      if together { calls.append(ServiceInterface.getSecrets(items, session: try handle.sessionPath())) }
      let batch = handle.send(calls, deadline)
      let properties = try ItemPropertyReads.replies(batch, items, wanted, handle: handle, deadline)
      guard wantsSecrets else { return (properties, [:]) }
      var found: [ObjectPath: SecretBytes]
      if together, batch.error(items.count) == nil {
        found = try GetSecrets.decode(batch.take(items.count), handle)
      } else {
        found = try GetSecrets.fetch(handle, items, deadline)  // not sent together, or a GetSecrets that failed
      }
      try Self.checkMissingSecrets(items, found, handle, deadline)
      return (properties, found)
    }
  }

  /// Items without a secret are locked or gone: `.locked` when one is locked (also when one is hidden in a locked
  /// database: `ProviderAdapter.isHiddenByLock`), nothing when all are gone, an error when one is there and unlocked
  /// (a provider that returned no secret for it).
  private static func checkMissingSecrets(
    _ items: [ObjectPath], _ found: [ObjectPath: SecretBytes], _ handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) {
    let missing = Set(items).filter { found[$0] == nil }
    if missing.isEmpty { return }
    let call = "\(ServiceInterface.name).GetSecrets"
    let infos = try ItemPropertyReads.all(handle, Array(missing), deadline)
    if infos.values.contains(where: { $0.locked == true }) {
      throw CallFailure(call: call, cause: .locked, message: "an item is locked")
    }
    let gone = missing.subtracting(infos.keys)
    if gone.contains(where: { handle.adapter.isHiddenByLock($0, on: handle, deadline) }) {
      throw CallFailure(call: call, cause: .locked, message: "the database is locked")
    }
    if !infos.isEmpty {
      throw CallFailure(call: call, cause: .other, message: "the service returned no secret for an unlocked item")
    }
  }
}
