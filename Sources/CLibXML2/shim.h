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
#include <libxml/SAX2.h>

// xmlFree is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void trawl_xml_free(void *pointer) { xmlFree(pointer); }

// libxml2 2.9 stops building the tree at xmlParserMaxDepth (256) unless told otherwise; it is
// a process-wide setting, set once at start-up by TrawlHTML.
#include <libxml/parserInternals.h>
static inline void trawl_set_max_depth(unsigned int depth) { xmlParserMaxDepth = depth; }

// XML_ERR_NO_MEMORY is what xmlSAX2Characters reports for a text node over 10,000,000 bytes
// (in the XML parser, text arriving in pieces: non-ASCII text), after which nothing more is
// parsed; later errors overwrite errNo, so the structured error handler notes it as it comes
// (and, being set, keeps libxml2 from printing that error on stderr, as it otherwise does).
static inline void trawl_note_stop(void *data, xmlErrorPtr error) {
    xmlParserCtxtPtr parser = (xmlParserCtxtPtr) data;
    if (parser != NULL && parser->_private != NULL && error != NULL && error->code == XML_ERR_NO_MEMORY)
        *(int *) parser->_private = 1;
}

// Sets `*stopped` to 1 if `parser` stops for a text node too long (or no memory).
static inline void trawl_watch_for_stop(xmlParserCtxtPtr parser, int *stopped) {
    *stopped = 0;
    parser->_private = stopped;
    if (parser->sax != NULL) parser->sax->serror = trawl_note_stop;
}

// libxml2 2.9 ends a parse at a text node over XML_MAX_TEXT_LENGTH (10,000,000 bytes) unless
// XML_PARSE_HUGE is set, and htmlCtxtUseOptions drops that option; so the HTML read is spelled
// out here (as htmlReadMemory does it) with the option set on the context. XML_PARSE_HUGE also
// lifts the depth bound (nodePush), so the start-element handler keeps it instead, stopping at
// the same node nodePush would. HTML declares no entities: there is no expansion to bound.
static inline void trawl_bounded_start_element(void *context, const xmlChar *name, const xmlChar **attributes) {
    xmlParserCtxtPtr parser = (xmlParserCtxtPtr) context;
    if ((unsigned int) parser->nodeNr > xmlParserMaxDepth) {
        xmlStopParser(parser);
        return;
    }
    xmlSAX2StartElement(context, name, attributes);
}

// UTF-8 `buffer` parsed as HTML with `options`; `*stopped` says whether the parser stopped
// part way (out of memory).
static inline htmlDocPtr trawl_html_read_utf8(const char *buffer, int size, const char *url, int options, int *stopped) {
    htmlParserCtxtPtr parser = htmlCreateMemoryParserCtxt(buffer, size);
    *stopped = 0;
    if (parser == NULL) return NULL;
    trawl_watch_for_stop(parser, stopped);
    htmlCtxtUseOptions(parser, options);
    parser->options |= XML_PARSE_HUGE;
    if (parser->sax != NULL) parser->sax->startElement = trawl_bounded_start_element;
    xmlCharEncodingHandlerPtr utf8 = xmlFindCharEncodingHandler("UTF-8");
    if (utf8 != NULL) xmlSwitchToEncoding(parser, utf8);
    if (url != NULL && parser->input != NULL && parser->input->filename == NULL)
        parser->input->filename = (char *) xmlStrdup((const xmlChar *) url);
    htmlParseDocument(parser);
    htmlDocPtr document = parser->myDoc;
    parser->myDoc = NULL;
    parser->_private = NULL;
    if (parser->dictNames && document != NULL && document->dict == parser->dict) parser->dict = NULL;
    htmlFreeParserCtxt(parser);
    return document;
}

// An XML read that says whether the parser stopped part way (`*stopped`).
static inline xmlDocPtr trawl_xml_read(const char *buffer, int size, const char *url, int options, int *stopped) {
    xmlParserCtxtPtr parser = xmlNewParserCtxt();
    *stopped = 0;
    if (parser == NULL) return NULL;
    trawl_watch_for_stop(parser, stopped);
    xmlDocPtr document = xmlCtxtReadMemory(parser, buffer, size, url, NULL, options);
    parser->_private = NULL;
    xmlFreeParserCtxt(parser);
    return document;
}

// libxml2 frees each document as many thousands of small blocks; with glibc's fast bins the
// next large free then consolidates them all. See `Document.preferSteadyFrees()`.
#if defined(__GLIBC__)
#include <malloc.h>
static inline void trawl_disable_fast_bins(void) { mallopt(M_MXFAST, 0); }
#else
static inline void trawl_disable_fast_bins(void) {}
#endif
