import CLibXML2
import Foundation

extension Document {
    /// Inputs larger than this are cut to it before parsing, so memory stays bounded
    /// (libxml2 needs a few times the input); no real page comes near it. A cut document
    /// `isTruncated`, with a warning.
    public static let maximumInputSize = 128 * 1024 * 1024

    /// Parses HTML bytes the way a browser would, never failing: broken markup is repaired.
    ///
    /// The encoding is sniffed as the HTML Standard §13.2.3 says (see `EncodingSniffer`), and
    /// invalid byte sequences become U+FFFD. The tree gets what a browser's would have and
    /// libxml2's lacks: `html`, `head` and `body` always, and table rows inside `tbody`.
    ///
    /// - Parameters:
    ///   - data: the bytes as they arrived.
    ///   - url: where they came from, for resolving relative links.
    ///   - contentType: the HTTP `Content-Type`, whose charset takes precedence over `<meta>`.
    public static func parseHTML(_ data: Data, url: URL? = nil, contentType: String? = nil) -> Document {
        parseHTML(data, url: url, contentType: contentType, inputLimit: maximumInputSize)
    }

    /// `parseHTML` with the input cut at `inputLimit` bytes (tests cut small documents).
    static func parseHTML(_ data: Data, url: URL?, contentType: String?, inputLimit: Int) -> Document {
        libxml2IsReady()
        let input = data.prefix(inputLimit)
        let encoding = EncodingSniffer.sniff(input, contentType: contentType).name
        var utf8 = Transcoder.utf8(input, encoding: encoding)
        let cut = utf8.withUnsafeBufferPointer { AttributeLimiter.limit($0, to: ParseLimits.maximumAttributes) }
        if let cut { utf8 = cut.bytes }
        // Hostile input guards: no network, no error output, depth `ParseLimits.maximumDepth`.
        // Text nodes of any length (XML_PARSE_HUGE, set in the shim): the input is bounded
        // already, and libxml2's 10,000,000-byte limit silently ended the parse, so that an
        // 11 MB summary (or 4 MB of NUL bytes, each three bytes of U+FFFD) lost every item after it.
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        var stopped: Int32 = 0
        let parsed = utf8.withUnsafeBufferPointer { buffer -> htmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) {
                trawl_html_read_utf8($0.baseAddress, Int32($0.count), url?.absoluteString, options, &stopped)
            }
        }
        let pointer = parsed ?? htmlNewDocNoDtD(nil, nil)!
        HTMLTreeRepair.repair(pointer)
        xmlXPathOrderDocElems(pointer)
        let document = Document(pointer: pointer, url: url, isHTML: true)
        document.warnings = ParseLimits.warnings(cutTags: cut?.cutTags ?? 0, document: pointer)
        document.noteCuts(inputSize: data.count, limit: inputLimit, stopped: stopped != 0)
        return document
    }

    /// Parses HTML from a string.
    public static func parseHTML(_ string: String, url: URL? = nil) -> Document {
        parseHTML(Data(string.utf8), url: url, contentType: "text/html; charset=utf-8")
    }

    /// Parses XML (feeds, XHTML) with the same node API, recovering from errors.
    ///
    /// No network, no external DTD or entities, and no entity expansion beyond the five
    /// predefined ones: references to entities a DOCTYPE declares are dropped, so a
    /// "billion laughs" document costs no more than its size.
    public static func parseXML(_ data: Data, url: URL? = nil) -> Document {
        libxml2IsReady()
        let input = data.prefix(maximumInputSize)
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue)
        let cut = input.withUnsafeBytes {
            AttributeLimiter.limit($0.bindMemory(to: UInt8.self), to: ParseLimits.maximumAttributes)
        }
        // No XML_PARSE_HUGE here: it would lift libxml2's entity amplification checks too, and
        // an XML document may declare entities. A text node over 10,000,000 bytes ends the parse,
        // which `noteCuts` reports.
        var stopped: Int32 = 0
        let parse = { (buffer: UnsafeRawBufferPointer) -> xmlDocPtr? in
            let base = buffer.bindMemory(to: CChar.self).baseAddress
            return trawl_xml_read(base, Int32(buffer.count), url?.absoluteString, options, &stopped)
        }
        let parsed = cut.map { $0.bytes.withUnsafeBytes(parse) } ?? input.withUnsafeBytes(parse)
        let pointer = parsed ?? xmlNewDoc("1.0")!
        XMLEntityStripper.strip(pointer)
        xmlXPathOrderDocElems(pointer)
        let document = Document(pointer: pointer, url: url, isHTML: false)
        document.warnings = ParseLimits.warnings(cutTags: cut?.cutTags ?? 0, document: pointer)
        document.noteCuts(inputSize: data.count, limit: maximumInputSize, stopped: stopped != 0)
        return document
    }

    /// Parses XML from a string.
    public static func parseXML(_ string: String, url: URL? = nil) -> Document {
        parseXML(Data(string.utf8), url: url)
    }
}

extension Document {
    /// Marks the document truncated, with a warning, when less than all of it was parsed:
    /// input past `maximumInputSize`, or a parse libxml2 stopped (out of memory, or a text
    /// node past its limit, which it reports the same way).
    fileprivate func noteCuts(inputSize: Int, limit: Int, stopped: Bool) {
        if inputSize > limit {
            isTruncated = true
            warnings.append(
                "the document is \(inputSize) bytes, more than the \(limit) Trawl parses:"
                    + " the rest was not read")
        }
        if stopped {
            isTruncated = true
            warnings.append(
                "the parser stopped part way (a text node over \(ParseLimits.maximumTextLength) bytes, or no memory):"
                    + " the rest of the document was not read")
        }
    }
}

/// libxml2 must initialise its globals once, before threads use it.
private let libxml2Initialised: Void = {
    xmlInitParser()
    trawl_set_max_depth(UInt32(ParseLimits.maximumDepth))
}()

private func libxml2IsReady() {
    _ = libxml2Initialised
}
