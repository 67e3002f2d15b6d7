import CLibXML2

/// The elements of a document by name, in document order: built in one walk, it lets every
/// selector run on a whole document start from its candidates instead of walking the tree
/// again (scrapers run many selectors on one page).
final class ElementIndex: @unchecked Sendable {
    /// Elements by local name (HTML names are lower-case already).
    private(set) var byName: [String: [xmlNodePtr]] = [:]
    /// Every element.
    private(set) var all: [xmlNodePtr] = []

    /// Indexes `root` and every element below it, without recursion.
    init(root: xmlNodePtr) {
        var node: xmlNodePtr? = root
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                all.append(current)
                if let name = current.pointee.name {
                    byName[String(cString: name), default: []].append(current)
                }
                if let child = current.pointee.children {
                    node = child
                    continue
                }
            }
            node = TreeWalk.next(after: current, within: root)
        }
    }

    /// The elements named `name`, or every element for nil.
    func elements(named name: String?) -> [xmlNodePtr] {
        guard let name else { return all }
        return byName[name] ?? []
    }
}
