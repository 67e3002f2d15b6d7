import Foundation
import Mustache

/// Turns the page models into `MustacheValue` directly.
///
/// `MustacheValue(encoding:)` goes through JSON text and back, which for a source page of
/// a thousand items cost more than rendering it; this encoder builds the value tree in
/// one pass. Keys whose value is nil are left out, as `JSONEncoder` does.
///
/// Scalars (the most of a page: every title, href and date) go straight into their
/// container's storage; only nested containers get a node of their own. Coding paths
/// are not kept: encoding page models cannot fail, so nothing would ever read them.
enum TemplateDataEncoder {
    static func encode(_ value: some Encodable) throws -> MustacheValue {
        let node = Node()
        try node.set(value)
        return node.value
    }

    /// A value under construction: containers hold their nested containers by reference,
    /// so a list of a thousand items is built without copying, and fill them in at the end.
    final class Node {
        var scalar: MustacheValue = .null
        var object: [String: MustacheValue]?
        var objectChildren: [(key: String, node: Node)] = []
        var list: [MustacheValue]?
        var listChildren: [(index: Int, node: Node)] = []

        var value: MustacheValue {
            if var object {
                for child in objectChildren { object[child.key] = child.node.value }
                return .object(object)
            }
            if var list {
                for child in listChildren { list[child.index] = child.node.value }
                return .list(list)
            }
            return scalar
        }

        func set(_ value: some Encodable) throws {
            if let scalar = Node.scalar(value) {
                self.scalar = scalar
            } else {
                try value.encode(to: NodeEncoder(node: self))
            }
        }

        /// The value when it is one of the scalars templates see, or a model that makes its
        /// own (`TemplateValueConvertible`); nil for anything else.
        static func scalar(_ value: some Encodable) -> MustacheValue? {
            switch value {
            case let string as String: return .string(string)
            case let bool as Bool: return .bool(bool)
            case let int as Int: return .int(int)
            case let double as Double: return .double(double)
            case let convertible as any TemplateValueConvertible: return convertible.templateValue
            default: return nil
            }
        }

        func child(forKey key: String) -> Node {
            let child = Node()
            object?[key] = .null
            objectChildren.append((key, child))
            return child
        }

        func appendChild() -> Node {
            let child = Node()
            listChildren.append((list?.count ?? 0, child))
            list?.append(.null)
            return child
        }
    }

    struct NodeEncoder: Encoder {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [:] }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.list == nil { node.list = [] }
            return UnkeyedContainer(node: node)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        private func store(_ value: MustacheValue, _ key: Key) {
            let name = key.stringValue
            node.object?[name] = value
            // A key written again replaces a nested container written before it.
            if !node.objectChildren.isEmpty { node.objectChildren.removeAll { $0.key == name } }
        }

        mutating func encodeNil(forKey key: Key) throws { store(.null, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { store(.string(value), key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { store(.bool(value), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { store(.int(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { store(.double(value), key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            if let scalar = Node.scalar(value) { return store(scalar, key) }
            store(.null, key)
            try value.encode(to: NodeEncoder(node: node.child(forKey: key.stringValue)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            store(.null, key)
            return NodeEncoder(node: node.child(forKey: key.stringValue)).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            store(.null, key)
            return NodeEncoder(node: node.child(forKey: key.stringValue)).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            store(.null, key)
            return NodeEncoder(node: node.child(forKey: key.stringValue))
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var count: Int { node.list?.count ?? 0 }

        mutating func encodeNil() throws { node.list?.append(.null) }
        mutating func encode(_ value: String) throws { node.list?.append(.string(value)) }
        mutating func encode(_ value: Bool) throws { node.list?.append(.bool(value)) }
        mutating func encode(_ value: Int) throws { node.list?.append(.int(value)) }
        mutating func encode(_ value: Double) throws { node.list?.append(.double(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            if let scalar = Node.scalar(value) { return node.list?.append(scalar) ?? () }
            try value.encode(to: NodeEncoder(node: node.appendChild()))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            NodeEncoder(node: node.appendChild()).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.appendChild()).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendChild()) }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { node.scalar = .null }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try node.set(value)
        }
    }
}
