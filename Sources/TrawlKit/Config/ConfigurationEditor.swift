import Foundation
import TrawlJSON

/// Adds a source to a `trawl.json` by editing its text, so the file keeps its order,
/// spacing and everything else its author wrote.
enum ConfigurationEditor {
    /// Why the file could not be edited, in words that name no flag: the command that asked
    /// adds its own advice (`InitFromPage`), as data below `Commands/` should be.
    struct EditError: Error, CustomStringConvertible {
        enum Kind: Equatable {
            /// A source with the id is there already (`adding`).
            case idTaken(String)
            /// No source with the id is there (`replacing`).
            case noSuchID(String)
            case other
        }
        var kind: Kind = .other
        var description: String
    }

    /// `text` with `source` (JSON of one source, indented as a member of `sources`)
    /// appended to its `sources` array; a file without one gains it.
    static func adding(_ source: String, id: String, to text: String, file: URL) throws -> String {
        let bytes = Array(text.utf8)
        let json = try parsed(bytes, file: file, before: "adding")
        guard case .object = json.content, let open = offset(of: json, in: bytes) else {
            throw EditError(description: "\(file.path): the configuration is not a JSON object")
        }
        guard let sources = json["sources"] else {
            // `{` then the rest: put `"sources"` first, so no comma needs finding after it.
            let insertion = "\n  \"sources\": [\n\(source)\n  ]" + (hasMembers(json) ? "," : "")
            return String(decoding: bytes[...open] + Array(insertion.utf8) + bytes[(open + 1)...], as: UTF8.self)
        }
        guard case .array(let elements) = sources.content, let start = offset(of: sources, in: bytes),
            let close = matchingBracket(from: start, in: bytes)
        else {
            throw EditError(description: "\(file.path): 'sources' is not a list")
        }
        for element in elements where element["id"]?.stringValue == id {
            throw EditError(kind: .idTaken(id), description: "\(file.path) already has a source '\(id)'")
        }
        // Back over the white space before `]`, so the new source follows the last one.
        var end = close
        while end > start + 1, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        let insertion = (elements.isEmpty ? "\n" : ",\n") + source + "\n  "
        return String(decoding: bytes[..<end] + Array(insertion.utf8) + bytes[close...], as: UTF8.self)
    }

    /// `text` with the source whose id is `id` replaced by `source` (its first line
    /// unindented), the rest of the file as it was.
    static func replacing(_ id: String, with source: String, in text: String, file: URL) throws -> String {
        let bytes = Array(text.utf8)
        let json = try parsed(bytes, file: file, before: "replacing")
        guard let elements = json["sources"]?.arrayValue,
            let old = elements.first(where: { $0["id"]?.stringValue == id })
        else {
            throw EditError(kind: .noSuchID(id), description: "\(file.path) has no source '\(id)' to replace")
        }
        guard let start = offset(of: old, in: bytes), bytes[start] == 0x7B,
            let end = matchingBracket(from: start, in: bytes)
        else {
            throw EditError(description: "\(file.path): source '\(id)' is not a JSON object")
        }
        return String(decoding: bytes[..<start] + Array(source.utf8) + bytes[(end + 1)...], as: UTF8.self)
    }

    private static func parsed(_ bytes: [UInt8], file: URL, before doing: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw EditError(description: "\(file.path): \(error); fix it before \(doing) a source")
        }
    }

    private static func hasMembers(_ node: JSONValue) -> Bool {
        !(node.objectValue?.isEmpty ?? true)
    }

    /// The byte offset of a node's first character.
    private static func offset(of node: JSONValue, in bytes: [UInt8]) -> Int? {
        let offset = node.position.offset
        return offset >= 0 && offset < bytes.count ? offset : nil
    }

    /// The offset of the bracket or brace closing the one that opens at `start`, skipping strings.
    private static func matchingBracket(from start: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == 0x5C {
                    index += 1
                } else if byte == 0x22 {
                    inString = false
                }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x5B || byte == 0x7B {
                depth += 1
            } else if byte == 0x5D || byte == 0x7D {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}
