import CLibXML2
import Foundation

extension Document {
    /// Parses HTML bytes the way a browser would, never failing: broken markup is repaired.
    ///
    /// - Parameters:
    ///   - data: the bytes as they arrived.
    ///   - url: where they came from, for resolving relative links.
    ///   - contentType: the HTTP `Content-Type`, whose charset takes precedence over `<meta>`.
    public static func parseHTML(_ data: Data, url: URL? = nil, contentType: String? = nil) -> Document {
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        let parsed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> htmlDocPtr? in
            let base = buffer.bindMemory(to: CChar.self).baseAddress
            return htmlReadMemory(base, Int32(buffer.count), url?.absoluteString, "UTF-8", options)
        }
        let pointer = parsed ?? htmlNewDoc(nil, nil)!
        return Document(pointer: pointer, url: url, isHTML: true)
    }

    /// Parses HTML from a string.
    public static func parseHTML(_ string: String, url: URL? = nil) -> Document {
        parseHTML(Data(string.utf8), url: url)
    }
}

extension Document {
    /// Parses XML (feeds, XHTML), recovering from errors, without network or entity expansion.
    public static func parseXML(_ data: Data, url: URL? = nil) -> Document {
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue)
        let parsed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> xmlDocPtr? in
            let base = buffer.bindMemory(to: CChar.self).baseAddress
            return xmlReadMemory(base, Int32(buffer.count), url?.absoluteString, nil, options)
        }
        let pointer = parsed ?? xmlNewDoc("1.0")!
        return Document(pointer: pointer, url: url, isHTML: false)
    }

    public static func parseXML(_ string: String, url: URL? = nil) -> Document {
        parseXML(Data(string.utf8), url: url)
    }
}
