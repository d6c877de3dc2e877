#ifndef SPLASHLAB_CVECTORIMAGE_SHIM_H
#define SPLASHLAB_CVECTORIMAGE_SHIM_H
#include <stdint.h>

/* PDF (poppler-glib) and SVG (librsvg) drawn through cairo, with the few GLib calls they need.
 * None of these libraries is linked: each is opened when the first PDF or SVG is read (Formats'
 * OnDemandLibrary), so the commands that read none never load them and the 35 libraries they
 * bring. Their headers are not used either, since the only way to their include folders,
 * pkg-config, makes SwiftPM link the libraries too. What is used is declared here exactly as
 * the headers declare it (poppler-glib 22.12, cairo 1.16, GLib 2.74, librsvg 2.54), and checked
 * against them by compiling both together, where a differing declaration is an error:
 *   cc -fsyntax-only $(pkg-config --cflags poppler-glib librsvg-2.0) \
 *      -include poppler.h -include librsvg/rsvg.h Sources/CVectorImage/shim.h
 * Each function is looked up by name as its `splashlab_` pointer type. */

/* GLib (glib/gtypes.h, glibconfig.h, gquark.h, gerror.h, garray.h) and GObject. */
typedef char gchar;
typedef int gint;
typedef gint gboolean;
typedef unsigned char guint8;
typedef unsigned long gsize;
typedef uint32_t guint32;
typedef guint32 GQuark;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef struct _GBytes GBytes;
typedef struct _GError GError;
#ifndef __G_ERROR_H__
struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
};
#endif
GBytes *g_bytes_new(gconstpointer data, gsize size);
void g_bytes_unref(GBytes *bytes);
void g_error_free(GError *error);
void g_object_unref(gpointer object);
typedef __typeof__(&g_bytes_new) splashlab_g_bytes_new;
typedef __typeof__(&g_bytes_unref) splashlab_g_bytes_unref;
typedef __typeof__(&g_error_free) splashlab_g_error_free;
typedef __typeof__(&g_object_unref) splashlab_g_object_unref;

/* cairo (cairo.h): the values used of its enumerations. */
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
#ifndef CAIRO_H
typedef enum _cairo_status { CAIRO_STATUS_SUCCESS = 0 } cairo_status_t;
typedef enum _cairo_format { CAIRO_FORMAT_INVALID = -1, CAIRO_FORMAT_ARGB32 = 0 } cairo_format_t;
#endif
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_scale(cairo_t *cr, double sx, double sy);
cairo_status_t cairo_status(cairo_t *cr);
const char *cairo_status_to_string(cairo_status_t status);
typedef __typeof__(&cairo_image_surface_create) splashlab_cairo_image_surface_create;
typedef __typeof__(&cairo_surface_status) splashlab_cairo_surface_status;
typedef __typeof__(&cairo_surface_flush) splashlab_cairo_surface_flush;
typedef __typeof__(&cairo_surface_destroy) splashlab_cairo_surface_destroy;
typedef __typeof__(&cairo_image_surface_get_data) splashlab_cairo_image_surface_get_data;
typedef __typeof__(&cairo_image_surface_get_stride) splashlab_cairo_image_surface_get_stride;
typedef __typeof__(&cairo_create) splashlab_cairo_create;
typedef __typeof__(&cairo_destroy) splashlab_cairo_destroy;
typedef __typeof__(&cairo_scale) splashlab_cairo_scale;
typedef __typeof__(&cairo_status) splashlab_cairo_status;
typedef __typeof__(&cairo_status_to_string) splashlab_cairo_status_to_string;

/* poppler-glib (poppler.h, poppler-document.h, poppler-page.h). */
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;
#ifndef __POPPLER_GLIB_H__
typedef enum {
    POPPLER_ERROR_INVALID,
    POPPLER_ERROR_ENCRYPTED,
    POPPLER_ERROR_OPEN_FILE,
    POPPLER_ERROR_BAD_CATALOG,
    POPPLER_ERROR_DAMAGED
} PopplerError;
#endif
GQuark poppler_error_quark(void);
PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error);
int poppler_document_get_n_pages(PopplerDocument *document);
PopplerPage *poppler_document_get_page(PopplerDocument *document, int index);
void poppler_page_get_size(PopplerPage *page, double *width, double *height);
void poppler_page_render(PopplerPage *page, cairo_t *cairo);
typedef __typeof__(&poppler_error_quark) splashlab_poppler_error_quark;
typedef __typeof__(&poppler_document_new_from_bytes) splashlab_poppler_document_new_from_bytes;
typedef __typeof__(&poppler_document_get_n_pages) splashlab_poppler_document_get_n_pages;
typedef __typeof__(&poppler_document_get_page) splashlab_poppler_document_get_page;
typedef __typeof__(&poppler_page_get_size) splashlab_poppler_page_get_size;
typedef __typeof__(&poppler_page_render) splashlab_poppler_page_render;

/* librsvg (rsvg.h, rsvg-cairo.h: Handle, new_from_data since 2.14, render_document since 2.46).
 * RsvgHandle is a GObject: released with g_object_unref. */
#ifndef RSVG_H
typedef struct _RsvgHandle RsvgHandle;
typedef struct _RsvgRectangle RsvgRectangle;
struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
};
#endif
RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
typedef __typeof__(&rsvg_handle_new_from_data) splashlab_rsvg_handle_new_from_data;
typedef __typeof__(&rsvg_handle_render_document) splashlab_rsvg_handle_render_document;
#endif
