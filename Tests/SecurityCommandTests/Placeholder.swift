import Testing

@Test("placeholder until the command's tests land") func placeholder() { #expect(Bool(true)) }
