import Foundation
import Testing

@testable import TrawlKit

/// Reading and applying robots.txt, case by case from RFC 9309.
@Suite struct RobotsTxtTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let robots: String
        let path: String
        let allowed: Bool
        var testDescription: String { "\(path) → \(allowed ? "allowed" : "disallowed")" }
    }

    static let rfcExample = """
        User-Agent: *
        Disallow: *.gif$
        Disallow: /example/
        Allow: /publications/

        User-Agent: foobot
        Disallow:/
        Allow:/example/page.html
        Allow:/example/allowed.gif

        User-Agent: barbot
        User-Agent: bazbot
        Disallow: /example/page.html

        User-Agent: quxbot
        """

    @Test(arguments: [
        ("foobot", "/example/page.html", true),
        ("foobot", "/example/allowed.gif", true),
        ("foobot", "/example/other.html", false),
        ("foobot", "/", false),
        ("FooBot", "/example/page.html", true),
        ("barbot", "/example/page.html", false),
        ("bazbot", "/example/page.html", false),
        ("barbot", "/example/other.html", true),
        ("quxbot", "/anything", true),
        ("otherbot", "/example/x", false),
        ("otherbot", "/picture.gif", false),
        ("otherbot", "/picture.gif?size=2", true),
        ("otherbot", "/publications/", true),
        ("otherbot", "/robots.txt", true),
    ])
    func theRFCExampleGroupsRulesByUserAgent(agent: String, path: String, allowed: Bool) {
        let robots = RobotsTxt(parsing: Self.rfcExample)
        #expect(robots.allows(path: path, userAgent: agent) == allowed)
    }

    @Test(arguments: [
        Case(robots: "User-agent: *\nDisallow: /a\nAllow: /a/b", path: "/a/b/c", allowed: true),
        Case(robots: "User-agent: *\nAllow: /a\nDisallow: /a/b", path: "/a/b/c", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /page\nAllow: /page", path: "/page", allowed: true),
        Case(robots: "User-agent: *\nDisallow: /page\nAllow: /pag*", path: "/page", allowed: true),
        Case(robots: "User-agent: *\nDisallow: /*.php$", path: "/index.php", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /*.php$", path: "/index.php?x=1", allowed: true),
        Case(robots: "User-agent: *\nDisallow: /*.php", path: "/index.php?x=1", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /a*b*c", path: "/axxbyyc/d", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /a*b*c$", path: "/axxbyyc/d", allowed: true),
        Case(robots: "User-agent: *\nDisallow: /a*b*c$", path: "/axxbyyc", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /fish$", path: "/fish/", allowed: true),
        Case(robots: "User-agent: *\nDisallow:", path: "/anything", allowed: true),
        Case(robots: "User-agent: *\nDisallow: /\nAllow: /$", path: "/", allowed: true),
        Case(robots: "User-agent: *\nDisallow: /\nAllow: /$", path: "/page", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /foo/bar?baz=quz", path: "/foo/bar?baz=quz", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /%7efoo", path: "/%7Efoo/index", allowed: false),
        Case(robots: "User-agent: *\nDisallow: /ä", path: "/%C3%A4", allowed: false),
        Case(
            robots: "# only comments\nUser-agent: * # everyone\nDisallow: /private # keep out", path: "/private/x",
            allowed: false),
        Case(
            robots: "Disallow: /before-any-group\nUser-agent: *\nDisallow: /x", path: "/before-any-group", allowed: true
        ),
        Case(robots: "user-AGENT: *\nDISALLOW: /shout", path: "/shout", allowed: false),
        Case(robots: "User-agent: *\r\nDisallow: /crlf\r\n", path: "/crlf", allowed: false),
        Case(
            robots: "User-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\nDisallow: /y", path: "/y",
            allowed: false),
        Case(robots: "", path: "/", allowed: true),
    ])
    func longestMatchDecidesAndAllowWinsTies(_ example: Case) {
        #expect(RobotsTxt(parsing: example.robots).allows(path: example.path, userAgent: "Trawl") == example.allowed)
    }

    @Test func groupsNamingTheSameAgentAreMerged() {
        let robots = RobotsTxt(
            parsing: "User-agent: trawl\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: Trawl\nDisallow: /b")
        #expect(!robots.allows(path: "/a", userAgent: "Trawl"))
        #expect(!robots.allows(path: "/b", userAgent: "Trawl"))
        #expect(robots.allows(path: "/c", userAgent: "Trawl"))
    }

    @Test func aUserAgentLineWithAVersionNamesItsProductToken() {
        let robots = RobotsTxt(parsing: "User-agent: Trawl/1.0\nDisallow: /")
        #expect(!robots.allows(path: "/page", userAgent: "Trawl"))
    }

    @Test func aNamedGroupReplacesTheStarGroup() {
        let robots = RobotsTxt(parsing: "User-agent: *\nDisallow: /\n\nUser-agent: Trawl\nDisallow: /private")
        #expect(robots.allows(path: "/public", userAgent: "Trawl"))
        #expect(!robots.allows(path: "/public", userAgent: "Otherbot"))
    }

    @Test func urlsAreMatchedOnTheirEncodedPathAndQuery() throws {
        let robots = RobotsTxt(parsing: "User-agent: *\nDisallow: /search?q=\nDisallow: /a%20b")
        #expect(!robots.allows(try #require(URL(string: "https://example.com/search?q=fish")), userAgent: "Trawl"))
        #expect(!robots.allows(try #require(URL(string: "https://example.com/a%20b/c")), userAgent: "Trawl"))
        #expect(robots.allows(try #require(URL(string: "https://example.com")), userAgent: "Trawl"))
    }
}
