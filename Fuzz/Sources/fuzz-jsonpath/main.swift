import Foundation
import FuzzSupport
import TrawlJSON

private let fallback = try! JSONParser.parse(
    #"{"store": {"book": [{"title": "a", "price": 8.95, "tags": ["x"]}, {"title": "b", "price": 22}], "n": null}}"#)

/// A JSONPath on its first line and a JSON document after it (a fixed one when it does not
/// parse): the query compiles to a `JSONPathError` or evaluates, with its normalized paths,
/// to nodes or a `JSONPathLimitError`, without a trap.
func fuzzJSONPath(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzerDriver.text(bytes, count)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let query = try? JSONPath(String(parts[0])) else { return 0 }
    let document = parts.count > 1 ? (try? JSONParser.parse(String(parts[1]))) ?? fallback : fallback
    if let nodes = try? query.nodes(document) {
        for node in nodes { _ = node.path }
    }
    return 0
}

@main enum FuzzJSONPath {
    static func main() {
        FuzzerDriver.run { fuzzJSONPath($0, $1) }
    }
}
