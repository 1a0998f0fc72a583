// Error domains and type checks: macros Swift cannot import.
#include "CLibSecretShims.h"

GQuark ssc_secret_error_quark(void) { return SECRET_ERROR; }

GQuark ssc_dbus_error_quark(void) { return G_DBUS_ERROR; }

GQuark ssc_io_error_quark(void) { return G_IO_ERROR; }

G_DEFINE_QUARK(ssc-shim-error, ssc_shim_error)

gboolean ssc_is_secret_service(gpointer object) { return object != NULL && SECRET_IS_SERVICE(object); }

gboolean ssc_is_dbus_connection(gpointer object) { return object != NULL && G_IS_DBUS_CONNECTION(object); }

gboolean ssc_is_cancellable(gpointer object) { return object != NULL && G_IS_CANCELLABLE(object); }
