import Foundation
import Mustache
import TrawlDates

// The data the templates see. Every string here is plain text, cleaned by `SafeText`;
// the templates escape it with `{{ }}`. Links are `SafeText.link` results or relative
// paths the generator made. docs/SITE.md lists these names for template authors.
//
// Nothing is optional: an absent value is the empty string, which Mustache treats as
// false, and whose key is present, so `{{#href}}` on an item without a link never finds
// a `href` further up the context stack.

/// What every page has: where the root is, the site's name, its feeds.
struct PageContext: MustacheObject {
    /// The way back to the output folder from this page (`""`, `"../"`, `"../../"`): every
    /// link is relative, so the site works from `file://` and under any base path.
    var root: String
    var siteTitle: String
    var siteDescription: String
    var pageTitle: String
    /// The Atom feed this page offers (`<link rel="alternate">`), relative to the page.
    var feedHref: String
    var feedTitle: String
    var jsonFeedHref: String
    var lastRun: String
    var lastRunTime: String
    /// `site.language`: the pages' `lang`.
    var language: String

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "root": return .string(root)
        case "siteTitle": return .string(siteTitle)
        case "siteDescription": return .string(siteDescription)
        case "pageTitle": return .string(pageTitle)
        case "feedHref": return .string(feedHref)
        case "feedTitle": return .string(feedTitle)
        case "jsonFeedHref": return .string(jsonFeedHref)
        case "lastRun": return .string(lastRun)
        case "lastRunTime": return .string(lastRunTime)
        case "language": return .string(language)
        default: return nil
        }
    }
}

struct ChangeView: MustacheObject {
    var kind: String
    var label: String
    var isBaseline: Bool
    var source: String
    var sourceHref: String
    var title: String
    var href: String
    var time: String
    var timeText: String
    var summary: String
    var rows: [ChangeDescription.FieldRow]
    var hasRows: Bool

    init(_ description: ChangeDescription, root: String, wording: ValueWording = ValueWording()) {
        let change = description.change
        kind = change.kind.rawValue
        label = description.label
        isBaseline = change.kind == .baseline
        source = description.sourceName
        sourceHref = "\(root)sources/\(change.sourceID)/index.html"
        title = description.title
        href = description.link?.absoluteString ?? ""
        time = DateCodec.rfc3339(change.detectedAt)
        timeText = wording.dateTime(change.detectedAt)
        summary = change.kind == .added || change.kind == .reappeared ? description.summary ?? "" : ""
        // On a page, an addition's fields would repeat the item; only changes show a table.
        rows = change.kind == .changed ? description.rows : []
        hasRows = !rows.isEmpty
    }

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "kind": return .string(kind)
        case "label": return .string(label)
        case "isBaseline": return .bool(isBaseline)
        case "source": return .string(source)
        case "sourceHref": return .string(sourceHref)
        case "title": return .string(title)
        case "href": return .string(href)
        case "time": return .string(time)
        case "timeText": return .string(timeText)
        case "summary": return .string(summary)
        case "rows": return .list(of: rows)
        case "hasRows": return .bool(hasRows)
        default: return nil
        }
    }
}

struct SourceView: MustacheObject {
    var id: String
    var name: String
    var kind: String
    var href: String
    var feedHref: String
    var itemCount: Int
    /// `1 item`, `1,200 items`.
    var itemCountText: String
    /// `ok`, `stale` (the last attempt failed; the last good items are shown) or `new`.
    var status: String
    var statusText: String
    var lastSuccess: String
    var lastSuccessText: String
    var error: String
    var failures: Int
    /// What is wrong with the items shown (a field empty on most of them): kept, but told.
    var warnings: [String]
    /// True when the last attempt failed or was refused by the layout guard.
    var hasProblem: Bool
    /// What to do about it, and the command that does it (`trawl init --from URL --list`, `trawl try ID`).
    var hint: String
    var command: String

    init(_ source: SiteContent.Source, root: String, wording: ValueWording = ValueWording()) {
        id = source.id
        name = source.name
        kind = source.configuration.kind.rawValue
        href = "\(root)sources/\(source.id)/index.html"
        feedHref = "\(root)sources/\(source.id)/feed.atom"
        itemCount = source.itemCount
        itemCountText = CountText.of(itemCount, "item", "items", shown: wording.number(itemCount))
        let health = source.health
        if health.stale {
            status = "stale"
            statusText = health.consecutiveFailures > 1 ? "Stale: failed \(health.consecutiveFailures) times" : "Stale"
        } else if health.lastSuccess == nil {
            status = "new"
            statusText = "Not scraped yet"
        } else {
            status = "ok"
            statusText = "OK"
        }
        lastSuccess = health.lastSuccess.map(DateCodec.rfc3339) ?? ""
        lastSuccessText = health.lastSuccess.map(wording.dateTime) ?? ""
        error = health.lastError.map { SafeText.line($0.message) } ?? ""
        failures = health.consecutiveFailures
        warnings = (health.warnings ?? []).map(SafeText.line)
        hasProblem = health.stale || !warnings.isEmpty
        if source.guarded {
            // The fix first: what the page lists now, to mend the selectors from; taking the new
            // shape as it is (`--accept`) only where its items are right.
            let url = source.configuration.url
            command = "trawl init --from \(SafeText.line(url.isFileURL ? url.path : url.absoluteString)) --list"
            // A page that gave no items has none to take (`--accept` refuses it).
            let empty = health.lastError?.message.contains(ScrapeGuard.nothingMatched) == true
            hint =
                empty
                ? "The page looks different and gives no items: the last good items are kept. Fix the selectors "
                    + "from what it lists now:"
                : "The page looks different: the last good items are kept. If its items are still right, take them "
                    + "with trawl run --accept \(SafeText.line(source.id)); else fix the selectors from what it lists now:"
        } else if health.stale {
            command = ""
            hint = "The last good items are kept, and Trawl tries again on the next run."
        } else if !warnings.isEmpty {
            command = "trawl try \(SafeText.line(source.id))"
            hint =
                "The items are kept, but a field came out empty or unreadable on most of them. "
                + "See what a run scrapes with"
        } else {
            command = ""
            hint = ""
        }
    }

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "id": return .string(id)
        case "name": return .string(name)
        case "kind": return .string(kind)
        case "href": return .string(href)
        case "feedHref": return .string(feedHref)
        case "itemCount": return .int(itemCount)
        case "itemCountText": return .string(itemCountText)
        case "status": return .string(status)
        case "statusText": return .string(statusText)
        case "lastSuccess": return .string(lastSuccess)
        case "lastSuccessText": return .string(lastSuccessText)
        case "error": return .string(error)
        case "failures": return .int(failures)
        case "warnings": return .list(warnings.map { .string($0) })
        case "hasProblem": return .bool(hasProblem)
        case "hint": return .string(hint)
        case "command": return .string(command)
        default: return nil
        }
    }
}

struct DigestLink: MustacheObject {
    var day: String
    var href: String
    var runs: Int
    var changes: Int
    /// The counts in words, for the lists: "1 run", "1,204 changes".
    var runsText: String
    var changesText: String

    init(day: String, href: String, runs: Int, changes: Int, wording: ValueWording = ValueWording()) {
        self.day = day
        self.href = href
        self.runs = runs
        self.changes = changes
        runsText = "\(CountText.of(runs, "run", "runs", shown: wording.number(runs)))"
        changesText = "\(CountText.of(changes, "change", "changes", shown: wording.number(changes)))"
    }

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "day": return .string(day)
        case "href": return .string(href)
        case "runs": return .int(runs)
        case "changes": return .int(changes)
        case "runsText": return .string(runsText)
        case "changesText": return .string(changesText)
        default: return nil
        }
    }
}
