
/// Runs `body` and turns its outcome into an `OSStatus` for the public entry points.
func secItemStatus(_ body: () throws(SecItemError) -> Void) -> OSStatus {
  do {
    try body()
    return errSecSuccess
  } catch {
    return error.status
  }
}
