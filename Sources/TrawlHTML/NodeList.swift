/// Nodes in document order, with the same vocabulary as a single node.
public struct NodeList: Sendable, RandomAccessCollection {
    public let nodes: [Node]

    public init(_ nodes: [Node]) {
        self.nodes = nodes
    }

    public var startIndex: Int { nodes.startIndex }
    public var endIndex: Int { nodes.endIndex }
    public subscript(position: Int) -> Node { nodes[position] }

    /// The text of every node, each whitespace-normalised.
    public var texts: [String] { nodes.map(\.text) }

    /// The text of the first node, or nil when the list is empty.
    public var text: String? { nodes.first?.text }

    /// The attribute `name` of the first node that has it.
    public func attr(_ name: String) -> String? {
        nodes.lazy.compactMap { $0.attr(name) }.first
    }
}
