#ifndef SPLASHLAB_CVECTORIMAGE_SHIM_H
#define SPLASHLAB_CVECTORIMAGE_SHIM_H
#include <glib-object.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <poppler.h>

/* librsvg 2.54's <librsvg/rsvg.h> needs /usr/include/librsvg-2.0 and /usr/include/gdk-pixbuf-2.0
 * on the include path, and the only way to put them there, librsvg-2.0.pc, also brings gio's
 * -pthread, which SwiftPM refuses with a warning. So the few librsvg calls used are declared
 * here exactly as rsvg.h and rsvg-cairo.h declare them (librsvg 2.54 API reference: Handle,
 * new_from_data since 2.14, render_document since 2.46). They are checked against the real
 * header by compiling both together, where a differing declaration is an error:
 *   cc -fsyntax-only $(pkg-config --cflags librsvg-2.0 poppler-glib) \
 *      -include librsvg/rsvg.h Sources/CVectorImage/shim.h
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
#endif
