import Foundation

/// A file a helper process appends one line to for each event, before it acts on the event (`dbus/polkit-agent`
/// with `POLKIT_AGENT_EVENTS`, `AnsweringPrompter`'s script with `PROMPTER_EVENTS`), in a directory of its own.
///
/// A test reads the events back from the file rather than from the helper's stdout: stdout is drained by another
/// thread (`BackgroundCommand`), which may lag behind under load, while a line in the file was written before the
/// helper answered, so once the caller has its answer the line is there.
public final class EventLog: Sendable {
  private let directory: TemporaryDirectory

  /// Makes an empty directory for the file; the file itself is the helper's to create.
  public init(_ prefix: String) throws { directory = try TemporaryDirectory(prefix) }

  /// The file's path, for the helper's environment.
  public var path: String { directory.file("events") }

  /// The lines written so far, without empty ones; a last line still being written (no newline yet) is left out.
  public var lines: [String] {
    let written = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    return written.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { !$0.isEmpty }
      .map(String.init)
  }
}
