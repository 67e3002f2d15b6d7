/// A value as a warning or an error quotes it: whole when short, else its first characters
/// and its length, so a 9 MB field that will not parse gives a line of a warning, not 9 MB
/// on stderr, in every run record, on the index page and in every web hook body.
///
/// The one place a quoted value is bounded: every message that repeats scraped or fetched
/// text (a field's value, an item's id, a link, a `Location`) goes through it.
struct ValueExcerpt: CustomStringConvertible, Sendable {
    /// Values up to this many UTF-8 bytes are quoted whole.
    static let limit = 200
    /// How many Unicode scalars a longer value keeps: counted in scalars, never in grapheme
    /// clusters, since one cluster (a letter under a million combining marks) has no bound.
    static let kept = 120

    let description: String

    init(_ value: some StringProtocol) {
        let bytes = value.utf8.count
        if bytes <= Self.limit {
            description = String(value)
        } else {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: value.unicodeScalars.prefix(Self.kept))
            description = "\(String(scalars))… (\(bytes) bytes in all)"
        }
    }
}
