/// Runs `body` as one call of the public API (its inputs read once, at this entry: `SecItemEnvironment.forCall`) and
/// turns its outcome into an `OSStatus` for the public entry points.
func secItemStatus(_ body: () throws(SecItemError) -> Void) -> OSStatus {
  SecItemEnvironment.forCall {
    do throws(SecItemError) {
      try body()
      return errSecSuccess
    } catch {
      return error.status
    }
  }
}
