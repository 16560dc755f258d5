#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's
 * <unicode/ucnv.h>, whose enums clash with the ICU copy inside Swift's Foundation in any file
 * that imports both. Nothing here uses libxml2's ICU converters; the only declarations this
 * hides are two pointers at the end of xmlCharEncodingHandler, which Swift never allocates. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <string.h>

/// The libxml2 version the program runs against, as a string ("20914"); `xmlParserVersion`
/// is a global variable, which Swift 6 strict concurrency will not read directly.
static inline const char *CLibXML2_parserVersion(void) {
    return xmlParserVersion;
}

/// Frees memory that libxml2 allocated; `xmlFree` is a global function pointer variable,
/// which Swift 6 strict concurrency will not read directly.
static inline void CLibXML2_free(void *pointer) {
    xmlFree(pointer);
}

/// Fills `handler` with libxml2's own SAX2 callbacks (which keep the DTD's entity declarations,
/// so that internal entities can be expanded) and clears the three variadic error callbacks,
/// which print to standard error and which Swift cannot call or set: errors reach the
/// structured `serror` callback instead.
static inline void CLibXML2_initSAX2Handler(xmlSAXHandler *handler) {
    memset(handler, 0, sizeof(xmlSAXHandler));
    xmlSAXVersion(handler, 2);
    handler->warning = NULL;
    handler->error = NULL;
    handler->fatalError = NULL;
}

/// Replaces the SAX handler of a parser context made by `xmlCreateMemoryParserCtxt` with a copy
/// of `handler`; the context keeps its own allocation, so `xmlFreeParserCtxt` frees it as usual.
static inline void CLibXML2_setSAXHandler(xmlParserCtxtPtr context, const xmlSAXHandler *handler) {
    memcpy(context->sax, handler, sizeof(xmlSAXHandler));
}

#endif
