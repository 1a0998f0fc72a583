import Security

/// The usage and summary texts of the commands this tool implements, exactly as macOS's `security` prints them
/// (the `commands` table of `SecurityTool/macOS/security.c`, Security-61901): `help <command>` prints
/// `Usage: <name> <usage>` on standard output, and a command that returns 2 prints
/// `Usage: <name> <usage>` and the summary on standard error.
enum CommandUsage {
  /// A command's usage line(s) (after its name) and one-line summary.
  struct Text: Sendable {
    let usage: String
    let summary: String
  }

  static let help = Text(
    usage:
      "[command ...]",
    summary: "Show all commands, or show usage for a command."
  )
  static let listKeychains = Text(
    usage:
      "[-h] [-d user|system|common|dynamic] [-s [keychain...]]\n" + "    -d  Use the specified preference domain\n"
      + "    -s  Set the search list to the specified keychains\n" + "With no parameters, display the search list.",
    summary: "Display or manipulate the keychain search list."
  )
  static let defaultKeychain = Text(
    usage:
      "[-h] [-d user|system|common|dynamic] [-s [keychain]]\n" + "    -d  Use the specified preference domain\n"
      + "    -s  Set the default keychain to the specified keychain\n"
      + "With no parameters, display the default keychain.",
    summary: "Display or set the default keychain."
  )
  static let createKeychain = Text(
    usage:
      "[-hP] [-p password] [keychain...]\n"
      + "    -p  Use \"password\" as the password for the keychains being created\n"
      + "    -P  Prompt the user for a password using the SecurityAgent\n" + "Use of the -p option is insecure",
    summary: "Create keychains and add them to the search list."
  )
  static let deleteKeychain = Text(
    usage:
      "[-h] [keychain...]",
    summary: "Delete keychains and remove them from the search list."
  )
  static let lockKeychain = Text(
    usage:
      "[-h] [-a|keychain]\n" + "    -a  Lock all keychains",
    summary: "Lock the specified keychain."
  )
  static let unlockKeychain = Text(
    usage:
      "[-hu] [-p password] [keychain]\n" + "    -p  Use \"password\" as the password to unlock the keychain\n"
      + "    -u  Do not use the password\n" + "Use of the -p option is insecure",
    summary: "Unlock the specified keychain."
  )
  static let setKeychainSettings = Text(
    usage:
      "[-hlu] [-t timeout] [keychain]\n" + "    -l  Lock keychain when the system sleeps\n"
      + "    -u  Lock keychain after timeout interval\n"
      + "    -t  Timeout in seconds (omitting this option specifies \"no timeout\")\n",
    summary: "Set settings for a keychain."
  )
  static let setKeychainPassword = Text(
    usage:
      "[-h] [-o oldPassword] [-p newPassword] [keychain]\n"
      + "    -o  Old keychain password (if not provided, will prompt)\n"
      + "    -p  New keychain password (if not provided, will prompt)\n"
      + "Use of either the -o or -p options is insecure\n",
    summary: "Set password for a keychain."
  )
  static let showKeychainInfo = Text(usage: "[keychain]", summary: "Show the settings for keychain.")
  static let dumpKeychain = Text(
    usage:
      "[-adhir] [keychain...]\n" + "    -a  Dump access control list of items\n"
      + "    -d  Dump (decrypted) data of items\n" + "    -i  Interactive access control list editing mode\n"
      + "    -r  Dump the raw (encrypted) data of items",
    summary: "Dump the contents of one or more keychains."
  )
  static let addGenericPassword = Text(
    usage:
      "[-h] [-a account] [-s service] [-w password] [options...] [-A|-T appPath] [keychain]\n"
      + "    -a  Specify account name (required)\n" + "    -c  Specify item creator (optional four-character code)\n"
      + "    -C  Specify item type (optional four-character code)\n"
      + "    -D  Specify kind (default is \"application password\")\n"
      + "    -G  Specify generic attribute (optional)\n" + "    -j  Specify comment string (optional)\n"
      + "    -l  Specify label (if omitted, service name is used as default label)\n"
      + "    -s  Specify service name (required)\n"
      + "    -p  Specify password to be added (legacy option, equivalent to -w)\n"
      + "    -w  Specify password to be added\n" + "    -X  Specify password data to be added as a hexadecimal string\n"
      + "    -A  Allow any application to access this item without warning (insecure, not recommended!)\n"
      + "    -T  Specify an application which may access this item (multiple -T options are allowed)\n"
      + "    -U  Update item if it already exists (if omitted, the item cannot already exist)\n" + "\n"
      + "By default, the application which creates an item is trusted to access its data without warning.\n"
      + "You can remove this default access by explicitly specifying an empty app pathname: -T \"\"\n"
      + "If no keychain is specified, the password is added to the default keychain.\n"
      + "Use of the -p or -w options is insecure. Specify -w as the last option to be prompted.\n",
    summary: "Add a generic password item."
  )
  static let addInternetPassword = Text(
    usage:
      "[-h] [-a account] [-s server] [-w password] [options...] [-A|-T appPath] [keychain]\n"
      + "    -a  Specify account name (required)\n" + "    -c  Specify item creator (optional four-character code)\n"
      + "    -C  Specify item type (optional four-character code)\n"
      + "    -d  Specify security domain string (optional)\n"
      + "    -D  Specify kind (default is \"Internet password\")\n" + "    -j  Specify comment string (optional)\n"
      + "    -l  Specify label (if omitted, server name is used as default label)\n"
      + "    -p  Specify path string (optional)\n" + "    -P  Specify port number (optional)\n"
      + "    -r  Specify protocol (optional four-character SecProtocolType, e.g. \"http\", \"ftp \")\n"
      + "    -s  Specify server name (required)\n"
      + "    -t  Specify authentication type (as a four-character SecAuthenticationType, default is \"dflt\")\n"
      + "    -w  Specify password to be added\n" + "    -X  Specify password data to be added as a hexadecimal string\n"
      + "    -A  Allow any application to access this item without warning (insecure, not recommended!)\n"
      + "    -T  Specify an application which may access this item (multiple -T options are allowed)\n"
      + "    -U  Update item if it already exists (if omitted, the item cannot already exist)\n" + "\n"
      + "By default, the application which creates an item is trusted to access its data without warning.\n"
      + "You can remove this default access by explicitly specifying an empty app pathname: -T \"\"\n"
      + "If no keychain is specified, the password is added to the default keychain.\n"
      + "Use of the -p or -w options is insecure. Specify -w as the last option to be prompted.\n",
    summary: "Add an internet password item."
  )
  static let findGenericPassword = Text(
    usage:
      "[-h] [-a account] [-s service] [options...] [-g] [keychain...]\n" + "    -a  Match \"account\" string\n"
      + "    -c  Match \"creator\" (four-character code)\n" + "    -C  Match \"type\" (four-character code)\n"
      + "    -D  Match \"kind\" string\n" + "    -G  Match \"value\" string (generic attribute)\n"
      + "    -j  Match \"comment\" string\n" + "    -l  Match \"label\" string\n" + "    -s  Match \"service\" string\n"
      + "    -g  Display the password for the item found\n" + "    -w  Display only the password on stdout\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Find a generic password item."
  )
  static let deleteGenericPassword = Text(
    usage:
      "[-h] [-a account] [-s service] [options...] [keychain...]\n" + "    -a  Match \"account\" string\n"
      + "    -c  Match \"creator\" (four-character code)\n" + "    -C  Match \"type\" (four-character code)\n"
      + "    -D  Match \"kind\" string\n" + "    -G  Match \"value\" string (generic attribute)\n"
      + "    -j  Match \"comment\" string\n" + "    -l  Match \"label\" string\n" + "    -s  Match \"service\" string\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Delete a generic password item."
  )
  static let findInternetPassword = Text(
    usage:
      "[-h] [-a account] [-s server] [options...] [-g] [keychain...]\n" + "    -a  Match \"account\" string\n"
      + "    -c  Match \"creator\" (four-character code)\n" + "    -C  Match \"type\" (four-character code)\n"
      + "    -d  Match \"securityDomain\" string\n" + "    -D  Match \"kind\" string\n"
      + "    -j  Match \"comment\" string\n" + "    -l  Match \"label\" string\n" + "    -p  Match \"path\" string\n"
      + "    -P  Match port number\n" + "    -r  Match \"protocol\" (four-character code)\n"
      + "    -s  Match \"server\" string\n" + "    -t  Match \"authenticationType\" (four-character code)\n"
      + "    -g  Display the password for the item found\n" + "    -w  Display only the password on stdout\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Find an internet password item."
  )
  static let deleteInternetPassword = Text(
    usage:
      "[-h] [-a account] [-s server] [options...] [keychain...]\n" + "    -a  Match \"account\" string\n"
      + "    -c  Match \"creator\" (four-character code)\n" + "    -C  Match \"type\" (four-character code)\n"
      + "    -d  Match \"securityDomain\" string\n" + "    -D  Match \"kind\" string\n"
      + "    -j  Match \"comment\" string\n" + "    -l  Match \"label\" string\n" + "    -p  Match \"path\" string\n"
      + "    -P  Match port number\n" + "    -r  Match \"protocol\" (four-character code)\n"
      + "    -s  Match \"server\" string\n" + "    -t  Match \"authenticationType\" (four-character code)\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Delete an internet password item."
  )
  /// This tool's own command (not macOS's).
  static let polkitAction = Text(
    usage:
      "[-hp] [-a action-id] [-m message]\n" + "    -a  Declare this action (default: the one SecItem checks)\n"
      + "    -m  Use \"message\" as the text of the authentication dialog\n"
      + "    -p  Print only the path the file goes to\n"
      + "Without -p, print the polkit .policy file that declares the user-presence action.",
    summary: "Print the polkit action that user-presence access control checks."
  )
  // The certificate, identity and import/export commands.
  static let setKeyPartitionList = Text(
    usage:
      "[-S partition-list] [-k password] [options...] [keychain]\n"
      + "    -a  Match \"application label\" string\n"
      + "    -c  Match \"creator\" (four-character code)\n"
      + "    -d  Match keys that can decrypt\n"
      + "    -D  Match \"description\" string\n"
      + "    -e  Match keys that can encrypt\n"
      + "    -j  Match \"comment\" string\n"
      + "    -l  Match \"label\" string\n"
      + "    -r  Match keys that can derive\n"
      + "    -s  Match keys that can sign\n"
      + "    -t  Type of key to find: one of \"symmetric\", \"public\", or \"private\"\n"
      + "    -u  Match keys that can unwrap\n"
      + "    -v  Match keys that can verify\n"
      + "    -w  Match keys that can wrap\n"
      + "    -S  Comma-separated list of allowed partition IDs\n"
      + "    -k  password for keychain (required)\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Set the partition list of a key."
  )
  static let findCertificate = Text(
    usage:
      "[-h] [-a] [-c name] [-e emailAddress] [-m] [-p] [-Z] [keychain...]\n"
      + "    -a  Find all matching certificates, not just the first one\n"
      + "    -c  Match on \"name\" when searching (optional)\n"
      + "    -e  Match on \"emailAddress\" when searching (optional)\n"
      + "    -m  Show the email addresses in the certificate\n"
      + "    -p  Output certificate in pem format\n"
      + "    -Z  Print SHA-256 (and SHA-1) hash of the certificate\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Find a certificate item."
  )
  static let findIdentity = Text(
    usage:
      "[-h] [-p policy] [-s string] [-v] [keychain...]\n"
      + "    -p  Specify policy to evaluate (multiple -p options are allowed)\n"
      + "        Supported policies: basic, ssl-client, ssl-server, smime, eap,\n"
      + "        ipsec, ichat, codesigning, sys-default, sys-kerberos-kdc, macappstore, appleID\n"
      + "    -s  Specify optional policy-specific string (e.g. DNS hostname for SSL,\n"
      + "        or RFC822 email address for S/MIME)\n"
      + "    -v  Show valid identities only (default is to show all identities)\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Find an identity (certificate + private key)."
  )
  static let deleteCertificate = Text(
    usage:
      "[-h] [-c name] [-Z hash] [-t] [keychain...]\n"
      + "    -c  Specify certificate to delete by its common name\n"
      + "    -Z  Specify certificate to delete by its SHA-256 (or SHA-1) hash value\n"
      + "    -t  Also delete user trust settings for this certificate\n"
      + "The certificate to be deleted must be uniquely specified either by a\n"
      + "string found in its common name, or by its SHA-256 (or SHA-1) hash.\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Delete a certificate from a keychain."
  )
  static let deleteIdentity = Text(
    usage:
      "[-h] [-c name] [-Z hash] [-t] [keychain...]\n"
      + "    -c  Specify certificate to delete by its common name\n"
      + "    -Z  Specify certificate to delete by its SHA-256 (or SHA-1) hash value\n"
      + "    -t  Also delete user trust settings for this identity certificate\n"
      + "The identity to be deleted must be uniquely specified either by a\n"
      + "string found in its common name, or by its SHA-256 (or SHA-1) hash.\n"
      + "If no keychains are specified to search, the default search list is used.",
    summary: "Delete an identity (certificate + private key) from a keychain."
  )
  static let export = Text(
    usage:
      "[-k keychain] [-t type] [-f format] [-w] [-p] [-P passphrase] [-o outfile]\n"
      + "    -k  keychain to export items from\n"
      + "    -t  Type = certs|allKeys|pubKeys|privKeys|identities|all  (Default: all)\n"
      + "    -f  Format = openssl|openssh1|openssh2|bsafe|pkcs7|pkcs8|pkcs12|pemseq|x509\n"
      + "        ...default format is pemseq for aggregate, openssl for single\n"
      + "    -w  Private keys are wrapped\n"
      + "    -p  PEM encode the output\n"
      + "    -P  Specify wrapping passphrase immediately (default is secure passphrase via GUI)\n"
      + "    -o  Specify output file (default is stdout)\n"
      + "Use of the -P option is insecure\n",
    summary: "Export items from a keychain."
  )
  static let importItems = Text(
    usage:
      "inputfile [-k keychain] [-t type] [-f format] [-w] [-P passphrase] [options...]\n"
      + "    -k  Target keychain to import into\n"
      + "    -t  Type = pub|priv|session|cert|agg\n"
      + "    -f  Format = openssl|openssh1|openssh2|bsafe|raw|pkcs7|pkcs8|pkcs12|netscape|pemseq\n"
      + "    -w  Specify that private keys are wrapped and must be unwrapped on import\n"
      + "    -x  Specify that private keys are non-extractable after being imported\n"
      + "    -P  Specify wrapping passphrase immediately (default is secure passphrase via GUI)\n"
      + "    -a  Specify name and value of extended attribute (can be used multiple times)\n"
      + "    -A  Allow any application to access the imported key without warning (insecure, not recommended!)\n"
      + "    -T  Specify an application which may access the imported key (multiple -T options are allowed)\n"
      + "Use of the -P option is insecure\n",
    summary: "Import items into a keychain."
  )
  static let addCertificates = Text(
    usage:
      "[-h] [-k keychain] file...\n"
      + "If no keychain is specified, the certificates are added to the default keychain.",
    summary: "Add certificates to a keychain."
  )

  static let copyItems = Text(
    usage: "[-hino] [-s service] [-a account] [-c class] [-g group] [-d skip|replace|report] source target\n"
      + copyOptions,
    summary: "Copy the application's items from one keychain to another (a Linux addition)."
  )

  static let moveItems = Text(
    usage: "[-hino] [-s service] [-a account] [-c class] [-g group] [-d skip|replace|report] source target\n"
      + copyOptions + "Source items are deleted once the target holds them.",
    summary: "Move the application's items from one keychain to another (a Linux addition)."
  )

  private static let copyOptions =
    "    -n  Dry run: report what would be copied, write nothing\n"
    + "    -s  Only items of this service (internet passwords: server)\n"
    + "    -a  Only items of this account\n"
    + "    -c  Only items of this class: genp, inet, keys or cert (repeat for several)\n"
    + "    -g  Only items of this access group\n"
    + "    -d  A different item of the same primary key in the target: skip (default), replace, or report\n"
    + "    -i  No prompts: a locked keychain is errSecInteractionNotAllowed\n"
    + "    -o  Other clients' items too (those without an access group); by default only this tool's own\n"
    + "source and target name keychains as the other commands do: login, a collection, a keychain file.\n"
  static let addTrustedCert = Text(
    usage:
      " [<options>] [certFile]\n"
      + "    -d                  Add to admin cert store; default is user\n"
      + "    -r resultType       resultType = trustRoot|trustAsRoot|deny|unspecified;\n"
      + "                              default is trustRoot\n"
      + "    -p policy           Specify policy constraint (ssl, smime, codeSign, IPSec, iChat,\n"
      + "                              basic, swUpdate, pkgSign, pkinitClient, pkinitServer, eap)\n"
      + "    -a appPath          Specify application constraint\n"
      + "    -s policyString     Specify policy-specific string\n"
      + "    -e allowedError     Specify allowed error (certExpired, hostnameMismatch) or integer\n"
      + "    -u keyUsage         Specify key usage, an integer\n"
      + "    -k keychain         Specify keychain to which cert is added\n"
      + "    -i settingsFileIn   Input trust settings file; default is user domain\n"
      + "    -o settingsFileOut  Output trust settings file; default is user domain\n"
      + "    -D                  Add default setting instead of per-cert setting\n"
      + "    certFile            Certificate(s)",
    summary: "Add trusted certificate(s)."
  )
  static let removeTrustedCert = Text(
    usage:
      " [-d] [-D] [certFile]\n"
      + "    -d                  Remove from admin cert store (default is user)\n"
      + "    -D                  Remove default setting instead of per-cert setting\n"
      + "    certFile            Certificate(s)",
    summary: "Remove trusted certificate(s)."
  )
  static let dumpTrustSettings = Text(
    usage:
      " [-s] [-d]\n"
      + "    -s                  Display trusted system certs (default is user)\n"
      + "    -d                  Display trusted admin certs (default is user)\n",
    summary: "Display contents of trust settings."
  )
}
