import CLibXML2
import Foundation

/// A parsed HTML or XML document, owned by Swift and freed with it.
///
/// Immutable once parsed, so it may be read from several tasks at once: a query uses the
/// document's XPath context when no other holds it, else one of its own.
public final class Document: @unchecked Sendable {
    let pointer: xmlDocPtr
    /// The URL the document came from; relative links resolve against it (or `<base href>`).
    public let url: URL?
    public let isHTML: Bool
    /// What the parse had to leave out to stay bounded (`ParseLimits`): deep nesting, too many
    /// attributes. Empty for ordinary pages; set once, while parsing.
    public internal(set) var warnings: [String] = []
    /// Whether less than the whole input was parsed (see `warnings` for why): what is missing
    /// from such a document is not gone from the page.
    public internal(set) var isTruncated = false

    init(pointer: xmlDocPtr, url: URL?, isHTML: Bool) {
        self.pointer = pointer
        self.url = url
        self.isHTML = isHTML
    }

    let baseLock = NSLock()
    /// `baseURL` once worked out (`Node+URL.swift`): nil until first asked.
    var cachedBaseURL: URL??

    private let indexLock = NSLock()
    private var index: ElementIndex?

    private let contextLock = NSLock()
    private var context: xmlXPathContextPtr?

    deinit {
        if let context { xmlXPathFreeContext(context) }
        xmlFreeDoc(pointer)
    }

    /// Runs `body` with an XPath context on this document: the kept one (made once, with
    /// the `trawl-*` functions, since making one registers every built-in function anew),
    /// or, while another thread holds it, a fresh one.
    func withXPathContext<T>(functions: Bool, _ body: (xmlXPathContextPtr) throws -> T) throws -> T {
        if contextLock.try() {
            defer { contextLock.unlock() }
            if context == nil { context = Self.newContext(pointer, functions: true) }
            guard let context else { throw XPathError(expression: "", reason: "out of memory") }
            return try body(context)
        }
        guard let fresh = Self.newContext(pointer, functions: functions) else {
            throw XPathError(expression: "", reason: "out of memory")
        }
        defer { xmlXPathFreeContext(fresh) }
        return try body(fresh)
    }

    private static func newContext(_ document: xmlDocPtr, functions: Bool) -> xmlXPathContextPtr? {
        guard let context = xmlXPathNewContext(document) else { return nil }
        // Errors come back as values; libxml2 would otherwise print them to stderr.
        context.pointee.error = { _, _ in }
        if functions { XPathFunctions.register(in: context) }
        return context
    }

    /// The document's elements by name, built the first time a selector needs it.
    var elementIndex: ElementIndex? {
        indexLock.withLock {
            if index == nil, let root = xmlDocGetRootElement(pointer) { index = ElementIndex(root: root) }
            return index
        }
    }

    /// Tunes the C allocator for a process that parses many documents: glibc's fast bins
    /// make the free after a document's thousands of small blocks consolidate them all, a
    /// sixth of a scrape's CPU time (`Benchmarks/scrape.sh`); without them small blocks
    /// still go through the per-thread cache. For executables, at start; a no-op off glibc.
    public static func preferSteadyFrees() {
        trawl_disable_fast_bins()
    }

    /// The root element (`html` for an HTML document).
    public var root: Node? {
        xmlDocGetRootElement(pointer).map { Node(document: self, pointer: $0) }
    }
}
