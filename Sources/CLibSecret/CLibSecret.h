#ifndef CLIBSECRET_H
#define CLIBSECRET_H
// The dbus-path API (secret_service_search_for_dbus_paths_sync, ...get_secrets_for_dbus_paths_sync, ...) is only
// declared when this is defined.
#define SECRET_API_SUBJECT_TO_CHANGE 1
#include <libsecret/secret.h>
#include <gio/gio.h>
#endif
