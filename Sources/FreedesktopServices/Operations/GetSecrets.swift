import GLibValues

/// `Service.GetSecrets`: the secrets of many items in ONE call, decoded for the handle's session. Locked and unknown
/// items are absent from the result, on every provider:
/// - gnome-keyring skips them itself;
/// - KWallet returns locked items with an empty secret: they are left out of the request, and an empty secret is
///   checked again (`ProviderAdapter.lockedItemsGetSecretsWouldEmpty`);
/// - KWallet fails the whole call (InvalidArgs "Can't find item at path …") when one item vanished: after a failure
///   the items that still exist are asked for once more (on any provider).
enum GetSecrets {
  /// The secrets of `paths`, with the providers' differences above smoothed out.
  static func fetch(_ handle: ServiceHandle, _ paths: [ObjectPath], _ deadline: Deadline) throws(CallFailure)
    -> [ObjectPath: SecretBytes]
  {
    let locked = try handle.adapter.lockedItemsGetSecretsWouldEmpty(paths, on: handle, deadline)
    var requested = locked.isEmpty ? paths : paths.filter { !locked.contains($0) }
    if requested.isEmpty { return [:] }
    var result: [ObjectPath: SecretBytes] = [:]
    while true {
      do {
        result = try decode(
          handle.call(ServiceInterface.getSecrets(requested, session: handle.sessionPath()), deadline), handle)
        break
      } catch  where error.error?.meansInvalidArguments == true || error.error?.meansNoSuchObject == true {
        // An item vanished (KWallet fails the whole call): ask again for the items that still exist, as long as
        // items keep vanishing and the deadline allows.
        let existing = Set(try ItemPropertyReads.all(handle, requested, deadline).keys)
        guard existing.count < Set(requested).count, !deadline.isExpired else { throw error }
        requested = requested.filter(existing.contains)
        if requested.isEmpty { return [:] }
      }
    }
    // An empty secret is either the item's own or, where locked items come back empty, the item was locked since
    // the check above.
    let empty = result.filter { $0.value.count == 0 }.map(\.key)
    if !empty.isEmpty {
      for path in try handle.adapter.lockedItemsGetSecretsWouldEmpty(empty, on: handle, deadline) {
        result[path] = nil
      }
    }
    return result
  }

  /// The secrets of a `(a{o(oayays)})` reply, decoded for the handle's session; only those of `wanted` when given
  /// (the others are left encoded in the reply, never decrypted).
  static func decode(
    _ reply: borrowing OwnedVariant, _ handle: ServiceHandle, only wanted: Set<ObjectPath>? = nil
  ) throws(CallFailure) -> [ObjectPath: SecretBytes] {
    let dictionary = reply.child(0)
    var result: [ObjectPath: SecretBytes] = [:]
    for index in 0..<dictionary.childCount {
      let entry = dictionary.child(index)
      guard let path = entry.child(0).objectPath, wanted?.contains(path) ?? true else { continue }
      let encoded = entry.child(1)
      let secret = try encoded.withPointer { (pointer) throws(CallFailure) in try handle.decodeSecret(pointer) }
      result[path] = handle.adapter.storedSecret(secret, contentType: encoded.child(3).string)
    }
    return result
  }
}
