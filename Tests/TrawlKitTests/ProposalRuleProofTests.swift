import Foundation
import TestSupport
import Testing
import TrawlHTML

@testable import TrawlKit

/// Each rule of `init --from`'s heuristics proven on a real page outside the corpus
/// (`Fixtures/proposals-extra/`, see its PROVENANCE.md), with the list, the count and the
/// first titles and links read off the page by hand. None of these pages is named by a rule.
@Suite struct ProposalRuleProofTests {
    static func page(_ file: String) throws -> Data {
        try Data(contentsOf: Fixture.url("proposals-extra/\(file)"))
    }

    static func proposals(_ file: String, base: String) throws -> [ProposalCandidate] {
        let base = try #require(URL(string: base))
        let page = FetchedPage(requestedURL: base, url: base, body: try page(file))
        return SourceProposal.candidates(
            page: page, address: base, url: base.absoluteString, id: "proof", base: base, includeRemote: false)
    }

    static func document(_ file: String, base: String) throws -> Document {
        Document.parseHTML(try page(file), url: URL(string: base), contentType: nil)
    }

    /// A heading with a "See all" link names the list below it: each block of the mega-menu
    /// (`<h2>News</h2><a>See all</a>` over three posts) reads as its first post, not as "News"
    /// nor "See all", and no list the page proposes has "See all" for an item.
    @Test func aHeadingWithASeeAllLinkTitlesItsListAndIsNoItem() throws {
        let base = "https://www.laweekly.com/cultural-cultivation/"
        let document = try Self.document("article-wordpress-laweekly.html", base: base)
        let blocks = try document.select("div.cb-upper-title").compactMap(\.parent)
        #expect(blocks.count == 7)
        let headings = blocks.compactMap { (try? $0.select("div.cb-upper-title h2").first)?.text }
        #expect(headings == ["News", "Food", "Music", "Entertainment", "Arts", "Culture", "Cannabis"])
        for block in blocks {
            let post = try #require(try block.select("h2.cb-post-title").first)
            #expect(ItemTitle.find(in: block)?.text.text == post.text)
        }
        #expect(
            ItemTitle.find(in: try #require(blocks.first))?.text.text
                == "Actors Strike Over As Tentative Agreement Reached")
        #expect(ItemTitle.isHeadline("See all") == false)
        for candidate in try Self.proposals("article-wordpress-laweekly.html", base: base) {
            #expect(!(candidate.items ?? []).contains { $0.title == "See all" }, "\(candidate.label)")
        }
    }

    /// A `dt` and its `dd` are one item: the paper's title is in the `dd` beside its authors'
    /// links, its own link (the abstract) in the `dt`, and that is the link proposed.
    @Test func aDefinitionListItemTakesItsLinkFromItsTerm() throws {
        let best = try #require(
            try Self.proposals("research-arxiv-recent.html", base: "https://arxiv.org/list/math.GN/recent").first)
        let items = best.items ?? []
        #expect(items.count == 11)
        #expect(items.first?.url?.absoluteString == "https://arxiv.org/abs/2111.05049")
        #expect(items.first?.title.hasSuffix("Ideal approach to convergence in functional spaces") == true)
        #expect(best.proposal.fields?.urlXPath?.contains("preceding-sibling::dt") == true)
    }

    /// A bare `ul` after a classed one (`ul#tagcloud`) is numbered in its selector, which
    /// would otherwise match both: the 31 articles are offered, and first.
    @Test func aBareBoxBesideAClassedOneIsNumbered() throws {
        let best = try #require(
            try Self.proposals("blog-lukesmith-articles.html", base: "https://lukesmith.xyz/articles/").first)
        #expect(best.proposal.items == "ul:nth-of-type(2) > li")
        #expect((best.items ?? []).count == 31)
        #expect(best.items?.first?.title == "Obscenities are symptoms of weak minds.")
    }

    /// An element its author called the title (`div.title` inside `a.card-title`, no heading
    /// anywhere) names each post.
    @Test func anElementItsAuthorCalledTheTitleNamesTheItem() throws {
        let candidates = try Self.proposals("blog-sveltekit-webiphany.html", base: "https://webiphany.com/")
        let best = try #require(candidates.first)
        let items = best.items ?? []
        #expect(items.count == 10)
        #expect(
            items.prefix(3).map(\.title) == [
                "Getting off social media", "Everyone is committed to being happy", "Support local jazz radio stations",
            ])
        #expect(items.first?.url?.absoluteString == "https://webiphany.com/2021-11-2-getting-off-social-media")
        #expect(best.proposal.fields?.title.contains("title") == true, "\(best.proposal.fields?.title ?? "")")
    }

    /// Rows of no class (a headline row, then a row of its related link) are told apart by the
    /// child only the items have: `li:has(> a.bold)`.
    @Test func rowsOfNoClassAreToldApartByTheChildOnlyTheItemsHave() throws {
        let base = "https://www.dailymail.co.uk/femail/food/index.html"
        let document = try Self.document("article-dailymail-food.html", base: base)
        let lists = ListFinder(document: document).candidates(limit: 20)
        let list = try #require(lists.first { $0.items.hasSuffix("li:has(> a.bold)") })
        let rows = try document.select(list.items).map { $0 }
        // 29 rows of no class in the box: 15 headline rows, each followed by a plain link row.
        #expect(rows.count == 15)
        #expect(
            try document.select(ListFinder.anyBox(list.items).replacingOccurrences(of: ":has(> a.bold)", with: ""))
                .count == 29)
        let titles = rows.prefix(3).compactMap { ItemTitle.find(in: $0)?.text.text }
        #expect(titles.first?.hasPrefix("Exodus London! Tens of thousands of motorists") == true)
        #expect(
            titles.dropFirst().first
                == "England locks down: Drinkers spill onto the streets after pubs close for the final time as second national shutdown comes into force"
        )
        #expect(
            ItemTitle.find(in: rows[0])?.link.attr("href")
                == "/news/article-8914543/Chock-blockdown-Londons-roads-grind-halt-rush-hour-traffic-34-higher-2019.html"
        )
    }

    /// A sponsored post among the posts ("[Anzeige] …", class `category-sponsored-post`) is
    /// left out with `:not(…)`.
    @Test func anAdvertisementAmongTheItemsIsLeftOutByItsClass() throws {
        let base = "https://herrpfleger.de/2019/09/fuel-cell/"
        let document = try Self.document("article-wordpress-herrpfleger.html", base: base)
        let lists = ListFinder(document: document).candidates(limit: 20)
        let list = try #require(lists.first { $0.items.hasSuffix(":not(.category-sponsored-post)") })
        let kept = try document.select(list.items).map { ItemTitle.find(in: $0)?.text.text ?? "" }
        let all = try document.select(list.items.replacingOccurrences(of: ":not(.category-sponsored-post)", with: ""))
            .map { ItemTitle.find(in: $0)?.text.text ?? "" }
        #expect(all.count == 4)
        #expect(kept.count == 3)
        #expect(all.contains { $0.hasPrefix("[Anzeige] Früherkennung einer Blasenentzündung") })
        #expect(!kept.contains { $0.hasPrefix("[Anzeige]") })
        #expect(kept.first == "Optimale Reanimation: wie häufig und wie tief drücken?")
    }

    /// The tags every post repeats (`p.entry-tags > a`) are each post's detail, not a list of
    /// their own; a list of posts keeps its place.
    @Test func aSublistEveryItemRepeatsIsThatItemsDetail() throws {
        let base = "https://www.schneier.com/"
        let document = try Self.document("blog-movabletype-schneier.html", base: base)
        let finder = ListFinder(document: document)
        let posts = try document.select("div#content > article").map { $0 }
        #expect(posts.count == 10)
        let tags = try #require(try posts[0].select("p.entry-tags").first)
        let box = try #require(ListFinder.uniqueSelector(for: tags, in: finder.selectors))
        let tagLinks = try document.select("\(box) > a").map { $0 }
        #expect(tagLinks.count >= 3)
        #expect(tagLinks.first?.text == "Android")
        let found = [
            ListFinder.Candidate(items: "\(box) > a", members: tagLinks, score: 99, container: 0),
            ListFinder.Candidate(items: "div#content > article", members: posts, score: 1, container: 0),
        ]
        let kept = finder.withoutRepeatedSublists(found)
        #expect(kept.map(\.items) == ["div#content > article"])
        // Alone, the tags are not a sublist of anything: they stay.
        #expect(finder.withoutRepeatedSublists([found[0]]).count == 1)
    }

    /// Recent posts that each carry a `<time datetime>` are posts, whatever their box is called
    /// (`aside.widget.rpwe_widget`): on an article page they are the list proposed. Without
    /// dates, a sidebar's recent posts stay below the page's own list of posts.
    @Test func itemsThatEachCarryATimeInAWidgetBoxAreNotDemotedAsFurniture() throws {
        let base = "https://raptastisch.net/2023/11/06/seitenhieb/"
        let document = try Self.document("article-wordpress-raptastisch.html", base: base)
        let widget = try #require(try document.select("ul.rpwe-ul").first)
        #expect(ListFinder.region(of: widget) == .boilerplate)
        let best = try #require(try Self.proposals("article-wordpress-raptastisch.html", base: base).first)
        let items = best.items ?? []
        #expect(best.label.contains("rpwe"))
        #expect(items.count == 15)
        #expect(items.first?.title == "Kranke Zahlen – Bushido führt im privaten Verkaufsbattle gegen Bonez MC")
        #expect(
            items.first?.url?.absoluteString
                == "https://raptastisch.net/2023/11/06/kranke-zahlen-bushido-fuehrt-im-privaten-verkaufsbattle-gegen-bonez-mc/"
        )

        let audacity = try Self.proposals("blog-wordpress-audacity.html", base: "https://www.audacityteam.org/posts/")
        let lists = audacity.filter { $0.tier == .heuristics }.map(\.label)
        let main = try #require(lists.firstIndex { $0.hasPrefix("main#main") })
        let sidebar = try #require(lists.firstIndex { $0.contains("recent-posts") })
        #expect(main < sidebar)
    }

    /// A title is the post's heading, never its "Posted on September 3, 2019 at 6:09 AM"
    /// permalink, a link in its body, or a "Read More »".
    @Test(arguments: [
        (
            "blog-movabletype-schneier.html", "https://www.schneier.com/", 10,
            [
                "Massive iPhone Hack Targets Uyghurs",
                "Friday Squid Blogging: Why Mexican Jumbo Squid Populations Have Declined",
                "Attacking the Intel Secure Enclave",
            ],
            "https://www.schneier.com/blog/archives/2019/09/massive_iphone_.html"
        ),
        (
            "blog-hugo-gohugo-news.html", "https://gohugo.io/news/", 95,
            [
                "Hugo 0.57.2: A couple of Bug Fixes", "Hugo 0.57.1: A couple of Bug Fixes",
                "Hugo 0.57: The Cascading Edition",
            ],
            "https://gohugo.io/news/0.57.2-relnotes/"
        ),
    ])
    func aTitleIsNeverADatePermalinkAReadMoreOrALinkInTheBody(
        file: String, base: String, count: Int, titles: [String], link: String
    ) throws {
        // The competitors are there: a permalink whose text is a date, or a "Read More »",
        // leading where the title leads.
        let document = try Self.document(file, base: base)
        let leads = try document.select("a[href]").filter {
            $0.text.hasPrefix("Posted on") || $0.text.hasPrefix("Read More")
        }
        #expect(leads.count >= 10)
        let best = try #require(try Self.proposals(file, base: base).first)
        let items = best.items ?? []
        #expect(items.count == count)
        #expect(items.prefix(3).map(\.title) == titles)
        #expect(items.first?.url?.absoluteString == link)
        #expect(!items.contains { $0.title.hasPrefix("Posted on") || $0.title.hasPrefix("Read More") })
    }

    /// No heuristic names a site of the corpus or of these pages: the rules are general.
    /// (Each site's own name in its address, as `ycombinator` in news.ycombinator.com, looked
    /// for as a word in every file of `Sources/TrawlKit/Propose/`.)
    @Test func noRuleNamesASiteOfTheSet() throws {
        var names: Set<String> = []
        for folder in ["proposals", "proposals-extra"] {
            for page in try ProposalCorpusTests.pages(in: Fixture.url(folder)) {
                let labels = (page.base.host ?? "").lowercased().split(separator: ".").map(String.init)
                // The label before the top-level domain (and its country's second level: bbc.co.uk).
                let stem = labels.dropLast(
                    labels.suffix(2).first.map { ["co", "com", "ac"].contains($0) } == true ? 2 : 1)
                if let name = stem.last, name.count >= 3 { names.insert(name) }
            }
        }
        names.subtract(["example", "localhost", "invalid", "page"])
        #expect(names.count >= 40)
        let folder = SharedTestData.packageRoot.appendingPathComponent("Sources/TrawlKit/Propose")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        let sources = files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(sources.count >= 20)
        for file in sources {
            let text = try String(contentsOf: file, encoding: .utf8).lowercased()
            let words = Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            let named = words.intersection(names)
            #expect(named.isEmpty, "\(file.lastPathComponent) names \(named.sorted())")
        }
    }
}
