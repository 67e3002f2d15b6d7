import CYAML
import Foundation

/// A node of a YAML document, as urlwatch's `urls.yaml` uses them: scalars, sequences and
/// mappings with scalar keys, each with the line and column it starts at (1-based).
struct YAMLNode: Sendable {
    enum Content: Sendable {
        /// A scalar's text; `plain` when unquoted and not a block scalar, so `true`, `~`
        /// and `null` mean what YAML 1.1 says rather than that text.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([(key: String, value: YAMLNode)])
    }

    var content: Content
    var line: Int
    var column: Int

    /// The value of `key` in a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let members) = content else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A scalar's text; nil for a sequence, a mapping or a null.
    var text: String? {
        guard case .scalar(let text, let plain) = content, !(plain && Self.nulls.contains(text)) else { return nil }
        return text
    }

    /// A plain scalar YAML 1.1 reads as true or false (`true`, `yes`, `on` in any case), else nil.
    var bool: Bool? {
        guard case .scalar(let text, true) = content else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n": return false
        default: return nil
        }
    }

    var isNull: Bool {
        if case .scalar(let text, true) = content { return Self.nulls.contains(text) }
        return false
    }

    var members: [(key: String, value: YAMLNode)] {
        if case .mapping(let members) = content { return members }
        return []
    }

    var elements: [YAMLNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    private static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]
}

/// A YAML text libyaml could not read, or a construct this reader does not take, with the
/// file, line and column.
struct YAMLError: Error, CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var column: Int
    var reason: String

    var description: String { "\(file):\(line):\(column): \(reason)" }
}

/// Reads YAML through Debian's libyaml (its event parser), one tree per `---` document.
/// libyaml rather than a reader of our own: it is YAML 1.1 whole (flow and block
/// collections, every scalar style, comments, directives), as urlwatch's PyYAML reads it,
/// and it is one apt package. Anchors and aliases are refused: no urls.yaml needs them, and
/// refusing them rules out the billion-laughs expansion.
enum YAMLReader {
    /// The deepest nesting taken: urlwatch's jobs are three or four levels deep.
    static let maximumDepth = 64

    /// Every document of `bytes`; an empty document (only comments) is nil.
    static func documents(_ bytes: [UInt8], file: String) throws -> [YAMLNode?] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(file: file, line: 1, column: 1, reason: "libyaml could not start")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(file: file)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw error(of: parser, file: file) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try builder.take(event)
            }
            return builder.documents
        }
    }

    private static func error(of parser: yaml_parser_t, file: String) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { String(cString: $0) }
        let mark = parser.problem_mark
        let reason = context.map { "\(problem) \($0)" } ?? problem
        return YAMLError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, reason: reason)
    }

    /// Builds trees from libyaml's events with a stack of open collections.
    private struct TreeBuilder {
        let file: String
        var documents: [YAMLNode?] = []
        /// Open collections: a node and, for a mapping, the key waiting for its value.
        var stack: [(node: YAMLNode, key: String?)] = []
        var root: YAMLNode?

        init(file: String) { self.file = file }

        mutating func take(_ event: yaml_event_t) throws {
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                root = nil
            case YAML_DOCUMENT_END_EVENT:
                documents.append(root.flatMap { $0.isNull ? nil : $0 })
            case YAML_ALIAS_EVENT:
                throw YAMLError(file: file, line: line, column: column, reason: "aliases (*name) are not supported")
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                if scalar.anchor != nil { throw anchorError(line, column) }
                let text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                try add(YAMLNode(content: .scalar(text, plain: plain), line: line, column: column))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor =
                    event.type == YAML_SEQUENCE_START_EVENT
                    ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                if anchor != nil { throw anchorError(line, column) }
                guard stack.count < YAMLReader.maximumDepth else {
                    throw YAMLError(
                        file: file, line: line, column: column,
                        reason: "nested deeper than \(YAMLReader.maximumDepth) levels")
                }
                let content: YAMLNode.Content = event.type == YAML_SEQUENCE_START_EVENT ? .sequence([]) : .mapping([])
                stack.append((YAMLNode(content: content, line: line, column: column), nil))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = stack.popLast() else { return }
                try add(closed.node)
            default:
                break
            }
        }

        private func anchorError(_ line: Int, _ column: Int) -> YAMLError {
            YAMLError(file: file, line: line, column: column, reason: "anchors (&name) are not supported")
        }

        private mutating func add(_ node: YAMLNode) throws {
            guard var top = stack.popLast() else {
                root = node
                return
            }
            // The collection is emptied before it grows, so the array taken out is the only
            // reference and appends in place: otherwise each node copies its siblings, and a
            // flow sequence of 100,000 numbers takes minutes.
            switch top.node.content {
            case .sequence(var elements):
                top.node.content = .sequence([])
                elements.append(node)
                top.node.content = .sequence(elements)
            case .mapping(var members):
                if let key = top.key {
                    top.node.content = .mapping([])
                    members.append((key, node))
                    top.node.content = .mapping(members)
                    top.key = nil
                } else {
                    guard case .scalar(let key, _) = node.content else {
                        throw YAMLError(
                            file: file, line: node.line, column: node.column, reason: "a key must be a scalar")
                    }
                    top.key = key
                }
            case .scalar:
                break
            }
            stack.append(top)
        }
    }
}
