import Testing

@testable import TrawlHTML

/// Each selector is compiled once per kind of document, and the cache stays bounded.
@Suite struct SelectorCacheTests {
    @Test func compilesEachSelectorOncePerKindOfDocument() throws {
        let cache = SelectorCache(capacity: 10)
        let first = try cache.compiled("ul > li:nth-child(odd)", isHTML: true)
        let again = try cache.compiled("ul > li:nth-child(odd)", isHTML: true)
        #expect(first.xpath == again.xpath)
        #expect(cache.count == 1)
        let xml = try cache.compiled("ul > li:nth-child(odd)", isHTML: false)
        #expect(xml.xpath != first.xpath)
        #expect(cache.count == 2)
    }

    @Test func staysWithinItsCapacity() throws {
        let cache = SelectorCache(capacity: 4)
        for index in 0..<10 { _ = try cache.compiled("#item\(index)", isHTML: true) }
        #expect(cache.count <= 4)
    }

    @Test func doesNotKeepInvalidSelectors() {
        let cache = SelectorCache(capacity: 4)
        #expect(throws: SelectorError.self) { try cache.compiled("a[", isHTML: true) }
        #expect(cache.count == 0)
    }
}
