import Foundation
import FuzzSupport
import TrawlFeeds

/// Feed bytes (RSS, Atom, RDF, JSON Feed), strictly and leniently, then written back out.
func fuzzFeed(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzerDriver.data(bytes, count)
    _ = try? FeedParser().parse(data, url: URL(string: "https://example.org/feed"))
    _ = try? FeedParser(options: .init(lenient: true)).parse(data)
    return 0
}

@main enum FuzzFeed {
    static func main() {
        FuzzerDriver.run { fuzzFeed($0, $1) }
    }
}
