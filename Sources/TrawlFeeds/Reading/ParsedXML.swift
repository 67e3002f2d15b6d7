import CLibXML2
import Foundation

/// A libxml2 document parsed from memory with the network off and entities left unexpanded,
/// freed when the value goes away.
final class ParsedXML {
    struct Problem {
        var line: Int
        var column: Int
        var message: String
        var code: xmlParserErrors
    }

    private let document: xmlDocPtr
    /// The well-formedness error libxml2 reported last, or nil for a well-formed document.
    let problem: Problem?
    /// The encoding the bytes were decoded with.
    let encoding: String

    /// - Throws: `FeedError.malformed` when the XML is ill-formed and `recover` is false (or
    ///   nothing could be recovered), `FeedError.undecodable` for an unknown encoding in strict
    ///   mode, `FeedError.entityExpansionLimit` for entity loops.
    init(_ data: Data, url: URL?, encoding declared: String?, recover: Bool) throws {
        let (data, blankLines) = Self.droppingBlankBeforeDeclaration(data)
        var (parsed, found) = try Self.read(data, url: url, encoding: declared, recover: recover)
        found?.line += blankLines
        var encodingUsed = declared
        if let problem = found, problem.code == XML_ERR_UNSUPPORTED_ENCODING {
            let name = declared ?? problem.message.split(separator: " ").last.map(String.init)
            guard recover else {
                if let parsed { xmlFreeDoc(parsed) }
                throw FeedError.undecodable(encoding: name)
            }
            // Every byte is a Latin-1 character: read what can be read, and say so.
            if let parsed { xmlFreeDoc(parsed) }
            (parsed, _) = try Self.read(Self.declaringLatin1(data), url: url, encoding: "ISO-8859-1", recover: true)
            encodingUsed = "ISO-8859-1"
        }
        if let problem = found, problem.code == XML_ERR_ENTITY_LOOP {
            if let parsed { xmlFreeDoc(parsed) }
            throw FeedError.entityExpansionLimit(limit: 0)
        }
        guard let parsed, recover || found == nil else {
            if let parsed { xmlFreeDoc(parsed) }
            throw FeedError.malformed(
                line: found?.line ?? 1, column: found?.column ?? 1, message: found?.message ?? "not well-formed")
        }
        document = parsed
        problem = found
        encoding = encodingUsed ?? parsed.pointee.encoding.map { String(cString: $0) } ?? "utf-8"
    }

    deinit {
        xmlFreeDoc(document)
    }

    var root: Element? {
        xmlDocGetRootElement(document).map(Element.init)
    }

    /// The document without the white space some feeds put before their XML declaration
    /// (a blank first line), and the lines that took. XML 1.0 §2.8 allows nothing there, and
    /// libxml2, recovering, then drops every entity reference that follows (`&amp;` in a
    /// title); feedparser reads such a feed whole, and so is it read here.
    private static func droppingBlankBeforeDeclaration(_ data: Data) -> (Data, lines: Int) {
        let blank = data.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard !blank.isEmpty, data.dropFirst(blank.count).starts(with: Array("<?xml".utf8)) else { return (data, 0) }
        return (Data(data.dropFirst(blank.count)), blank.filter { $0 == 0x0A }.count)
    }

    /// The document with its XML declaration's encoding replaced by ISO-8859-1, which libxml2
    /// would otherwise refuse even when told the encoding.
    private static func declaringLatin1(_ data: Data) -> Data {
        let head = Array(data.prefix(256))
        guard let close = head.firstIndex(of: UInt8(ascii: ">")), head.starts(with: Array("<?xml".utf8)) else {
            return data
        }
        let declaration = String(decoding: head[..<close], as: UTF8.self)
        guard let range = declaration.range(of: #"encoding\s*=\s*["'][^"']*["']"#, options: .regularExpression) else {
            return data
        }
        let replaced = declaration.replacingCharacters(in: range, with: "encoding=\"ISO-8859-1\"")
        return Data(replaced.utf8) + data.dropFirst(close)
    }

    /// libxml2 must set up its globals once before threads parse at the same time;
    /// a static `let` runs this exactly once, whichever thread comes first.
    static let libraryInitialized: Void = xmlInitParser()

    private static func read(_ data: Data, url: URL?, encoding: String?, recover: Bool) throws -> (xmlDocPtr?, Problem?)
    {
        _ = libraryInitialized
        guard let context = xmlNewParserCtxt() else {
            throw FeedError.malformed(line: 1, column: 1, message: "out of memory")
        }
        defer { xmlFreeParserCtxt(context) }
        // No XML_PARSE_NOENT (entities stay references, expanded later within a budget),
        // no XML_PARSE_DTDLOAD, no network; errors collected, not printed.
        var flags = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        if recover { flags |= Int32(XML_PARSE_RECOVER.rawValue) }
        var stopped: Int32 = 0
        let parsed: xmlDocPtr? = withUnsafeMutablePointer(to: &stopped) { stop in
            trawl_watch_for_stop(context, stop)
            defer { context.pointee._private = nil }
            return data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, buffer.count <= Int(Int32.max) else { return nil }
                return xmlCtxtReadMemory(
                    context, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                    url?.absoluteString, encoding, flags)
            }
        }
        // libxml2 stops at a text node over 10,000,000 bytes (and when out of memory): the
        // entries after it would be missing, not gone, so the feed is not read at all.
        if stopped != 0 {
            if let parsed { xmlFreeDoc(parsed) }
            throw FeedError.truncated
        }
        // An undeclared prefix is a namespace well-formedness error (Namespaces in XML §5), which libxml2 keeps apart.
        guard context.pointee.wellFormed == 0 || context.pointee.nsWellFormed == 0 || parsed == nil else {
            return (parsed, nil)
        }
        let error = context.pointee.lastError
        let message = error.message.map { String(cString: $0).trimmed } ?? "not well-formed"
        let problem = Problem(
            line: Int(error.line), column: Int(error.int2), message: message,
            code: xmlParserErrors(rawValue: UInt32(error.code)))
        return (parsed, problem)
    }
}
