#ifndef SPLASHLAB_CLIBXML2_SHIM_H
#define SPLASHLAB_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so encoding.h would pull in the system's ICU headers, which
// clash with the ICU that Foundation carries (the same enums, other members). ICU only adds two
// pointers to the end of xmlCharEncodingHandler, which SplashLab never touches (it is reached
// only through pointers), so the headers are read without it; the library is the same.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
