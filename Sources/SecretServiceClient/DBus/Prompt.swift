internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// Runs the Secret Service prompts that `Unlock`, `Lock`, `CreateItem` and `Delete` may return instead of a result,
/// under the policy of the call's deadline: refused at once (and dismissed) unless the deadline allows prompts
/// (`Deadline(allowPrompts:)`, `ssc_cancellable_allow_prompts`); otherwise run until the prompt's `Completed`
/// signal, or until the deadline passes (then dismissed without waiting). The runner is C
/// (`ssc_prompt_run_sync`, CLibSecretShims), as it subscribes to a signal and watches the GCancellable from the
/// thread that cancels it.
enum Prompt {
  /// The path the services return when no prompt is needed.
  static let none = "/"

  /// Dismisses the prompt at `path` without running it, and without waiting for the reply.
  static func dismiss(_ path: String, on handle: ServiceHandle) {
    DBusBatch.sendWithoutReply(
      DBusMethodCall(path: path, interface: "org.freedesktop.Secret.Prompt", method: "Dismiss", replyType: "()") {
        nil
      }, on: handle.bus, serviceName: handle.busName)
  }

  /// Runs the prompt at `path` and returns its result, checked against `resultType` (e.g. `ao`, `o`).
  /// Fails with the shims' `PROMPT_REFUSED` / `PROMPT_DISMISSED` / `PROMPT_BAD_RESULT`, `G_IO_ERROR_CANCELLED` (the
  /// deadline), or the `Prompt` call's own error.
  static func run(
    _ path: String, resultType: StaticString, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> OwnedVariant {
    let result = try withGError("org.freedesktop.Secret.Prompt.Prompt") { error in
      // result type: transfer none (static); result: transfer full (nullable)
      ssc_prompt_run_sync(
        nil, handle.bus.pointer, handle.busName, path, variantType(resultType), deadline.cancellable, error)
    }.unwrapped("org.freedesktop.Secret.Prompt.Prompt")
    return OwnedVariant(taking: result)
  }
}
