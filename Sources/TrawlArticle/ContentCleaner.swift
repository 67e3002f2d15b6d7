/// Takes out of the chosen content what is still not the article: asides and footers,
/// sharing widgets, headings named as boilerplate, and blocks that look like lists of links,
/// galleries or forms rather than text ("conditional" cleaning, loosened on later attempts).
struct ContentCleaner {
    let strictness: ContentFinder.Strictness
    let budget: TimeBudget

    /// Cleans in place; weighing a block walks its subtree, quadratic on a page nested deep,
    /// so the time budget is checked as it goes.
    func clean(_ article: ContentNode) throws(ContentTreeBuilder.Stop) {
        for node in article.descendants(named: ["aside", "footer", "label", "fieldset"]) { node.remove() }
        for node in article.descendants() where isShareWidget(node) { node.remove() }
        if strictness.weighsClasses {
            for heading in article.descendants(named: ["h1", "h2"]) where NamePatterns.weight(of: heading) < 0 {
                heading.remove()
            }
        }
        if strictness.cleansConditionally {
            let dataTables = Set(article.descendants(named: ["table"]).filter(isDataTable).map(ObjectIdentifier.init))
            for tags in [["form"], ["table"], ["ul", "ol"], ["div", "section"]] {
                for (index, node) in article.descendants(named: Set(tags)).reversed().enumerated()
                where node.parent != nil {
                    if index % 64 == 63, budget.isSpent { throw .outOfTime }
                    if shouldRemove(node, dataTables: dataTables) { node.remove() }
                }
            }
        }
        // Lists of other articles (related stories, a stream of teasers) inside the text.
        for (index, node) in article.descendants(named: ["ul", "ol", "div", "section"]).reversed().enumerated()
        where node.parent != nil {
            if index % 64 == 63, budget.isSpent { throw .outOfTime }
            if Self.isTeaserList(node) { node.remove() }
        }
        for paragraph in article.descendants(named: ["p"]).reversed() where isEmptyParagraph(paragraph) {
            paragraph.remove()
        }
        for table in article.descendants(named: ["table"]).reversed() { unwrapSingleCell(table) }
    }

    private func isShareWidget(_ node: ContentNode) -> Bool {
        let names = node.classAndID
        guard names.contains("share") || names.contains("social") else { return false }
        return node.textLength < 500
    }

    /// A table of data, not of layout: it says so with headers or a caption, or is big.
    private func isDataTable(_ table: ContentNode) -> Bool {
        if table.attr("role") == "presentation" || table.attr("datatable") == "0" { return false }
        if table.attr("summary") != nil { return true }
        let parts = table.descendants(named: ["caption", "thead", "tfoot", "th", "colgroup", "col", "table"])
        if parts.contains(where: { $0.tag == "table" }) { return false }
        if !parts.isEmpty { return true }
        let rows = table.descendants(named: ["tr"])
        let columns = rows.map { $0.children.filter { $0.tag == "td" }.count }.max() ?? 0
        return rows.count >= 10 || columns > 4 || rows.count * columns > 10
    }

    private func shouldRemove(_ node: ContentNode, dataTables: Set<ObjectIdentifier>) -> Bool {
        if node.tag == "table", dataTables.contains(ObjectIdentifier(node)) { return false }
        var parent = node.parent
        while let current = parent {
            if current.tag == "code" || current.tag == "pre" { return false }
            if current.tag == "table", dataTables.contains(ObjectIdentifier(current)) { return false }
            parent = current.parent
        }
        if node.descendants(named: ["pre", "code"]).contains(where: { $0.textLength > 80 }) { return false }
        let weight = strictness.weighsClasses ? NamePatterns.weight(of: node) : 0
        if weight + (node.isCandidate ? node.score : 0) < 0 { return true }
        guard ContentFinder.commas(in: node) < 10 else { return false }
        let length = node.textLength
        let inner = node.descendants()
        let paragraphs = inner.filter { $0.tag == "p" }.count
        let images = inner.filter { $0.tag == "img" }.count
        let items = inner.filter { $0.tag == "li" }.count - 100
        let listText = inner.filter { $0.tag == "li" || $0.tag == "dd" }.reduce(0) { $0 + $1.textLength }
        let isList =
            node.tag == "ul" || node.tag == "ol" || (length > 0 && Double(listText) / Double(length) > 0.9)
        let density = node.linkDensity
        let inFigure = hasAncestor(node, "figure")
        if images > 1, Double(paragraphs) / Double(images) < 0.5, !inFigure { return true }
        if !isList, items > paragraphs { return true }
        if !isList, length < 25, images == 0 || images > 2, density > 0, !inFigure { return true }
        if !isList, weight < 25, density > 0.2 { return true }
        if weight >= 25, density > 0.5 { return true }
        if images == 0, length == 0 { return true }
        return false
    }

    private func hasAncestor(_ node: ContentNode, _ tag: String) -> Bool {
        var parent = node.parent
        while let current = parent {
            if current.tag == tag { return true }
            parent = current.parent
        }
        return false
    }

    private func isEmptyParagraph(_ paragraph: ContentNode) -> Bool {
        paragraph.descendants(named: ["img", "picture"]).isEmpty && paragraph.innerText.isEmpty
    }

    /// A layout table of one cell is only its cell's content.
    private func unwrapSingleCell(_ table: ContentNode) {
        let rows = table.descendants(named: ["tr"])
        guard rows.count == 1, rows[0].children.filter({ !$0.isText }).count == 1,
            let cell = rows[0].children.first(where: { !$0.isText }), cell.tag == "td"
        else { return }
        cell.tag = cell.children.allSatisfy { HTMLTags.phrasing.contains($0.tag) } ? "p" : "div"
        cell.remove()
        if let parent = table.parent, let index = parent.children.firstIndex(where: { $0 === table }) {
            cell.parent = parent
            parent.children[index] = cell
            table.parent = nil
        }
    }

    /// Several headings, most of them links to other pages, each with no more than a teaser
    /// below it: a front page or an index, whose items each lead to an article elsewhere
    /// (an article whose sections are headed by links has sections of some length).
    static func isTeaserList(_ content: ContentNode) -> Bool {
        let headings = content.descendants(named: ["h1", "h2", "h3", "h4"])
        let linked = headings.filter { heading in
            let inLink = sequence(first: heading, next: \.parent).contains {
                $0.tag == "a" && !($0.attr("href") ?? "#").hasPrefix("#")
            }
            let linking = heading.descendants(named: ["a"]).contains { !($0.attr("href") ?? "#").hasPrefix("#") }
            return (inLink || linking) && (inLink || heading.linkDensity > 0.8)
        }
        guard linked.count >= 3, linked.count * 2 >= headings.count else { return false }
        let headingText = headings.reduce(0) { $0 + $1.textLength }
        return (content.textLength - headingText) / linked.count <= teaserLength
    }

    /// The most text a teaser has below its headline.
    static let teaserLength = 320

}
