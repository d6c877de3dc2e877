#ifndef SPLASHLAB_CRLOTTIE_SHIM_H
#define SPLASHLAB_CRLOTTIE_SHIM_H
#include <rlottie_capi.h>

/* rlottie is opened when the first intro is loaded (Formats' OnDemandLibrary), not linked: the
 * functions are looked up by name, as these types, which are the header's own declarations. */
typedef __typeof__(&lottie_animation_from_data) splashlab_lottie_animation_from_data;
typedef __typeof__(&lottie_animation_destroy) splashlab_lottie_animation_destroy;
typedef __typeof__(&lottie_animation_get_totalframe) splashlab_lottie_animation_get_totalframe;
typedef __typeof__(&lottie_animation_render) splashlab_lottie_animation_render;
#endif
