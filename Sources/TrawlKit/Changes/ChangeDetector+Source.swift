import Foundation

extension ChangeDetector {
    /// The detector of `source`'s changes: its `ignoreChanges` are no news, nor is a page
    /// watch's own address. A watch is of the page's words (urlwatch's and
    /// changedetection.io's job), and an address with `?day=${DAY}` in it moves every night;
    /// the snapshot still keeps the new one, so a change links where the page now is. A `url`
    /// field the watch reads off the page is its words, and compared.
    init(source: SourceConfiguration) {
        var ignored = Set(source.ignoreChanges)
        if source.kind == .page, source.field("url") == nil { ignored.insert("url") }
        self.init(ignoredFields: ignored)
    }
}
