/// Finds the element holding a page's main text, after the approach readability made
/// known: paragraphs of some length give points to their parent and grandparent, an
/// element's class and id add or take away, link-heavy elements lose, and the best
/// element is taken with those of its siblings that read like more of the same.
struct ContentFinder {
    /// What one attempt strips; a later attempt strips less when the first found too little.
    struct Strictness {
        var stripsUnlikely: Bool
        var weighsClasses: Bool
        var cleansConditionally: Bool

        static let attempts = [
            Strictness(stripsUnlikely: true, weighsClasses: true, cleansConditionally: true),
            Strictness(stripsUnlikely: false, weighsClasses: true, cleansConditionally: true),
            Strictness(stripsUnlikely: false, weighsClasses: false, cleansConditionally: true),
            Strictness(stripsUnlikely: false, weighsClasses: false, cleansConditionally: false),
        ]
    }

    let strictness: Strictness
    let title: String?
    /// The byline found in the page's text, when the metadata had none.
    var byline: String?
    let needsByline: Bool

    let budget: TimeBudget

    init(strictness: Strictness, title: String?, needsByline: Bool, budget: TimeBudget) {
        self.budget = budget
        self.strictness = strictness
        self.title = title
        self.needsByline = needsByline
    }

    /// The article's element: a new `div` holding the best element and its kin.
    mutating func find(in body: ContentNode) throws(ContentTreeBuilder.Stop) -> ContentNode {
        let paragraphs = prepare(body)
        var candidates: [ContentNode] = []
        for paragraph in paragraphs {
            guard paragraph.parent != nil else { continue }
            let length = paragraph.textLength
            guard length >= 25 else { continue }
            let points = 1 + Double(Self.commas(in: paragraph)) + min(Double(length / 100), 3)
            var ancestor = paragraph.parent
            var level = 0
            while let node = ancestor, level < 5 {
                if !node.isCandidate {
                    node.isCandidate = true
                    node.score = baseScore(of: node)
                    candidates.append(node)
                }
                let divider = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
                node.score += points / divider
                ancestor = node.parent
                level += 1
            }
        }
        // Nothing reads as a paragraph: the body is all there is.
        guard !candidates.isEmpty else { return gather(around: body) }
        // Each candidate's link density walks its subtree: on a page nested deep with text at
        // every level that is quadratic, so the time budget is checked as it goes.
        for (index, candidate) in candidates.enumerated() {
            if index % 64 == 63, budget.isSpent { throw .outOfTime }
            candidate.score *= 1 - candidate.linkDensity
        }
        let ranked = candidates.sorted { $0.score > $1.score }
        var top = ranked[0]
        top = climb(from: top, among: Array(ranked.prefix(5)), body: body)
        return gather(around: top)
    }

    /// An element's score before its paragraphs count: by what kind of element it is, and
    /// by its names.
    private func baseScore(of node: ContentNode) -> Double {
        var score: Double
        switch node.tag {
        case "div", "article", "main": score = 5
        case "pre", "td", "blockquote": score = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score = -5
        default: score = 0
        }
        if strictness.weighsClasses { score += NamePatterns.weight(of: node) }
        return score
    }

    /// Moves up from the best element when it is one of several good parts of a larger
    /// whole, or the only child of its parent.
    private func climb(from best: ContentNode, among leaders: [ContentNode], body: ContentNode) -> ContentNode {
        var top = best
        let close = leaders.dropFirst().filter { top.score > 0 && $0.score / top.score >= 0.75 }
        if close.count >= 2 {
            var parent = top.parent
            while let node = parent, node !== body {
                let holding = close.filter { isAncestor(node, of: $0) }.count
                if holding >= 2 {
                    top = node
                    break
                }
                parent = node.parent
            }
        }
        // A parent that scores better than its best child holds more of the article.
        var lastScore = top.score
        let threshold = lastScore / 3
        var parent = top.parent
        while let node = parent, node !== body {
            if !node.isCandidate {
                parent = node.parent
                continue
            }
            if node.score < threshold { break }
            if node.score > lastScore {
                top = node
                break
            }
            lastScore = node.score
            parent = node.parent
        }
        while let parent = top.parent, parent !== body,
            parent.children.filter({ !$0.isText || $0.textLength > 0 }).count == 1
        {
            top = parent
        }
        return top
    }

    private func isAncestor(_ node: ContentNode, of other: ContentNode) -> Bool {
        var parent = other.parent
        while let current = parent {
            if current === node { return true }
            parent = current.parent
        }
        return false
    }

    /// The best element and those siblings that score near it, or read as paragraphs of the
    /// same text, in their order, under one new `div`.
    private func gather(around top: ContentNode) -> ContentNode {
        let article = ContentNode(tag: "div")
        guard let parent = top.parent else {
            for child in top.children { article.append(child) }
            return article
        }
        let threshold = max(10, top.score * 0.2)
        let topClass = top.attr("class") ?? ""
        for sibling in parent.children {
            var keep = sibling === top
            if !keep, !sibling.isText {
                var bonus = 0.0
                if !topClass.isEmpty, sibling.attr("class") == topClass { bonus += top.score * 0.2 }
                if sibling.isCandidate, sibling.score + bonus >= threshold {
                    keep = true
                } else if sibling.tag == "p" {
                    let density = sibling.linkDensity
                    let text = sibling.innerText
                    if text.count > 80, density < 0.25 {
                        keep = true
                    } else if text.count > 0, text.count <= 80, density == 0, text.contains(". ") || text.hasSuffix(".")
                    {
                        keep = true
                    }
                }
            }
            if keep { article.append(sibling) }
        }
        return article
    }

    /// The commas in a subtree's text, without gathering it.
    static func commas(in node: ContentNode) -> Int {
        var count = 0
        var stack = [node]
        while let next = stack.popLast() {
            if next.isText { count += commas(in: next.text) } else { stack.append(contentsOf: next.children) }
        }
        return count
    }

    static func commas(in text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            switch scalar {
            case ",", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}", "\u{FF0C}",
                "\u{3001}":
                count + 1
            default: count
            }
        }
    }
}
