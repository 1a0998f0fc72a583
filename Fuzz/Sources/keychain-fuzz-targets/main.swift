import CFuzzerDriver
import Foundation

// `KEYCHAIN_FUZZ_TARGET=<target> keychain-fuzz-targets [libFuzzer flags] [corpus…]`: one libFuzzer program for the
// parsers of untrusted bytes (`FuzzTarget`), built with `-sanitize=fuzzer,address` by `Fuzz/run-libfuzzer`.
// `KEYCHAIN_FUZZ_WRITE_SEEDS=<dir> keychain-fuzz-targets` writes the seeds made from known items (`SeedWriter`).
if let directory = ProcessInfo.processInfo.environment["KEYCHAIN_FUZZ_WRITE_SEEDS"] {
  do {
    try SeedWriter.write(to: URL(fileURLWithPath: directory))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("keychain-fuzz-targets: writing seeds failed: \(error)\n".utf8))
    exit(1)
  }
}
guard selectedTarget != nil else {
  let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
  FileHandle.standardError.write(Data("keychain-fuzz-targets: set KEYCHAIN_FUZZ_TARGET to one of: \(names)\n".utf8))
  exit(2)
}
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in runSelectedTarget(data, size) })
