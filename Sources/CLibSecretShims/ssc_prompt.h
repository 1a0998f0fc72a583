// Private to CLibSecretShims: the asynchronous prompt runner behind `ssc_prompt_run_sync`.
#ifndef SSC_PROMPT_H
#define SSC_PROMPT_H
#include "include/CLibSecretShims.h"

/// Whether `cancellable` was marked with `ssc_cancellable_allow_prompts`.
gboolean ssc_prompts_allowed(GCancellable *cancellable);

/// Runs the prompt at `path` (owned by `name` on `connection`) under the cancellable's policy; `source` becomes the
/// GTask's source object. Completes with the prompt's result (checked against `return_type`) or an error:
/// SSC_SHIM_ERROR_PROMPT_REFUSED, SSC_SHIM_ERROR_PROMPT_DISMISSED, SSC_SHIM_ERROR_PROMPT_BAD_RESULT,
/// G_IO_ERROR_CANCELLED, or the error of the Prompt call.
void ssc_prompt_run_async(GObject *source, GDBusConnection *connection, const gchar *name, const gchar *path,
                          const GVariantType *return_type, GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data);
/// Returns: (transfer full) (nullable).
GVariant *ssc_prompt_run_finish(GAsyncResult *result, GError **error);

#endif
