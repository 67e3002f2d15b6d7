import Foundation
import FuzzSupport
import TrawlHTML

/// HTML bytes, through encoding sniffing, transcoding, libxml2 and the tree repair, then a
/// walk over everything selectors and text can reach.
func fuzzHTML(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzerDriver.data(bytes, count)
    let contentType = data.first.map { $0 & 1 == 1 } == true ? "text/html; charset=windows-1252" : nil
    let document = Document.parseHTML(data, url: URL(string: "https://example.org/a/"), contentType: contentType)
    if let nodes = try? document.select("a[href], p, li:nth-child(2n+1), td::text") {
        for node in nodes {
            _ = node.text
            _ = node.attr("href")
        }
    }
    _ = document.root?.outerHTML
    _ = Document.parseXML(data)
    return 0
}

@main enum FuzzHTML {
    static func main() {
        FuzzerDriver.run { fuzzHTML($0, $1) }
    }
}
