/// Where bytes stop being well-formed UTF-8, for messages that point at the byte.
enum UTF8Scan {
    /// The offset of the first byte that is not part of well-formed UTF-8; nil when all are.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode Table 3-7); 0 if none.
    static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

}
