import Foundation
import TestSupport
import Testing
import TrawlHTML

/// A link resolved against its page keeps every `%XX` escape it was written with, byte for
/// byte, whatever else it holds (`[`, `]`, a space, non-ASCII): Foundation alone escapes
/// such a link again whole, and `caf%C3%A9` became `caf%25C3%25A9`, another address.
@Suite struct LinkEscapeTests {
    static let pages: [String] = {
        guard let folder = try? SharedTestData.folder("pages") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted()
    }()

    /// Every `%XX` in `text`, as written, in order.
    static func escapes(in text: String) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit {
                found.append(String(decoding: bytes[index...index + 2], as: UTF8.self))
                index += 3
            } else {
                index += 1
            }
        }
        return found
    }

    @Test(arguments: pages)
    func everyLinkOfARealPageKeepsItsEscapes(_ page: String) throws {
        let folder = try #require(try SharedTestData.folder("pages"))
        let document = Document.parseHTML(
            try Data(contentsOf: folder.appendingPathComponent(page)),
            url: URL(string: "https://example.org/section/page.html"))
        for node in try document.select("a[href], link[href], area[href]") {
            let href = try #require(node.attr("href")).trimmingCharacters(in: .whitespacesAndNewlines)
            let written = Self.escapes(in: href)
            guard !written.isEmpty, let resolved = node.url("href") else { continue }
            let kept = Self.escapes(in: resolved.absoluteString)
            // Every escape written is still there, in order (new ones may come in between).
            var rest = kept[...]
            for escape in written {
                guard let at = rest.firstIndex(of: escape) else {
                    Issue.record("\(page): \(href) became \(resolved.absoluteString): \(escape) was lost")
                    break
                }
                rest = rest[(at + 1)...]
            }
        }
    }

    @Test(arguments: [
        ("?filter[color]=red&q=caf%C3%A9", "https://example.org/list?filter%5Bcolor%5D=red&q=caf%C3%A9"),
        ("/a[1]/caf%C3%A9", "https://example.org/a%5B1%5D/caf%C3%A9"),
        ("#x[1]%20y", "https://example.org/list#x%5B1%5D%20y"),
        ("https://[::1]:8080/p?q=%2F[a]", "https://[::1]:8080/p?q=%2F%5Ba%5D"),
        ("caf%C3%A9 menu?q=[1]", "https://example.org/caf%C3%A9%20menu?q=%5B1%5D"),
        ("100%?[x]", "https://example.org/100%25?%5Bx%5D"),
        ("/plain/caf%c3%a9", "https://example.org/plain/caf%c3%a9"),
    ])
    func aLinkWithBracketsKeepsItsEscapes(href: String, expected: String) throws {
        let html = #"<a href="\#(href)">x</a>"#
        let document = Document.parseHTML(Data(html.utf8), url: URL(string: "https://example.org/list"))
        let link = try #require(try document.select("a").first)
        #expect(link.url("href")?.absoluteString == expected)
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
