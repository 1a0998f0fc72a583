import Testing
@testable import SecretServiceClient
@Test func placeholder() { #expect(_Placeholder.version() == 0) }
