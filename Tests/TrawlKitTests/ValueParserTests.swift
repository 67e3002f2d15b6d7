import Testing
import TrawlDates

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

    @Test(arguments: [
        ("5. März 2024", "d. MMMM yyyy", "de", "2024-03-05T00:00:00Z"),
        ("Published 5 janv. 2024", nil, nil, nil),
        ("jeudi 5 septembre 2024", "EEEE d MMMM yyyy", "fr-CA", "2024-09-05T00:00:00Z"),
        ("2024年09月05日", "yyyy年MM月dd日", "ja", "2024-09-05T00:00:00Z"),
        ("Sep 5, 2024", nil, nil, "2024-09-05T00:00:00Z"),
        ("Thu, 05 Sep 2024 10:00:00 +0200", nil, nil, "2024-09-05T08:00:00Z"),
    ])
    func datesReadInTheFieldsLanguage(text: String, format: String?, locale: String?, expected: String?) {
        let value = ValueParser(baseURL: nil).value(text, as: .date, format: format, locale: locale)
        #expect(value == expected.flatMap(DateCodec.parseRFC3339).map(Value.date))
    }

    /// Issue 17, case 7: a year that would not read back the same from the cache is no date.
    @Test(arguments: [
        ("292277026596-12-04", "yyyy-MM-dd"), ("300000000000-01-01", nil), ("01 Jan 292277026596", "dd MMM yyyy"),
        ("292277026596-061", "yyyy-DDD"),
    ])
    func yearsBeyondTheCachesRangeAreNoDate(text: String, format: String?) {
        #expect(ValueParser(baseURL: nil).value(text, as: .date, format: format) == nil)
    }
}
