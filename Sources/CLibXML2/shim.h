// Debian builds libxml2 with ICU, whose headers clash with the copy of ICU inside
// Foundation. Trawl never touches the ICU members of libxml2's structs, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>
#include <libxml/uri.h>
#include <libxml/encoding.h>
#include <libxml/entities.h>
#include <libxml/xmlstring.h>

// xmlFree is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void trawl_xml_free(void *pointer) { xmlFree(pointer); }

// libxml2 2.9 stops building the tree at xmlParserMaxDepth (256) unless told otherwise; it is
// a process-wide setting, set once at start-up by TrawlHTML.
#include <libxml/parserInternals.h>
static inline void trawl_set_max_depth(unsigned int depth) { xmlParserMaxDepth = depth; }

// libxml2 frees each document as many thousands of small blocks; with glibc's fast bins the
// next large free then consolidates them all. See `Document.preferSteadyFrees()`.
#if defined(__GLIBC__)
#include <malloc.h>
static inline void trawl_disable_fast_bins(void) { mallopt(M_MXFAST, 0); }
#else
static inline void trawl_disable_fast_bins(void) {}
#endif
