import Foundation
import Testing
import TrawlText

/// `URL(reference:relativeTo:)` merges the common links itself (`URLReference.merged`): every
/// link and base here must come out as Foundation resolves them, whichever way they go.
@Suite struct URLReferenceMergeTests {
    static let bases = [
        "https://example.com/blog/", "https://example.com/blog/index.html", "https://example.com/",
        "http://a.example:8080/x/y/z", "https://example.com/a%20b/c", "https://example.com/blog/x;p",
        "https://example.com/~u/", "https://EXAMPLE.com/Blog/", "https://example.com/a//b/",
        "file:///tmp/x/page.html", "https://u@example.com/x/", "https://example.com/x/?q",
        "https://example.com", "https://example.com/./a/", "https://example.com/a/..", "mailto:x@example.com",
    ]
    static let references = [
        "/blog/01/post-0001.html", "post-01-0001.html", "a/b/c", "x?y=1", "x#f", "/x?y=1#z", "x%20y", "a;b", "/",
        "x/", "a//b", "/a//b", "~x", "x@y", "x%2e%2e/y", "x!$&'()*+,;=", "x?a/../b", "x#a/./b", "é", "a b",
        "/%7Efoo", "x..y", "x/..y", "x/.y", "/.x", "a:b", "./a", "../a", "#x", "?q", "//host/x", "x\\y", "",
    ]

    @Test(arguments: bases)
    func resolvesAsFoundationDoes(base: String) throws {
        let base = try #require(URL(string: base))
        for reference in Self.references {
            let foundation = URL(string: URLReference.escaped(reference), relativeTo: base)?.absoluteURL
            #expect(URL(reference: reference, relativeTo: base)?.absoluteString == foundation?.absoluteString)
        }
    }

    @Test func mergesPathsAgainstAPlainBase() throws {
        let base = try #require(URL(string: "https://example.com/blog/"))
        #expect(URLReference.merged("/news/a.html", onto: base) == "https://example.com/news/a.html")
        #expect(URLReference.merged("post.html?p=2", onto: base) == "https://example.com/blog/post.html?p=2")
        #expect(URLReference.merged("../post.html", onto: base) == nil)
        #expect(URLReference.merged("https://other.example/", onto: base) == nil)
    }
}
