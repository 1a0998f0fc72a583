internal import CLibSecret

/// The user's data directory as GLib resolves it (`$XDG_DATA_HOME` when set and not empty, else
/// `~/.local/share`), read once per process by GLib: the directory libsecret's file backend in the same process
/// keeps `keyrings/default.keyring` in. Inside a Flatpak it is the application's own `~/.var/app/<id>/data`.
package enum UserDataDirectory {
  /// The corresponding C function is `g_get_user_data_dir`.
  package static var path: String {
    String(cString: g_get_user_data_dir())  // transfer none
  }
}
