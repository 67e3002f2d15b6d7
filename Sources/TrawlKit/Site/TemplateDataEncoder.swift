import Foundation
import Mustache

/// Turns the page models into `MustacheValue` directly.
///
/// `MustacheValue(encoding:)` goes through JSON text and back, which for a source page of
/// a thousand items cost more than rendering it; this encoder builds the value tree in
/// one pass. Keys whose value is nil are left out, as `JSONEncoder` does.
enum TemplateDataEncoder {
    static func encode(_ value: some Encodable) throws -> MustacheValue {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }

    /// A value under construction: containers hold their children by reference, so a
    /// list of a thousand items is built without copying.
    final class Node {
        var scalar: MustacheValue = .null
        var object: [String: Node]?
        var list: [Node]?

        var value: MustacheValue {
            if let object { return .object(object.mapValues(\.value)) }
            if let list { return .list(list.map(\.value)) }
            return scalar
        }

        func set(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            switch value {
            case let string as String: scalar = .string(string)
            case let bool as Bool: scalar = .bool(bool)
            case let int as Int: scalar = .int(int)
            case let double as Double: scalar = .double(double)
            default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
            }
        }
    }

    struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [:] }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.list == nil { node.list = [] }
            return UnkeyedContainer(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node, codingPath: codingPath)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func child(_ key: Key) -> Node {
            let child = Node()
            node.object?[key.stringValue] = child
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { _ = child(key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try child(key).set(value, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            NodeEncoder(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node, codingPath: codingPath) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: child(key), codingPath: codingPath + [key])
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.list?.count ?? 0 }

        private func child() -> Node {
            let child = Node()
            node.list?.append(child)
            return child
        }

        mutating func encodeNil() throws { _ = child() }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try child().set(value, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            NodeEncoder(node: child(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: child(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: child(), codingPath: codingPath) }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.scalar = .null }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try node.set(value, codingPath: codingPath)
        }
    }
}
