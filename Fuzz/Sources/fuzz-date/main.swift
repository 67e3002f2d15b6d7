import Foundation
import FuzzSupport
import TrawlFeeds

/// Any text as a feed date (RFC 822, RFC 3339 and their sloppy kin): a date or nil, no trap,
/// and a parsed date formats again.
func fuzzDate(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzerDriver.text(bytes, count)
    if let date = FeedDate.parse(text) {
        _ = FeedDate.rfc3339(date)
    }
    return 0
}

@main enum FuzzDate {
    static func main() {
        FuzzerDriver.run { fuzzDate($0, $1) }
    }
}
