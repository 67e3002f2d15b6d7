import Foundation
import FuzzSupport
import TrawlKit

/// Any bytes as trawl.json: a `ConfigurationError` naming the place, or a configuration.
func fuzzConfig(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzerDriver.data(bytes, count)
    _ = try? ConfigurationLoader.load(
        data, file: URL(fileURLWithPath: "/fuzz/trawl.json"), environment: ["HOME": "/fuzz"])
    return 0
}

@main enum FuzzConfig {
    static func main() {
        FuzzerDriver.run { fuzzConfig($0, $1) }
    }
}
