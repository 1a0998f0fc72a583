// `import Security` brings Apple's result codes too (`OSStatus`, `noErr`, `errSec…`), which live below the engine in
// SecurityStatus so that every layer shares them.
@_exported import SecurityStatus
