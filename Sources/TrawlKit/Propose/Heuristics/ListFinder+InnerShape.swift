import Foundation
import TrawlHTML

extension ListFinder {
    /// A list's items chosen again by what they hold rather than by the boxes they stand in.
    ///
    /// Page builders lay like cards (a photo, a name, a link) out in columns of rows of
    /// sections, and put a section's first cards one box deeper than the rest (beside the
    /// section's heading, in a row of their own). The boxes a selector finds then hold one
    /// card each, except a few that hold a heading and several cards. The shape most of them
    /// have — the headings, images and links inside, in order — names the card; a box that
    /// holds nothing but cards of that shape (a heading may stand beside them, no link)
    /// gives way to those cards, at whatever depth they sit. So does a row's box that holds a
    /// row of cards among the cards of the rows before it (a news page's related stories).
    struct InnerShape {
        var members: [Node]
        /// `container part:has(a[href]):not(:has(part))`: every element of the cards' shared
        /// tag and classes that holds a link and holds no other such element.
        var selector: String
    }

    /// An inside larger than this many elements is no card.
    static let maxCardElements = 150

    /// The items a selector gives, chosen again by their inner shape: nil when each already
    /// holds one card, or when no selector reaches the cards alone.
    func innerShape(of items: String, container: Node) -> InnerShape? {
        guard let matches = try? document.select(items), matches.count <= FieldFinder.maxMembers else { return nil }
        // Items without a link are left out, as `:has(a[href])` will leave them out.
        let shapes = matches.prefix(Self.sampleSize).map(Self.landmarks).filter { $0?.contains("a") != false }
        var counts: [[String]: Int] = [:]
        for case let shape? in shapes { counts[shape, default: 0] += 1 }
        // The card's shape: most items have it, and it names and links something. The first
        // of the most common, so that a tie is decided the same way every time.
        let most = counts.values.max() ?? 0
        guard let card = shapes.compactMap(\.self).first(where: { counts[$0] == most }),
            most >= 3, most * 2 >= shapes.count, most < shapes.count, card.contains(where: { $0.hasPrefix("h") })
        else { return nil }
        let typical = matches.prefix(Self.sampleSize).filter { Self.landmarks(of: $0) == card }
        let tag = typical[0].tag
        let classes = typical.dropFirst().reduce(into: Set(Self.classNames(of: typical[0]))) {
            $0.formIntersection(Self.classNames(of: $1))
        }
        var members: [Node] = []
        var replaced = false
        for item in matches {
            guard let shape = Self.landmarks(of: item), shape.contains("a") else { continue }
            guard shape != card, let cards = Self.cards(in: item, like: card, tag: tag, classes: classes) else {
                members.append(item)
                continue
            }
            members += cards
            replaced = true
        }
        guard replaced, let shaped = reaching(members, like: card, under: container) else { return nil }
        // The cards must read as items: most of them with a title.
        let sample = shaped.members.prefix(Self.sampleSize)
        let titles = sample.compactMap(ItemTitle.find).count
        guard titles >= 3, Double(titles) >= 0.6 * Double(sample.count) else { return nil }
        return shaped
    }

    /// The headings, images and links inside an element, in document order; nil for an
    /// inside too large to be a card.
    static func landmarks(of node: Node) -> [String]? {
        var shape: [String] = []
        var seen = 0
        var stack = Array(node.children.reversed())
        while let element = stack.popLast() {
            seen += 1
            guard seen <= maxCardElements else { return nil }
            let tag = element.tag
            if landmarkTags.contains(tag) { shape.append(tag) }
            if tag == "a", element.attr("href") != nil { shape.append("a") }
            if !PageOutline.unseenTags.contains(tag) { stack += element.children.reversed() }
        }
        return shape
    }

    static let landmarkTags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "img"]

    /// The cards of the given shape inside a box (outermost first, in document order), when
    /// they are like the other items (their tag, a class in common) and the box holds no
    /// link beside them.
    private static func cards(in box: Node, like card: [String], tag: String, classes: Set<String>) -> [Node]? {
        var found: [Node] = []
        var seen = 0
        var stack = Array(box.children.reversed())
        while let element = stack.popLast() {
            seen += 1
            guard seen <= maxCardElements * 8 else { return nil }
            let alike = element.tag == tag && (classes.isEmpty || !classes.isDisjoint(with: classNames(of: element)))
            if alike, landmarks(of: element) == card {
                found.append(element)
            } else if !PageOutline.unseenTags.contains(element.tag) {
                stack += element.children.reversed()
            }
        }
        let links = (try? box.select("a[href]"))?.count ?? 0
        let inCards = found.map { (try? $0.select("a[href]"))?.count ?? 0 }.reduce(0, +)
        guard !found.isEmpty, links == inCards else { return nil }
        return found
    }

    /// A selector for cards at different depths under one container: their shared part,
    /// narrowed to the elements that hold a link and hold no other element of that part (the
    /// boxes that held several cards, a section's heading box). Its items are the cards, and
    /// others only of the cards' shape (a card the first selector had missed).
    private func reaching(_ members: [Node], like card: [String], under container: Node) -> InnerShape? {
        guard let containerSelector = Self.uniqueSelector(for: container, in: selectors) else { return nil }
        let part = Self.sharedPart(of: members)
        guard let matches = try? document.select("\(containerSelector) \(part)") else { return nil }
        let kept = matches.filter { match in
            let nested = (try? match.select(part)) ?? NodeList([])
            return Self.holdsAnyLink(match) && !nested.contains { $0 != match }
        }
        guard members.allSatisfy(kept.contains),
            kept.allSatisfy({ members.contains($0) || Self.landmarks(of: $0) == card })
        else { return nil }
        return InnerShape(members: kept, selector: "\(containerSelector) \(part):has(a[href]):not(:has(\(part)))")
    }

    /// Whether an element has an `a[href]` below it (itself not counted), as `:has(a[href])` asks.
    static func holdsAnyLink(_ element: Node) -> Bool {
        ((try? element.select("a[href]")) ?? NodeList([])).contains { $0 != element }
    }
}
