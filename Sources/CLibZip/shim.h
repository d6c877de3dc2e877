#ifndef SPLASHLAB_CLIBZIP_SHIM_H
#define SPLASHLAB_CLIBZIP_SHIM_H
#include <zip.h>
#endif
