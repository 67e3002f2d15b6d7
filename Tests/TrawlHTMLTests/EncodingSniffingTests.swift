import Foundation
import Testing
import TrawlHTML

/// HTML bytes decode as the HTML Standard §13.2.3 says: BOM, transport charset, `<meta>`,
/// then windows-1252; what cannot be decoded becomes U+FFFD.
@Suite struct EncodingSniffingTests {
    static func bytes(_ parts: [UInt8]...) -> Data { Data(parts.joined()) }
    static let cafeLatin1 = Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8)

    @Test(arguments: [
        (Data([0xEF, 0xBB, 0xBF] + Array("<p>x</p>".utf8)), nil, "UTF-8", EncodingSniffer.Source.byteOrderMark),
        (Data([0xFF, 0xFE]), "text/html; charset=iso-8859-2", "UTF-16LE", .byteOrderMark),
        (Data("<p>x</p>".utf8), "text/html; charset=\"Shift_JIS\"", "Shift_JIS", .transport),
        (Data(#"<html><head><meta charset="utf-8">"#.utf8), "text/html", "UTF-8", .meta),
        (Data(#"<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">"#.utf8), nil, "koi8-r", .meta),
        (Data(#"<!-- <meta charset="koi8-r"> --><meta charset='latin1'>"#.utf8), nil, "windows-1252", .meta),
        (Data(#"<meta charset="utf-16">"#.utf8), nil, "UTF-8", .meta),
        (Data("<p>no hint</p>".utf8), nil, "windows-1252", .fallback),
    ])
    func findsTheEncoding(_ data: Data, _ contentType: String?, _ name: String, _ source: EncodingSniffer.Source) {
        let sniffed = EncodingSniffer.sniff(data, contentType: contentType)
        #expect(sniffed.name == name)
        #expect(sniffed.source == source)
    }

    @Test func undeclaredWellFormedUTF8IsAutodetected() throws {
        let data = Data("<p>Größe €</p>".utf8)
        #expect(EncodingSniffer.sniff(data) == ("UTF-8", .autodetected))
        #expect(try Document.parseHTML(data).select("p").text == "Größe €")
    }

    @Test func metaBeyondTheFirst1024BytesIsIgnored() {
        let data = Data((String(repeating: " ", count: 1024) + #"<meta charset="utf-8">"#).utf8)
        #expect(EncodingSniffer.sniff(data).source == .fallback)
    }

    @Test func undeclaredBytesReadAsWindows1252() throws {
        let document = Document.parseHTML(Self.bytes(Array("<p>".utf8), [0x80, 0x20, 0xE9], Array("</p>".utf8)))
        #expect(try document.select("p").text == "€ é")
    }

    @Test func transportCharsetWinsOverMeta() throws {
        let data = Self.bytes(Array(#"<meta charset="utf-8"><p>caf"#.utf8), [0xE9], Array("</p>".utf8))
        let document = Document.parseHTML(data, contentType: "text/html; charset=ISO-8859-1")
        #expect(try document.select("p").text == "café")
    }

    @Test func metaCharsetIsFollowed() throws {
        let data = Self.bytes(Array(#"<meta charset="windows-1251"><p>"#.utf8), [0xCF, 0xF0, 0xE8], Array("</p>".utf8))
        #expect(try Document.parseHTML(data).select("p").text == "При")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let data = Self.bytes(Array(#"<meta charset="utf-8"><p>caf"#.utf8), [0xC3, 0x28, 0xFF], Array("</p>".utf8))
        #expect(try Document.parseHTML(data).select("p").text == "caf\u{FFFD}(\u{FFFD}")
    }

    @Test func invalidBytesInOtherEncodingsBecomeReplacementCharacters() throws {
        let data = Self.bytes(Array("<p>a".utf8), [0x82], Array("</p>".utf8))
        let document = Document.parseHTML(data, contentType: "text/html; charset=shift_jis")
        #expect(try document.select("p").text == "a\u{FFFD}")
    }

    @Test func utf16WithByteOrderMarkDecodes() throws {
        var data = Data([0xFF, 0xFE])
        for unit in "<p>ü</p>".utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try Document.parseHTML(data).select("p").text == "ü")
    }
}
