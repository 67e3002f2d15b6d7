/// What a header field's value may hold (RFC 9110 §5.5): no control character but a tab.
///
/// A carriage return or line feed would end the field early and let the rest pose as more
/// fields. Checked on Unicode scalars: `"\r\n"` is one `Character`, which a test on
/// characters (`contains("\n")`) misses.
enum HeaderFieldText {
    /// The first control character (C0, DEL or C1, but not a tab) in `text`.
    static func firstControl(in text: some StringProtocol) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0 != "\t" && $0.properties.generalCategory == .control }
    }

    /// A control character as a message names it: `a line break (U+000D)`, `a control character (U+0000)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar == "\r" || scalar == "\n" ? "a line break (\(code))" : "a control character (\(code))"
    }
}
