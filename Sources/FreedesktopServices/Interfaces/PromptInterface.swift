internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// `org.freedesktop.Secret.Prompt` at a prompt's path, which `Unlock`, `Lock`, `CreateItem` and `Delete` may return
/// instead of a result. Its messages (`Prompt`, `Dismiss`, and the `Completed` signal awaited in between) are sent
/// by the one prompt runner, in C (`ssc_prompt.c`, CLibSecretShims): it subscribes to the signal on a private main
/// context and dismisses the prompt from the thread that cancels the deadline, which GLib's signal and cancellable
/// callbacks need (docs/reliability.md: ThreadSanitizer). This is its Swift face.
enum PromptInterface {
  static let name = "org.freedesktop.Secret.Prompt"

  /// Runs the prompt at `path` under the policy of the call's deadline and returns its result, checked against
  /// `resultType` (e.g. `ao`, `o`): refused at once (and dismissed) unless the deadline allows prompts
  /// (`Deadline(allowPrompts:)`); otherwise run until its `Completed` signal, or until the deadline passes (then
  /// dismissed without waiting). Fails with the shims' `PROMPT_REFUSED` / `PROMPT_DISMISSED` / `PROMPT_BAD_RESULT`,
  /// `G_IO_ERROR_CANCELLED` (the deadline), or the `Prompt` call's own error.
  static func run(
    _ path: ObjectPath, resultType: StaticString, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> OwnedVariant {
    let call = "\(name).Prompt"
    let result = try withGError(call) { error in
      // result type: transfer none (static); result: transfer full (nullable)
      ssc_prompt_run_sync(
        nil, handle.bus.pointer, handle.busName, path.rawValue, variantType(resultType), deadline.cancellable, error)
    }.unwrapped(call)
    return OwnedVariant(taking: result)
  }

  /// `Dismiss()`, without running the prompt and without waiting for the reply.
  static func dismiss(_ path: ObjectPath, on handle: ServiceHandle) {
    ssc_prompt_dismiss(handle.bus.pointer, handle.busName, path.rawValue)  // transfer none
  }
}
