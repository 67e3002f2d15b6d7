import Mustache

/// Where one page of a long source stands among its pages (`site.pageSize` items each):
/// `index.html` holds the first items, in the order the page shows them, then
/// `page-2.html`, `page-3.html`, … A source that fits one page has no pagination at all,
/// so its page is as it always was.
struct Pagination: Sendable, MustacheObject {
    /// 1 for `index.html`.
    var number: Int
    var count: Int
    /// `Page 2 of 5`.
    var text: String
    /// `Items 501–1,000 of 2,345`.
    var itemsText: String
    /// Links relative to the page; empty on the first (`prevHref`) or last (`nextHref`) page.
    var prevHref: String
    var nextHref: String
    var firstHref: String
    var lastHref: String

    /// The pages of `total` items, `pageSize` a page: nil when they fit on one.
    static func pages(total: Int, pageSize: Int, wording: ValueWording) -> [Pagination]? {
        let count = pageCount(total: total, pageSize: pageSize)
        guard count > 1 else { return nil }
        return (1...count).map { number in
            let first = (number - 1) * pageSize + 1
            let last = min(number * pageSize, total)
            return Pagination(
                number: number, count: count, text: "Page \(number) of \(count)",
                itemsText: "Items \(wording.number(first))–\(wording.number(last)) of \(wording.number(total))",
                prevHref: number > 1 ? fileName(number - 1) : "", nextHref: number < count ? fileName(number + 1) : "",
                firstHref: fileName(1), lastHref: fileName(count))
        }
    }

    static func pageCount(total: Int, pageSize: Int) -> Int {
        max(1, (total + pageSize - 1) / max(1, pageSize))
    }

    /// `index.html` for the first page, `page-N.html` for the others.
    static func fileName(_ number: Int) -> String {
        number == 1 ? "index.html" : "page-\(number).html"
    }

    /// True for the further pages' names, so one left from a longer source is removed.
    static func isFurtherPageName(_ name: String) -> Bool {
        guard name.hasPrefix("page-"), name.hasSuffix(".html") else { return false }
        let digits = name.dropFirst("page-".count).dropLast(".html".count)
        return !digits.isEmpty && !digits.hasPrefix("0") && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The positions of page `number`'s items (1-based) among `total`.
    static func range(of number: Int, total: Int, pageSize: Int) -> Range<Int> {
        let lower = min(total, (number - 1) * pageSize)
        return lower..<min(total, lower + pageSize)
    }

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "number": return .int(number)
        case "count": return .int(count)
        case "text": return .string(text)
        case "itemsText": return .string(itemsText)
        case "prevHref": return .string(prevHref)
        case "nextHref": return .string(nextHref)
        case "firstHref": return .string(firstHref)
        case "lastHref": return .string(lastHref)
        default: return nil
        }
    }
}
