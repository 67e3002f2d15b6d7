import Foundation
import Testing
import TrawlDates

@testable import TrawlKit

@Suite struct ValueWordingTests {
    let english = ValueWording()

    @Test(arguments: [
        (0, "0:00"), (59, "0:59"), (245, "4:05"), (3001, "50:01"), (3723, "1:02:03"),
        (36_000, "10:00:00"),
    ])
    func durationsReadAsClockTime(_ seconds: Int, _ expected: String) {
        #expect(english.text(.int(seconds), field: "duration") == expected)
    }

    @Test(arguments: [
        (1, "1 byte"), (512, "512 bytes"), (1536, "1.5 KB"), (48_015_360, "45.8 MB"),
        (5_368_709_120, "5.0 GB"),
    ])
    func sizesReadInBinaryUnits(_ bytes: Int, _ expected: String) {
        #expect(english.text(.int(bytes), field: "enclosureLength") == expected)
    }

    @Test func scalesReadAsRatios() {
        #expect(english.text(.int(40_000), field: "scale") == "1:40,000")
        #expect(english.text(.double(80_000), field: "Scale") == "1:80,000")
    }

    @Test func plainNumbersGetSeparatorsOfTheLanguage() {
        #expect(english.text(.int(1_234_567), field: "count") == "1,234,567")
        #expect(english.text(.int(-1_000), field: "count") == "-1,000")
        #expect(ValueWording(language: "de").text(.int(1_234_567), field: "n") == "1.234.567")
        #expect(ValueWording(language: "fr-CA").text(.int(1_234), field: "n") == "1\u{202F}234")
        #expect(english.text(.double(1234.567), field: "price") == "1,234.57")
        #expect(ValueWording(language: "de").text(.double(-0.5), field: "x") == "-0,50")
    }

    @Test func datesReadInWordsInUTC() throws {
        let day = try #require(DateCodec.parseRFC3339("2026-12-01T00:00:00Z"))
        let evening = try #require(DateCodec.parseRFC3339("2026-03-09T19:05:00+01:00"))
        #expect(english.text(.date(day), field: "date") == "1 December 2026")
        #expect(english.text(.date(evening), field: "date") == "9 March 2026, 18:05 UTC")
        #expect(ValueWording(language: "de-AT").date(day) == "1 Dezember 2026")
        #expect(ValueWording(language: "xx").date(day) == "1 December 2026")
    }

    @Test func otherValuesReadPlainly() throws {
        let url = try #require(URL(string: "https://example.org/a?b=1"))
        #expect(english.text(.bool(true), field: "state") == "yes")
        #expect(english.text(.url(url), field: "url") == "https://example.org/a?b=1")
        #expect(english.text(.list([.string("a"), .string("b")]), field: "tags") == "a, b")
        #expect(english.text(.list([.int(60), .int(3600)]), field: "duration") == "1:00, 1:00:00")
    }
}

@Suite struct ValueWordingNameTests {
    @Test(arguments: [
        ("number", 13325, "13325"), ("episode", 1200, "1200"), ("chartId", 12345, "12345"),
        ("paid", 12345, "12,345"),
    ])
    func numbersThatNameSomethingKeepTheirDigits(_ field: String, _ number: Int, _ expected: String) {
        #expect(ValueWording().text(.int(number), field: field) == expected)
    }

    @Test(arguments: [
        ("enclosureLength", "File size"), ("publishedAt", "Published at"), ("chart_number", "Chart number"),
        ("url", "Link"), ("title", "Title"), ("lastHTTPStatus", "Last HTTP status"), ("ISBN", "ISBN"),
    ])
    func fieldNamesReadAsHeadings(_ name: String, _ expected: String) {
        #expect(ValueWording.label(forField: name) == expected)
    }

    @Test func momentsAlwaysShowTheirTime() throws {
        let midnight = try #require(DateCodec.parseRFC3339("2026-11-30T00:00:00Z"))
        let four = try #require(DateCodec.parseRFC3339("2026-11-30T04:00:12Z"))
        #expect(ValueWording().dateTime(midnight) == "30 November 2026, 00:00 UTC")
        #expect(ValueWording(language: "fr").dateTime(four) == "30 novembre 2026, 04:00 UTC")
    }
}
