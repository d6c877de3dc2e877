#ifndef SPLASHLAB_CLIBZIP_SHIM_H
#define SPLASHLAB_CLIBZIP_SHIM_H
#include <zip.h>

/* libzip is opened when the first dotLottie file is read (Formats' OnDemandLibrary), not linked:
 * the functions are looked up by name, as these types, which are the header's own declarations. */
typedef __typeof__(&zip_error_init) splashlab_zip_error_init;
typedef __typeof__(&zip_error_fini) splashlab_zip_error_fini;
typedef __typeof__(&zip_error_strerror) splashlab_zip_error_strerror;
typedef __typeof__(&zip_source_buffer_create) splashlab_zip_source_buffer_create;
typedef __typeof__(&zip_source_free) splashlab_zip_source_free;
typedef __typeof__(&zip_open_from_source) splashlab_zip_open_from_source;
typedef __typeof__(&zip_discard) splashlab_zip_discard;
typedef __typeof__(&zip_get_num_entries) splashlab_zip_get_num_entries;
typedef __typeof__(&zip_stat_init) splashlab_zip_stat_init;
typedef __typeof__(&zip_stat_index) splashlab_zip_stat_index;
typedef __typeof__(&zip_strerror) splashlab_zip_strerror;
typedef __typeof__(&zip_fopen_index) splashlab_zip_fopen_index;
typedef __typeof__(&zip_fread) splashlab_zip_fread;
typedef __typeof__(&zip_fclose) splashlab_zip_fclose;
typedef __typeof__(&zip_file_strerror) splashlab_zip_file_strerror;
#endif
