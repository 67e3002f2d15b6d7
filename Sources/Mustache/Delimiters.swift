/// The pair of strings that open and close a tag: `{{` and `}}` until a Set Delimiter
/// tag (`{{=<% %>=}}`) changes them.
struct Delimiters: Sendable, Hashable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
