import CLibXML2
import Foundation

extension Document {
    /// Inputs larger than this are cut to it before parsing, so memory stays bounded
    /// (libxml2 needs a few times the input); no real page comes near it.
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
        libxml2IsReady()
        let input = data.prefix(maximumInputSize)
        let encoding = EncodingSniffer.sniff(input, contentType: contentType).name
        var utf8 = Transcoder.utf8(input, encoding: encoding)
        let cut = utf8.withUnsafeBufferPointer { AttributeLimiter.limit($0, to: ParseLimits.maximumAttributes) }
        if let cut { utf8 = cut.bytes }
        // Hostile input guards: no network, no error output; libxml2's default limits on
        // name and text length apply because HTML_PARSE_HUGE is not set, and depth is
        // `ParseLimits.maximumDepth`.
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        let parsed = utf8.withUnsafeBufferPointer { buffer -> htmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), url?.absoluteString, "UTF-8", options)
            }
        }
        let pointer = parsed ?? htmlNewDocNoDtD(nil, nil)!
        HTMLTreeRepair.repair(pointer)
        xmlXPathOrderDocElems(pointer)
        let document = Document(pointer: pointer, url: url, isHTML: true)
        document.warnings = ParseLimits.warnings(cutTags: cut?.cutTags ?? 0, document: pointer)
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
        let parse = { (buffer: UnsafeRawBufferPointer) -> xmlDocPtr? in
            let base = buffer.bindMemory(to: CChar.self).baseAddress
            return xmlReadMemory(base, Int32(buffer.count), url?.absoluteString, nil, options)
        }
        let parsed = cut.map { $0.bytes.withUnsafeBytes(parse) } ?? input.withUnsafeBytes(parse)
        let pointer = parsed ?? xmlNewDoc("1.0")!
        XMLEntityStripper.strip(pointer)
        xmlXPathOrderDocElems(pointer)
        let document = Document(pointer: pointer, url: url, isHTML: false)
        document.warnings = ParseLimits.warnings(cutTags: cut?.cutTags ?? 0, document: pointer)
        return document
    }

    /// Parses XML from a string.
    public static func parseXML(_ string: String, url: URL? = nil) -> Document {
        parseXML(Data(string.utf8), url: url)
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
