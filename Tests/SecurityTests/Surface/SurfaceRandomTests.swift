import Foundation
import Security
import Testing

@Suite("Surface: SecRandomCopyBytes")
struct SurfaceRandomTests {
  @Test("fills the buffer and returns errSecSuccess")
  func fillsBuffer() {
    var bytes = [UInt8](repeating: 0, count: 64)
    let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
    #expect(status == errSecSuccess)
    #expect(bytes.contains { $0 != 0 })
  }

  @Test("two calls give different bytes")
  func callsDiffer() {
    var first = [UInt8](repeating: 0, count: 32)
    var second = [UInt8](repeating: 0, count: 32)
    #expect(SecRandomCopyBytes(kSecRandomDefault, first.count, &first) == errSecSuccess)
    #expect(SecRandomCopyBytes(kSecRandomDefault, second.count, &second) == errSecSuccess)
    #expect(first != second)
  }

  @Test("writes exactly count bytes and nothing past them")
  func writesExactlyCount() {
    var buffer = [UInt8](repeating: 0xAA, count: 16)
    let status = buffer.withUnsafeMutableBytes { SecRandomCopyBytes(nil, 11, $0.baseAddress!) }
    #expect(status == errSecSuccess)
    #expect(buffer[11...].allSatisfy { $0 == 0xAA })
  }

  @Test("zero bytes succeeds")
  func zeroBytes() {
    var byte: UInt8 = 0x55
    #expect(SecRandomCopyBytes(kSecRandomDefault, 0, &byte) == errSecSuccess)
    #expect(byte == 0x55)
  }

  @Test("a negative count is errSecParam")
  func negativeCount() {
    var byte: UInt8 = 0
    #expect(SecRandomCopyBytes(kSecRandomDefault, -1, &byte) == errSecParam)
  }

  @Test("Apple's idiom: fill a Data of random bytes")
  func appleIdiomData() {
    var data = Data(count: 32)
    let status = data.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, 32, $0.baseAddress!) }
    #expect(status == errSecSuccess)
    #expect(data.count == 32)
  }
}
