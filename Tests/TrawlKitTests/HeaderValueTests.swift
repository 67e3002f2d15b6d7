import Foundation
import Testing

@testable import TrawlKit

/// Whatever goes into a request's head (a source's headers and cookies, the user agent and
/// contact, a webhook's headers) holds no CR, LF or other control character, written or
/// brought in by `${VARIABLE}`: the configuration is refused, naming the key and its place.
@Suite struct HeaderValueTests {
    static let file = URL(fileURLWithPath: "/srv/trawl/trawl.json")

    /// The one line the configuration error prints, or nil when it loads.
    func error(_ json: String, environment: [String: String] = [:]) -> String? {
        do {
            _ = try ConfigurationLoader.load(Data(json.utf8), file: Self.file, environment: environment)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func source(_ settings: String) -> String {
        #"{"sources": [{"id": "a", "kind": "feed", "url": "https://example.org/feed", "# + settings + "}]}"
    }

    @Test(arguments: [
        // settings, where the error points (path), the key in words
        (source(#""headers": {"X-Token": "${API_TOKEN}"}"#), "sources[0].headers.X-Token"),
        (source(#""cookies": {"session": "${API_TOKEN}"}"#), "sources[0].cookies.session"),
        (#"{"fetch": {"userAgent": "Bot ${API_TOKEN}"}, "sources": []}"#, "fetch.userAgent"),
        (#"{"fetch": {"contact": "${API_TOKEN}"}, "sources": []}"#, "fetch.contact"),
        (
            #"{"notify": [{"webhook": "https://hooks.example.org/x", "headers": {"Authorization": "${API_TOKEN}"}}], "sources": []}"#,
            "notify[0].headers.Authorization"
        ),
    ])
    func aValueEndingInCRLFFromTheEnvironmentIsAnErrorNamingTheVariable(json: String, path: String) throws {
        let message = try #require(error(json, environment: ["API_TOKEN": "s3cret\r\n"]), "accepted: \(json)")
        #expect(message.hasPrefix("/srv/trawl/trawl.json:"), "\(message)")
        #expect(message.contains("\(path): the value of ${API_TOKEN} ends with a line break"), "\(message)")
        #expect(!message.contains("s3cret"), "the secret is never quoted: \(message)")
    }

    @Test(arguments: ["a\\r\\nX-Evil: 1", "a\\rb", "a\\u0000b", "a\\u007fb", "a\\u0085b", "a\\nb"])
    func aControlCharacterWrittenInAHeaderValueIsAnError(value: String) throws {
        let json = Self.source(#""headers": {"X-Token": "\#(value)"}"#)
        let message = try #require(error(json), "accepted: \(value)")
        #expect(message.contains("sources[0].headers.X-Token: the value of 'X-Token' contains a"), "\(message)")
        #expect(message.contains("which would split the request"), "\(message)")
    }

    @Test(arguments: [
        #"{"fetch": {"userAgent": "Bot\r\nX-Evil: 1"}, "sources": []}"#,
        #"{"fetch": {"contact": "mailto:a@example.org\r\nX-Evil: 1"}, "sources": []}"#,
        source(#""cookies": {"session": "a\r\nX-Evil: 1"}"#),
        #"{"notify": [{"webhook": "https://hooks.example.org/x", "headers": {"X-A": "a\r\nX-Evil: 1"}}], "sources": []}"#,
        #"{"notify": [{"webhook": "https://hooks.example.org/x", "headers": {"X A": "b"}}], "sources": []}"#,
    ])
    func everyValueSentInARequestHeadIsChecked(json: String) {
        #expect(error(json) != nil, "accepted: \(json)")
    }

    @Test func aTabAndPlainTextArePassed() throws {
        let json = Self.source(#""headers": {"X-Token": "Bearer\t${API_TOKEN}"}"#)
        let configuration = try ConfigurationLoader.load(
            Data(json.utf8), file: Self.file, environment: ["API_TOKEN": "s3cret"])
        #expect(configuration.sources.first?.request.headers["X-Token"] == "Bearer\ts3cret")
    }

    @Test func aCookieFileSavedOnWindowsReadsAndALineWithAControlCharacterIsRefused() throws {
        let file = "# Netscape HTTP Cookie File\r\n.example.org\tTRUE\t/\tFALSE\t0\tsession\tabc\r\n"
        let cookies = try CookieFile.parse(file)
        #expect(cookies.map(\.value) == ["abc"])
        #expect(throws: CookieFile.Problem.self) {
            try CookieFile.parse(".example.org\tTRUE\t/\tFALSE\t0\tsession\ta\rX-Evil: 1\n")
        }
    }
}
