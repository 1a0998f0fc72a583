/// Whether an operation may show a prompt (for example the keyring's unlock dialog).
package enum UIPolicy: Sendable {
  /// A prompt may be shown; the operation waits for it until its deadline.
  case allowed
  /// No prompt is ever shown or waited for; an operation that needs one fails at once with `.locked`.
  case refused
}
