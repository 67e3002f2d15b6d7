/// Zone names in dates: RFC 822 §5.1's, a few more that feeds use, and the military
/// letters (read as UTC, as RFC 2822 §4.3 advises, since RFC 822 got their signs backwards).
enum ZoneNames {
    /// Seconds east of UTC for `name` (ASCII letters, any case), or nil for an unknown name.
    static func offset(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !name.isEmpty, name.count <= 4 else { return nil }
        var upper = ""
        for byte in name { upper.unicodeScalars.append(Unicode.Scalar(byte & ~0x20)) }
        return offset(upper)
    }

    static func offset(_ name: String) -> Int? {
        let minutes: Int? =
            switch name {
            case "UT", "UTC", "GMT", "Z", "WET": 0
            case "EST": -300
            case "EDT": -240
            case "CST": -360
            case "CDT": -300
            case "MST": -420
            case "MDT": -360
            case "PST": -480
            case "PDT": -420
            case "AST": -240
            case "ADT": -180
            case "AKST": -540
            case "AKDT": -480
            case "HST": -600
            case "NST": -210
            case "BST", "CET", "WEST", "MET": 60
            case "CEST", "EET", "MEST": 120
            case "EEST", "MSK": 180
            case "IST": 330
            case "JST", "KST": 540
            case "AEST": 600
            case "ACST": 570
            case "AEDT": 660
            case "NZST": 720
            case "NZDT": 780
            default: name.count == 1 && name != "J" ? 0 : nil
            }
        return minutes.map { $0 * 60 }
    }
}
