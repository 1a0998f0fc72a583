import Testing
import Security
@Test func placeholder2() { #expect(Bool(true)) }
