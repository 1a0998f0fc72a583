// libsecret (and through it GLib and GIO) for the benchmark's C baseline, found with pkg-config libsecret-1.
#include <libsecret/secret.h>
