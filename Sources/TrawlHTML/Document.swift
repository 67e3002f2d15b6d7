import CLibXML2
import Foundation

/// A parsed HTML or XML document, owned by Swift and freed with it.
///
/// Immutable once parsed, so it may be read from several tasks at once: every query
/// makes its own XPath context.
public final class Document: @unchecked Sendable {
    let pointer: xmlDocPtr
    /// The URL the document came from; relative links resolve against it (or `<base href>`).
    public let url: URL?
    public let isHTML: Bool
    /// What the parse had to leave out to stay bounded (`ParseLimits`): deep nesting, too many
    /// attributes. Empty for ordinary pages; set once, while parsing.
    public internal(set) var warnings: [String] = []
    /// The URL relative links resolve against: the first `<base href>` in the `head`
    /// (HTML Standard §4.2.3), itself resolved against `url`; else `url`.
    public let baseURL: URL?

    init(pointer: xmlDocPtr, url: URL?, isHTML: Bool) {
        self.pointer = pointer
        self.url = url
        self.isHTML = isHTML
        baseURL = isHTML ? Document.baseURL(of: pointer, url: url) : url
    }

    private let indexLock = NSLock()
    private var index: ElementIndex?

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The document's elements by name, built the first time a selector needs it.
    var elementIndex: ElementIndex? {
        indexLock.withLock {
            if index == nil, let root = xmlDocGetRootElement(pointer) { index = ElementIndex(root: root) }
            return index
        }
    }

    /// The root element (`html` for an HTML document).
    public var root: Node? {
        xmlDocGetRootElement(pointer).map { Node(document: self, pointer: $0) }
    }
}
