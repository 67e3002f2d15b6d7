import Foundation
import FuzzSupport
import TrawlJSON
import TrawlKit

/// Any bytes as the file `trawl import` is given: told apart by content, a changedetection.io
/// backup zip (central directory and raw inflate, sizes and counts bounded), its
/// url-watches.json, urlwatch's YAML or an OPML list. An error naming the file, or sources
/// whose printed JSON parses.
func fuzzImport(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = [UInt8](FuzzerDriver.data(bytes, count))
    guard let printed = try? ImportReader.sourcesJSON(of: input, file: "/fuzz/import") else { return 0 }
    let parsed = Result { () throws(JSONError) in try JSONParser.parse(printed) }
    guard case .success(let value) = parsed, value["sources"]?.arrayValue != nil else {
        fatalError("the sources import prints are not JSON (\(parsed)):\n\(printed)")
    }
    return 0
}

@main enum FuzzImport {
    static func main() {
        FuzzerDriver.run { fuzzImport($0, $1) }
    }
}
