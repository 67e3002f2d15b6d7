import Foundation
import TrawlJSON

/// The kinds of file `trawl import` reads, told apart by their content, never their name.
enum ImportFormat: String, Sendable {
    /// A feed reader's subscription list, FreshRSS's scraping feeds included.
    case opml = "OPML"
    /// urlwatch's jobs file (`urls.yaml`).
    case urlwatch = "urlwatch jobs"
    /// changedetection.io's backup zip, or the `url-watches.json` inside it.
    case changedetection = "changedetection.io backup"

    /// A file that is none of the three.
    struct UnknownFormatError: Error, CustomStringConvertible, Sendable {
        var file: String
        var description: String {
            "\(file): not an OPML file, a urlwatch urls.yaml or a changedetection.io backup "
                + "(zip or url-watches.json)"
        }
    }

    /// What `bytes` is: a zip, XML whose root is `opml`, JSON with changedetection.io's
    /// `watching`, else YAML (urlwatch's file has no mark of its own; its reader says when
    /// it holds no job).
    static func of(_ bytes: [UInt8], file: String) throws -> ImportFormat {
        if ZipArchive.isZip(bytes) { return .changedetection }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw UnknownFormatError(file: file) }
        if bytes[start] == UInt8(ascii: "<") {
            guard isOPML(bytes[start...]) else { throw UnknownFormatError(file: file) }
            return .opml
        }
        if bytes[start] == UInt8(ascii: "{"), let json = try? JSONParser.parse(bytes), json["watching"] != nil {
            return .changedetection
        }
        return .urlwatch
    }

    /// Whether the first element of an XML text is `opml` (any case: some writers say `OPML`).
    private static func isOPML(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = open + 1
            guard next < bytes.endIndex else { return false }
            // Skip the declaration, processing instructions, comments and a doctype.
            if bytes[next] == UInt8(ascii: "?") || bytes[next] == UInt8(ascii: "!") {
                index = next
                continue
            }
            let name = bytes[next...].prefix { $0 != 0x20 && $0 != UInt8(ascii: ">") && $0 != 0x0A && $0 != 0x09 }
            return String(decoding: name, as: UTF8.self).lowercased() == "opml"
        }
        return false
    }
}
