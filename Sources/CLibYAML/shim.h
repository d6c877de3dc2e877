#ifndef SPLASHLAB_CLIBYAML_SHIM_H
#define SPLASHLAB_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
