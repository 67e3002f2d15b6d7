import Testing

@testable import TrawlKit

@Suite struct ValueParserTests {
    @Test(arguments: ["nan", "inf", "-Infinity", "1e400"])
    func numbersThatAreNotFiniteAreNotNumbers(_ text: String) {
        #expect(ValueParser(baseURL: nil).value(text, as: .number, format: nil) == nil)
    }

    @Test func thousandsSeparatorsAreIgnored() {
        #expect(ValueParser(baseURL: nil).value("80,000", as: .int, format: nil) == .int(80_000))
        #expect(ValueParser(baseURL: nil).value("1 234.5", as: .number, format: nil) == .double(1234.5))
    }
}
