import Foundation
import Testing
import TrawlText

@Suite struct URLSchemesTests {
    @Test(arguments: [
        // address, web, fetchable, publishable
        ("https://example.org/a", true, true, true),
        ("HTTP://EXAMPLE.ORG/", true, true, true),
        ("mailto:someone@example.org", false, false, true),
        ("file:///tmp/page.html", false, true, false),
        ("FILE:///tmp/page.html", false, true, false),
        ("javascript:alert(1)", false, false, false),
        ("JaVaScRiPt:alert(1)", false, false, false),
        ("data:text/html,<b>x</b>", false, false, false),
        ("ftp://example.org/file", false, false, false),
        ("relative/page.html", false, false, false),
    ])
    func eachUseHasItsSchemes(address: String, web: Bool, fetchable: Bool, publishable: Bool) throws {
        let url = try #require(URL(string: address))
        #expect(url.isWebAddress == web)
        #expect(url.isFetchable == fetchable)
        #expect(url.isPublishableLink == publishable)
    }

    @Test(arguments: [
        ("https://example.org", true), ("MAILTO:a@example.org", true), ("page.html", true), ("/root", true),
        ("#anchor", true), ("?q=a:b", true), ("a/b:c", true), ("javascript:alert(1)", false),
        ("ftp://example.org", false), ("data:,x", false), ("file:///etc/passwd", false),
    ])
    func referencesAsWrittenArePublishableWhenRelativeOrOfAPublishableScheme(reference: String, expected: Bool) {
        #expect(URLSchemes.isPublishable(reference: reference) == expected)
    }
}
