// `import Security` on Linux.
//
// Apple-platform code says `import Security` to reach SecItemAdd and the kSec constants. This module has that name
// and re-exports KeychainServices, so such a file builds unchanged: every public name of KeychainServices (the CF
// type names, constants, status codes and functions) is visible through `import Security` alone.
// `Tests/KeychainServicesTests/Surface` proves it: its files import only Foundation and Security.
@_exported import KeychainServices
