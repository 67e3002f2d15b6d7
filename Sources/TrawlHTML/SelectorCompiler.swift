import Foundation

/// Compiles CSS selectors to XPath 1.0 and remembers each compilation.
///
/// Foundation version: type, class, id, descendant and child combinators, and parsel's
/// `::text` / `::attr(name)`. The full Selectors Level 4 grammar replaces it.
final class SelectorCompiler: @unchecked Sendable {
    static let shared = SelectorCompiler()

    private let lock = NSLock()
    private var cache: [String: String] = [:]

    func xpath(for css: String) throws -> String {
        lock.lock()
        if let cached = cache[css] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let compiled = try compile(css)
        lock.lock()
        cache[css] = compiled
        lock.unlock()
        return compiled
    }

    private func compile(_ css: String) throws -> String {
        var pseudoElement = ""
        var selector = css.trimmingCharacters(in: .whitespaces)
        if selector.hasSuffix("::text") {
            pseudoElement = "/text()"
            selector.removeLast("::text".count)
        } else if let range = selector.range(of: "::attr(") , selector.hasSuffix(")") {
            let name = selector[range.upperBound..<selector.index(before: selector.endIndex)]
            pseudoElement = "/@\(name)"
            selector = String(selector[..<range.lowerBound])
        }
        var path = "descendant-or-self::"
        var axisPending = false
        for token in selector.replacingOccurrences(of: ">", with: " > ").split(separator: " ") {
            if token == ">" {
                path += "/"
                axisPending = true
                continue
            }
            if !path.hasSuffix("::") && !axisPending { path += "/descendant::" }
            axisPending = false
            path += step(String(token))
        }
        return path + pseudoElement
    }

    private func step(_ compound: String) -> String {
        var tag = "*"
        var predicates: [String] = []
        var rest = Substring(compound)
        let nameEnd = rest.firstIndex(where: { $0 == "." || $0 == "#" }) ?? rest.endIndex
        if nameEnd != rest.startIndex { tag = String(rest[..<nameEnd]) }
        rest = rest[nameEnd...]
        while let marker = rest.first {
            rest = rest.dropFirst()
            let end = rest.firstIndex(where: { $0 == "." || $0 == "#" }) ?? rest.endIndex
            let name = rest[..<end]
            rest = rest[end...]
            if marker == "." {
                predicates.append("contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')")
            } else {
                predicates.append("@id = '\(name)'")
            }
        }
        return tag + predicates.map { "[\($0)]" }.joined()
    }
}
