import Foundation
import FuzzSupport
import TrawlHTML

private let document = Document.parseHTML(
    """
    <html lang="en"><body><ul><li class="a" id="x">one</li><li dir="rtl">two <a href="/b">b</a></li></ul>
    <table><tr><th>h</th></tr><tr><td>c</td></tr></table><form><input type="checkbox" checked></form></body></html>
    """)

/// Any string as a CSS selector: it parses to a `SelectorError` or to XPath that libxml2
/// evaluates without a trap.
func fuzzSelector(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzerDriver.text(bytes, count)
    guard let selector = try? Selector(parsing: text) else { return 0 }
    _ = try? document.select(selector.source)
    return 0
}

@main enum FuzzSelector {
    static func main() {
        FuzzerDriver.run { fuzzSelector($0, $1) }
    }
}
