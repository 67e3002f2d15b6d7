import Foundation
import TrawlText

/// The one way Trawl makes a key from settings: each input named and written outright, in an
/// order the code fixes, so the same settings give the same key in every process and on
/// every machine (a `Set` or a `Dictionary` printed by `String(describing:)` does not).
///
/// Each value is written `name=length:value;`, so no value can pass for another's boundary;
/// a set is written sorted; a secret (a header's value, a cookie, a password) enters only
/// as its hash, so the encoding never holds it in clear.
struct CanonicalKey {
    /// The text written so far; empty in a key made by `hashing()`.
    private(set) var encoding = ""
    /// The hash of the text, fed as it is written (FNV-1a reads it byte by byte, so it is the
    /// text's `StableHash`).
    private var digest = FNV1a()
    private var keepsText = true

    init() {}

    /// The encoding of `value` alone.
    init(of value: some CanonicallyKeyed) {
        value.encode(into: &self)
    }

    /// A key that keeps only its `hash`, not the text: a source's fingerprint is made for every
    /// source every night, and building its text cost a quiet night of 2,000 sources 3%.
    static func hashing() -> CanonicalKey {
        var key = CanonicalKey()
        key.keepsText = false
        return key
    }

    /// The encoding's hash: what is kept on disk.
    var hash: String { digest.hex }

    private mutating func write(_ text: String) {
        digest.add(text)
        if keepsText { encoding += text }
    }

    mutating func add(_ name: String, _ value: String) {
        write(name)
        write("=")
        write(String(value.utf8.count))
        write(":")
        write(value)
        write(";")
    }

    mutating func add(_ name: String, _ value: String?) {
        if let value {
            add(name, value)
        } else {
            write(name)
            write("=nil;")
        }
    }

    mutating func add(_ name: String, _ value: Int) { add(name, String(value)) }
    mutating func add(_ name: String, _ value: Int64?) { add(name, value.map { String($0) }) }
    mutating func add(_ name: String, _ value: Bool) { add(name, value ? "true" : "false") }
    // The shortest text that reads back as the same number: the same in every process.
    mutating func add(_ name: String, _ value: Double) { add(name, "\(value)") }
    mutating func add(_ name: String, _ value: URL?) { add(name, value?.absoluteString) }

    mutating func add(_ name: String, _ value: Duration) {
        let (seconds, attoseconds) = value.components
        add(name, "\(seconds)s\(attoseconds)as")
    }

    /// A list, in its order (the order means something: fields, arguments).
    mutating func add(_ name: String, _ values: [String]) {
        write("\(name)=[\(values.count)]")
        for (index, value) in values.enumerated() { add(String(index), value) }
        write(";")
    }

    /// A set, sorted: its order in memory means nothing.
    mutating func add(_ name: String, sorted values: some Collection<String>) {
        add(name, values.sorted())
    }

    /// A secret: its hash only, so an edit to it changes the key and the key never shows it.
    mutating func addSecret(_ name: String, _ value: String?) {
        add(name, value.map { "#" + StableHash.of($0) })
    }

    mutating func add(_ name: String, _ value: (some CanonicallyKeyed)?) {
        guard let value else {
            write("\(name)=nil;")
            return
        }
        write("\(name)={")
        value.encode(into: &self)
        write("};")
    }

    mutating func add(_ name: String, _ values: [some CanonicallyKeyed]) {
        write("\(name)=[\(values.count)]")
        for (index, value) in values.enumerated() { add(String(index), value) }
        write(";")
    }
}

/// A setting that writes its inputs, each by name, into a `CanonicalKey`.
protocol CanonicallyKeyed {
    func encode(into key: inout CanonicalKey)
}
