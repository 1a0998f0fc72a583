// Error domains: macros Swift cannot import.
#include "CLibSecretShims.h"

GQuark ssc_secret_error_quark(void) { return SECRET_ERROR; }

GQuark ssc_dbus_error_quark(void) { return G_DBUS_ERROR; }

GQuark ssc_io_error_quark(void) { return G_IO_ERROR; }

G_DEFINE_QUARK(ssc-shim-error, ssc_shim_error)
