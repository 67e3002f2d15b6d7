import Foundation
import Testing
import TrawlText

@Suite struct FNV1aTests {
    @Test(arguments: [
        // The published FNV-1a 64-bit test vectors.
        ("", 0xcbf2_9ce4_8422_2325 as UInt64),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func aTextHashesToItsPublishedValue(text: String, expected: UInt64) {
        #expect(FNV1a.hash(text) == expected)
    }

    @Test func bytesTextAndDataHashAlike() {
        var fromText = FNV1a()
        fromText.add("café")
        var fromData = FNV1a()
        fromData.add(Data("café".utf8))
        var fromBytes = FNV1a()
        for byte in "café".utf8 { fromBytes.add(byte) }
        #expect(fromText == fromData)
        #expect(fromText == fromBytes)
    }

    @Test func hexHasNoLeadingZeroButPaddedHexHasSixteenDigits() {
        var hash = FNV1a()
        hash.add("aa")
        #expect(hash.hex == "89c4307b54596b7")
        #expect(hash.paddedHex == "089c4307b54596b7")
    }
}
