import Foundation
import KeyringTestSupport
import Testing

/// Items other Secret Service clients write are found by the commands, and theirs by the clients.
@Suite("security and other Secret Service clients", .tags(.daemon))
struct InteropTests {
  let service = unique("svc")

  @Test(
    "a password Python keyring stored is found by service and account",
    .disabled(
      if: KeyringBackend.storesInFile,
      "Python keyring talks to the Secret Service only: it cannot reach libsecret’s keyring file or a keychain file"))
  func pythonKeyringToSecurity() throws {
    let script = "import keyring; keyring.set_password('\(service)', 'alice', 'from python')"
    #expect(try ExternalCommand.run(ExternalCommand.python3, ["-c", script]).succeeded)
    let run = security(["find-generic-password", "-s", service, "-a", "alice", "-w"])
    #expect(run.output == "from python\n")
  }

  @Test(
    "a password security added is read by Python keyring",
    .disabled(
      if: KeyringBackend.storesInFile,
      "Python keyring talks to the Secret Service only: it cannot reach libsecret’s keyring file or a keychain file"))
  func securityToPythonKeyring() throws {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "from security"]).status == 0)
    let script = "import keyring; print(keyring.get_password('\(service)', 'alice'))"
    let read = try ExternalCommand.run(ExternalCommand.python3, ["-c", script]) { $0.output == "from security\n" }
    #expect(read.output == "from security\n")
  }

  @Test("an internet password secret-tool stored with libsecret's network names is found")
  func secretToolToSecurity() throws {
    let server = "\(service).example.com"
    let store = try ExternalCommand.run(
      "secret-tool", ["store", "--label=x", "server", server, "user", "bob", "protocol", "https", "port", "8443"],
      input: Data("from secret-tool".utf8))
    #expect(store.succeeded)
    let run = security(["find-internet-password", "-s", server, "-a", "bob", "-r", "htps", "-P", "8443", "-g"])
    #expect(run.status == 0)
    #expect(run.error == "password: \"from secret-tool\"\n")
    #expect(run.output.contains("    \"ptcl\"<uint32>=\"htps\"\n    \"scrp\"<sint32>=<NULL>\n"))
  }
}
