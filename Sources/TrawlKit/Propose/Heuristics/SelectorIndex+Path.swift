import TrawlHTML

extension SelectorIndex {
    /// One compound of a selector `ListFinder` writes: `tag`, then any of `#id`, `.class`,
    /// `[data-testid='…']`, `:nth-of-type(n)`, `:not(.class)`, `:has(a[href])`, `:has(> compound)`.
    struct Compound: Equatable {
        var tag: String
        var id: String?
        var testID: String?
        var classes: [String] = []
        var nthOfType: Int?
        var notClasses: [String] = []
        var holdsLink = false
        var hasChildren: [Compound] = []
    }

    /// Compounds left to right; `childOf[i]` says compound `i + 1` is a child (not merely a
    /// descendant) of compound `i`.
    struct Path {
        var compounds: [Compound] = []
        var childOf: [Bool] = []

        /// The path `css` spells, or nil for a selector that does not parse or is of a shape
        /// the index does not answer.
        init?(parsing css: String) {
            guard let selector = try? Selector(parsing: css) else { return nil }
            self.init(selector)
        }

        /// The path of a selector as TrawlHTML's parser read it — one list of compounds joined
        /// by descendant and child combinators, no pseudo-element — or nil for any other shape,
        /// which `Document.select` answers instead.
        init?(_ selector: Selector) {
            guard selector.alternatives.count == 1, let complex = selector.alternatives.first,
                complex.pseudoElement == nil
            else { return nil }
            for compound in [complex.first] + complex.rest.map(\.1) {
                guard let read = Compound(compound) else { return nil }
                compounds.append(read)
            }
            for (combinator, _) in complex.rest {
                switch combinator {
                case .child: childOf.append(true)
                case .descendant: childOf.append(false)
                case .nextSibling, .subsequentSibling: return nil
                }
            }
        }
    }
}

extension SelectorIndex.Compound {
    /// The compound as the index tests it, or nil when a select could answer otherwise than
    /// the index would.
    init?(_ compound: CompoundSelector) {
        // A select matches a tag of any case; the table holds HTML's, which are lower case.
        guard compound.namespace == nil, let tag = compound.typeName, !tag.isEmpty,
            !tag.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else { return nil }
        self.init(tag: tag)
        for condition in compound.conditions {
            switch condition {
            case .id(let id):
                guard self.id == nil else { return nil }
                self.id = id
            case .className(let name):
                guard Self.isClassName(name) else { return nil }
                classes.append(name)
            case .attribute(let attribute):
                guard testID == nil, attribute.name == "data-testid", attribute.namespace == nil,
                    attribute.op == .equals, attribute.caseFlag != .insensitive
                else { return nil }
                testID = attribute.value
            case .pseudoClass(let pseudoClass):
                guard read(pseudoClass) else { return nil }
            }
        }
    }

    /// Adds `:nth-of-type(n)`, `:not(.class, …)`, `:has(a[href])` or `:has(> compound)`;
    /// false for any other pseudo-class.
    private mutating func read(_ pseudoClass: PseudoClass) -> Bool {
        switch pseudoClass {
        case .nthOfType(let pattern, fromEnd: false) where pattern.a == 0 && nthOfType == nil:
            nthOfType = pattern.b
        case .not(let list):
            for complex in list {
                guard complex.rest.isEmpty, complex.pseudoElement == nil, complex.first.typeName == nil,
                    complex.first.namespace == nil, complex.first.conditions.count == 1,
                    case .className(let name) = complex.first.conditions[0], Self.isClassName(name)
                else { return false }
                notClasses.append(name)
            }
        case .has(let list) where list.count == 1:
            let relative = list[0]
            guard relative.selector.rest.isEmpty, relative.selector.pseudoElement == nil else { return false }
            let inner = relative.selector.first
            switch relative.combinator {
            case .descendant where Self.isLink(inner):
                holdsLink = true
            case .child:
                guard let child = Self(inner) else { return false }
                hasChildren.append(child)
            default:
                return false
            }
        default:
            return false
        }
        return true
    }

    /// `a[href]`, which the table marks on every element that holds one.
    private static func isLink(_ compound: CompoundSelector) -> Bool {
        guard compound.typeName == "a", compound.namespace == nil, compound.conditions.count == 1,
            case .attribute(let attribute) = compound.conditions[0]
        else { return false }
        return attribute.name == "href" && attribute.namespace == nil && attribute.op == .exists
    }

    /// A class the table's split class lists can hold: a select's `normalize-space` test would
    /// find a name with white space in it across two of them.
    private static func isClassName(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
