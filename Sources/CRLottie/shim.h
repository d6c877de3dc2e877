#ifndef SPLASHLAB_CRLOTTIE_SHIM_H
#define SPLASHLAB_CRLOTTIE_SHIM_H
#include <rlottie_capi.h>
#endif
