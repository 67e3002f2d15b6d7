import Foundation
import FuzzSupport
import TrawlJSON
import TrawlKit

/// Any bytes as a cache's snapshot.json. The pull reader must read exactly what the parser
/// reads (the same value or the same error); the store must load the file or report it, and
/// a snapshot it saved must load and save again to the same bytes.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-cache-\(getpid())")

func fuzzCache(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzerDriver.data(bytes, count)
    let parsed = Result { () throws(JSONError) in try JSONParser.parse(data) }
    let pulled = data.withUnsafeBytes { buffer in Result { () throws(JSONError) in try pull(buffer) } }
    guard parsed == pulled else { fatalError("JSONPullReader and JSONParser disagree: \(pulled) against \(parsed)") }

    try? FileManager.default.removeItem(at: folder)
    let store = CacheStore(root: folder.appendingPathComponent("a"))
    let file = store.snapshotFile(of: "s")
    do {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        // Loaded once, what is saved is the cache's own form: loading and saving it again
        // must give the same bytes.
        guard var snapshot = try store.lastGoodSnapshot(of: "s") else { return 0 }
        // A URL kept as the text it was read as must be the URL that text parses to.
        for item in snapshot.items + snapshot.removed {
            var reparsed = item
            reparsed.url = item.url
            guard reparsed == item else { fatalError("the URL of \(item.id) changed when parsed: \(item)") }
        }
        snapshot.sourceID = "s"
        try FileManager.default.removeItem(at: file)
        try store.save(snapshot)
        let saved = try Data(contentsOf: file)
        guard let again = try store.lastGoodSnapshot(of: "s") else { fatalError("a saved snapshot did not load") }
        try FileManager.default.removeItem(at: file)
        try store.save(again)
        guard try Data(contentsOf: file) == saved else { fatalError("a saved snapshot did not read back the same") }
    } catch {
        fatalError("the store failed: \(error)")
    }
    return 0
}

/// A whole document through the reader's token calls.
func pull(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONValue {
    var reader = JSONPullReader(bytes)
    let value = try walk(&reader)
    try reader.end()
    return value
}

func walk(_ reader: inout JSONPullReader) throws(JSONError) -> JSONValue {
    switch try reader.peek() {
    case .object:
        var members: [(key: String, value: JSONValue)] = []
        if try reader.beginObject() {
            repeat {
                let key = try reader.key()
                members.append((key, try walk(&reader)))
            } while try reader.nextMember()
        }
        return .object(members)
    case .array:
        var elements: [JSONValue] = []
        if try reader.beginArray() {
            repeat {
                elements.append(try walk(&reader))
            } while try reader.nextElement()
        }
        return .array(elements)
    case .string:
        if let ascii = try reader.asciiString() { return .string(String(decoding: ascii, as: UTF8.self)) }
        return .string(try reader.string())
    case .number: return .number(try reader.number())
    case .bool: return .bool(try reader.bool())
    case .null:
        try reader.null()
        return .null
    }
}

@main enum FuzzCache {
    static func main() {
        FuzzerDriver.run { fuzzCache($0, $1) }
    }
}
