#ifndef SPLASHLAB_CLIBYUV_SHIM_H
#define SPLASHLAB_CLIBYUV_SHIM_H
#include <stdint.h>
#include <libyuv/convert.h>
#include <libyuv/convert_from_argb.h>

// Swift's C++ interoperability (SplashLab's targets import C as C++) does not find functions
// declared inside libyuv's `namespace libyuv { extern "C" { ... } }`: these wrappers sit outside it.
#ifdef __cplusplus
#define SPLASHLAB_LIBYUV libyuv::
#else
#define SPLASHLAB_LIBYUV
#endif

/// B, G, R, A bytes (libyuv's little-endian "ARGB") to yuv420p; a negative height reads the rows upwards.
static inline int splashlab_bgra_to_i420(const uint8_t *src, int src_stride, uint8_t *y, int y_stride, uint8_t *u, int u_stride,
                                         uint8_t *v, int v_stride, int width, int height) {
    return SPLASHLAB_LIBYUV ARGBToI420(src, src_stride, y, y_stride, u, u_stride, v, v_stride, width, height);
}

/// R, G, B, A bytes (libyuv's little-endian "ABGR") to yuv420p; a negative height reads the rows upwards.
static inline int splashlab_rgba_to_i420(const uint8_t *src, int src_stride, uint8_t *y, int y_stride, uint8_t *u, int u_stride,
                                         uint8_t *v, int v_stride, int width, int height) {
    return SPLASHLAB_LIBYUV ABGRToI420(src, src_stride, y, y_stride, u, u_stride, v, v_stride, width, height);
}
#endif
