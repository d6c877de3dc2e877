#ifndef SPLASHLAB_CPOPPLER_SHIM_H
#define SPLASHLAB_CPOPPLER_SHIM_H
#include <poppler.h>
#endif
