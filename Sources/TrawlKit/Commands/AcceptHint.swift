import Foundation
import TrawlText

/// The command line's advice on a guard failure, the fix first: the page's lists as they are
/// now (`trawl init --from URL --list`, to mend the selectors), then how to take a page's new
/// shape. The message the pipeline saves says what happened and what was kept, and names no
/// flag (it is shown on the site and read by embedding programs); the flags are the command
/// line's to name.
enum AcceptHint {
    /// `message`, its closing parenthesis widened with the advice when the guard refused (a
    /// record an earlier Trawl saved may hold the advice already). A refused `--accept` of no
    /// items is not advised to accept again, nor is a page that matched nothing: `--accept`
    /// refuses to take no items, so such a page is either mended or allowed to be empty.
    static func adding(to message: String, isGuard: Bool, sourceID: String) -> String {
        guard isGuard, message.hasSuffix(")"), !message.contains("'--accept ") else { return message }
        var advice = ""
        if let page = page(in: message) {
            advice += "; the page's lists now: 'trawl init --from \(page) --list'"
        }
        if message.contains("allowEmpty") {
            // The refusal of an `--accept` says all there is to say.
        } else if message.contains(ScrapeGuard.nothingMatched) {
            advice += "; if the page is empty by nature, set \"guard\": {\"allowEmpty\": true}"
        } else {
            advice += "; if the page really changed, '--accept \(sourceID)' takes its new shape"
        }
        return message.dropLast() + advice + ")"
    }

    /// The page a layout message names (`… matched `ul.posts > li` on https://…: …`).
    static func page(in message: String) -> String? {
        var rest = Substring(message)
        while let range = rest.range(of: " on ") {
            rest = rest[range.upperBound...]
            var address = rest.prefix { !$0.isWhitespace }
            while let last = address.last, ":;,.)".contains(last) { address = address.dropLast() }
            if let url = URL(string: String(address)), url.scheme != nil, url.isFetchable { return String(address) }
        }
        return nil
    }
}
