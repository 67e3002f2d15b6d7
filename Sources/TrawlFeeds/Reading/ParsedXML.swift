import CLibXML2
import Foundation

/// A libxml2 document parsed from memory with the network off and entities left unexpanded,
/// freed when the value goes away.
final class ParsedXML {
    struct Problem {
        var line: Int
        var column: Int
        var message: String
        var isEntityLoop: Bool
    }

    private let document: xmlDocPtr
    /// The well-formedness error libxml2 reported last, or nil for a well-formed document.
    let problem: Problem?
    /// The encoding the bytes were decoded with.
    let encoding: String

    /// - Throws: `FeedError.malformed` when the XML is ill-formed and `recover` is false (or
    ///   nothing could be recovered), `FeedError.entityExpansionLimit` for entity loops.
    init(_ data: Data, url: URL?, encoding declared: String?, recover: Bool) throws {
        guard let context = xmlNewParserCtxt() else { throw FeedError.malformed(line: 1, column: 1, message: "out of memory") }
        defer { xmlFreeParserCtxt(context) }
        // No XML_PARSE_NOENT (entities stay references, expanded later within a budget),
        // no XML_PARSE_DTDLOAD, no network; errors collected, not printed.
        var flags = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        if recover { flags |= Int32(XML_PARSE_RECOVER.rawValue) }
        let parsed: xmlDocPtr? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count <= Int(Int32.max) else { return nil }
            return xmlCtxtReadMemory(
                context, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                url?.absoluteString, declared, flags)
        }
        var found: Problem?
        // An undeclared prefix is a namespace well-formedness error (Namespaces in XML §5), which libxml2 keeps apart.
        if context.pointee.wellFormed == 0 || context.pointee.nsWellFormed == 0 || parsed == nil {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0).trimmed } ?? "not well-formed"
            let code = xmlParserErrors(rawValue: UInt32(error.code))
            found = Problem(
                line: Int(error.line), column: Int(error.int2), message: message,
                isEntityLoop: code == XML_ERR_ENTITY_LOOP)
        }
        if let found, found.isEntityLoop {
            if let parsed { xmlFreeDoc(parsed) }
            throw FeedError.entityExpansionLimit(limit: 0)
        }
        guard let parsed, recover || found == nil else {
            if let parsed { xmlFreeDoc(parsed) }
            throw FeedError.malformed(line: found?.line ?? 1, column: found?.column ?? 1, message: found?.message ?? "not well-formed")
        }
        document = parsed
        problem = found
        encoding = parsed.pointee.encoding.map { String(cString: $0) } ?? declared ?? "utf-8"
    }

    deinit {
        xmlFreeDoc(document)
    }

    var root: Element? {
        xmlDocGetRootElement(document).map(Element.init)
    }
}
