import Foundation

/// Compiles each selector once per kind of document and keeps the result.
///
/// Bounded, so a program that builds selectors from data cannot grow it without limit:
/// when full it starts over, which costs only recompilation.
final class SelectorCache: @unchecked Sendable {
    static let shared = SelectorCache()

    private struct Key: Hashable {
        let source: String
        let isHTML: Bool
        let namespaces: [String: String]
    }

    private let lock = NSLock()
    private var compiled: [Key: CompiledSelector] = [:]
    private let capacity: Int

    init(capacity: Int = 2048) {
        self.capacity = capacity
    }

    /// How many compilations are kept.
    var count: Int { lock.withLock { compiled.count } }

    /// The compiled form of `css`, parsing it only the first time it is seen.
    func compiled(_ css: String, isHTML: Bool, namespaces: [String: String] = [:]) throws -> CompiledSelector {
        let key = Key(source: css, isHTML: isHTML, namespaces: namespaces)
        if let hit = lock.withLock({ compiled[key] }) { return hit }
        let result = CompiledSelector(try Selector(parsing: css), isHTML: isHTML, namespaces: namespaces)
        lock.withLock {
            if compiled.count >= capacity { compiled.removeAll(keepingCapacity: true) }
            compiled[key] = result
        }
        return result
    }
}
