import Foundation
import Testing

@testable import TrawlKit

/// Dates in header fields (RFC 9110 §5.6.7).
@Suite struct ServeHTTPDateTests {
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
    func allThreeFormsAreRead(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test func datesAreWrittenAsIMFFixdate() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test(arguments: ["", "yesterday", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT"])
    func nonsenseIsNotADate(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
