import CLibXML2

/// Two nodes are equal when they are the same node of the same document.
extension Node: Equatable {
    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.pointer == rhs.pointer
    }
}
