import Foundation
import KeyringTestSupport
import Testing

/// The built `security` executable as scripts run it: real exit statuses, standard streams and standard input.
@Suite("the security executable", .tags(.daemon))
struct BinaryTests {
  let service = unique("svc")

  /// The executable next to the test bundle in the build directory.
  private var executable: String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("security").path
  }

  private func run(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try ExternalCommand.run(executable, arguments, input: input.map { Data($0.utf8) }, timeout: .seconds(30))
  }

  @Test("no match exits 44 with macOS's message")
  func notFound() throws {
    let result = try run(["find-generic-password", "-s", service])
    #expect(result.status == 44)
    #expect(result.output.isEmpty)
    #expect(
      result.errorOutput
        == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }

  @Test("a duplicate exits 45, and the password comes back with -w")
  func addFindDuplicate() throws {
    #expect(try run(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
    #expect(try run(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 45)
    #expect(try run(["find-generic-password", "-a", "alice", "-s", service, "-w"]).output == "s3cret\n")
  }

  @Test("-h exits 2 with the usage on stderr")
  func usage() throws {
    let result = try run(["delete-internet-password", "-h"])
    #expect(result.status == 2)
    #expect(result.errorOutput.hasPrefix("Usage: delete-internet-password [-h] [-a account] [-s server] "))
  }

  @Test(
    "long options before the command are refused by getopt as macOS does",
    arguments: ["--help", "--generate-completion-script", "--version"])
  func longOptions(option: String) throws {
    let result = try run([option])
    #expect(result.status == 2)
    #expect(result.errorOutput == "security: illegal option -- -\n")
    #expect(result.output.hasPrefix("Usage: security [-h] [-i] "))
  }

  @Test("-w as the last argument reads the password twice from standard input")
  func promptFromStdin() throws {
    let add = try run(["add-generic-password", "-a", "alice", "-s", service, "-w"], input: "piped\npiped\n")
    #expect(add.status == 0)
    #expect(add.errorOutput == "password data for new item: retype password for new item: ")
    #expect(try run(["find-generic-password", "-s", service, "-w"]).output == "piped\n")
  }

  @Test(
    "dump-keychain -d -o creates its file with mode 0600 whatever the umask",
    arguments: ["000", "022", "077", "277"])
  func dumpFileMode(umask: String) throws {
    #expect(try run(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(unique("dump")).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let dump = try ExternalCommand.run(
      "/bin/sh", ["-c", "umask \(umask) && exec \"$0\" \"$@\"", executable, "dump-keychain", "-d", "-o", path],
      timeout: .seconds(30))
    #expect(dump.status == 0, "\(dump)")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("data:\n\"s3cret\"\n"))
  }

  @Test("interactive mode runs commands from standard input, keeping the password off the command line")
  func interactive() throws {
    let session = try run(["-i"], input: "add-generic-password -a alice -s \(service) -w \"two words\"\n")
    #expect(session.status == 0)
    #expect(try run(["find-generic-password", "-s", service, "-w"]).output == "two words\n")
  }
}
