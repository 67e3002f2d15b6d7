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

        /// The path `css` spells, or nil for a selector of any other shape. Names are plain
        /// (a letter or `_`, then letters, digits, `-`, `_`), so whatever parses here is a
        /// selector that `Document.select` parses too, and means the same.
        init?(parsing css: String) {
            var scanner = Scanner(bytes: Array(css.utf8))
            while true {
                guard let compound = scanner.compound(nested: false) else { return nil }
                compounds.append(compound)
                if scanner.isAtEnd { return }
                if scanner.skip(" > ") {
                    childOf.append(true)
                } else if scanner.skip(" ") {
                    childOf.append(false)
                } else {
                    return nil
                }
            }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ literal: String) -> Bool {
            let literal = Array(literal.utf8)
            guard bytes.count - position >= literal.count,
                bytes[position..<position + literal.count].elementsEqual(literal)
            else { return false }
            position += literal.count
            return true
        }

        mutating func compound(nested: Bool) -> Compound? {
            guard let tag = name(), tag.utf8.allSatisfy({ !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            else { return nil }
            var compound = Compound(tag: tag)
            while !isAtEnd {
                if skip("#") {
                    guard compound.id == nil, let id = name() else { return nil }
                    compound.id = id
                } else if skip(".") {
                    guard let name = name() else { return nil }
                    compound.classes.append(name)
                } else if skip("[data-testid='") {
                    guard compound.testID == nil, let value = quoted() else { return nil }
                    compound.testID = value
                } else if skip(":nth-of-type(") {
                    guard compound.nthOfType == nil, let number = number(), skip(")") else { return nil }
                    compound.nthOfType = number
                } else if skip(":not(.") {
                    guard let name = name(), skip(")") else { return nil }
                    compound.notClasses.append(name)
                } else if !nested, skip(":has(a[href])") {
                    compound.holdsLink = true
                } else if !nested, skip(":has(> ") {
                    guard let child = self.compound(nested: true), skip(")") else { return nil }
                    compound.hasChildren.append(child)
                } else {
                    break
                }
            }
            return compound
        }

        /// A letter or `_`, then letters, digits, `-` and `_` (ASCII): a CSS identifier that needs no escape.
        private mutating func name() -> String? {
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// A value up to its closing `']`, with no quote, escape or line break inside.
        private mutating func quoted() -> String? {
            let start = position
            while position < bytes.count, !"'\\\n\r\u{0C}".utf8.contains(bytes[position]) { position += 1 }
            let value = String(decoding: bytes[start..<position], as: UTF8.self)
            return skip("']") ? value : nil
        }

        private mutating func number() -> Int? {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            guard position > start, position - start < 9 else { return nil }
            return Int(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                return true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): return !first
            default: return false
            }
        }
    }
}
