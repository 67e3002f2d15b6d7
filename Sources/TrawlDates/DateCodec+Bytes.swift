import Foundation

extension DateCodec {
    /// `parseRFC3339` of UTF-8 bytes read in place, so a reader of many dates (the cache's
    /// snapshots) makes no `String` for each.
    public static func parseRFC3339(utf8 bytes: UnsafeRawBufferPointer) -> Date? {
        var scanner = DateScanner(bytes.assumingMemoryBound(to: UInt8.self))
        return scanner.rfc3339()
    }
}
