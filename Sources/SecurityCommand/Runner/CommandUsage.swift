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

  static let copyItems = Text(
    usage: "[-hin] [-s service] [-a account] [-c class] [-g group] [-d skip|replace|report] source target\n"
      + copyOptions,
    summary: "Copy the application's items from one keychain to another (a Linux addition)."
  )

  static let moveItems = Text(
    usage: "[-hin] [-s service] [-a account] [-c class] [-g group] [-d skip|replace|report] source target\n"
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
    + "source and target name keychains as the other commands do: login, a collection, a keychain file.\n"
}
