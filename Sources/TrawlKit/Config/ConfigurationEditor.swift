import Foundation

/// Adds a source to a `trawl.json` by editing its text, so the file keeps its order,
/// spacing and everything else its author wrote.
enum ConfigurationEditor {
    struct EditError: Error, CustomStringConvertible {
        var description: String
    }

    /// `text` with `source` (JSON of one source, indented as a member of `sources`)
    /// appended to its `sources` array; a file without one gains it.
    static func adding(_ source: String, id: String, to text: String, file: URL) throws -> String {
        let bytes = Array(text.utf8)
        let json: JSONNode
        do {
            json = try JSONNodeParser.parse(Data(bytes))
        } catch {
            throw EditError(description: "\(file.path): \(error); fix it before adding a source")
        }
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
        for element in elements where element["id"].flatMap(stringValue) == id {
            throw EditError(description: "\(file.path) already has a source '\(id)'; pass --id to name this one")
        }
        // Back over the white space before `]`, so the new source follows the last one.
        var end = close
        while end > start + 1, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        let insertion = (elements.isEmpty ? "\n" : ",\n") + source + "\n  "
        return String(decoding: bytes[..<end] + Array(insertion.utf8) + bytes[close...], as: UTF8.self)
    }

    private static func hasMembers(_ node: JSONNode) -> Bool {
        if case .object(let members) = node.content { return !members.isEmpty }
        return false
    }

    private static func stringValue(_ node: JSONNode) -> String? {
        if case .string(let string) = node.content { return string }
        return nil
    }

    /// The byte offset of a node's first character, from its line and (byte) column.
    private static func offset(of node: JSONNode, in bytes: [UInt8]) -> Int? {
        var line = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while line < node.line, index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        let offset = index + node.column - 1
        return offset < bytes.count ? offset : nil
    }

    /// The offset of the `]` closing the array that opens at `start`, skipping strings.
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
                if depth == 0 { return byte == 0x5D ? index : nil }
            }
            index += 1
        }
        return nil
    }
}
