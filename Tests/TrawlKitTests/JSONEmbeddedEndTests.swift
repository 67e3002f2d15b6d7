import Foundation
import Testing

@testable import TrawlKit

/// What may follow the value a page's script holds: the end of the statement and what real
/// pages write after it are accepted; leftover text is an error naming what and where, never
/// dropped (`x = trueS` is not `true`).
@Suite struct JSONEmbeddedEndTests {
    @Test(arguments: [
        #"x = {"a": 1}"#, #"x = {"a": 1};"#, "x = {a: 1} ;\n  ",
        // Vue's server renderer removes its state script once read.
        #"window.__INITIAL_STATE__={"a":1};(function(){var s;(s=document.currentScript||document.scripts[document.scripts.length-1]).parentNode.removeChild(s);}());"#,
        // A line break ends the statement when a new one starts with a name.
        "window.__A__ = {a: 1}\nwindow.__B__ = {b: 2}",
        "{\"a\": 1} // the state\n", "{\"a\": 1} /* the state */", "<!--\n{\"a\": 1}\n-->", "<![CDATA[{\"a\": 1}]]>",
        "/* <![CDATA[ */\nvar s = {\"a\": 1};\n/* ]]> */", "//<![CDATA[\n{a: 1}\n//]]>", "\n  {\"a\": 1}\n//-->\n",
        // A carriage return alone is a line break, after a comment too.
        "window.__A__ = {a: 1} // the state\rwindow.__B__ = {b: 2}",
    ])
    func whatEndsTheStatementMayFollowTheValue(_ text: String) throws {
        #expect(try EmbeddedJSON.value(in: text)["a"]?.numberValue?.int == 1)
    }

    @Test(arguments: [
        (
            "x = trueS",
            "line 1, column 9: expected ';' or the end of the script after the value that starts at line 1, column 5, found 'S'"
        ),
        (
            #"{"a": 1} {"b": 2}"#,
            #"line 1, column 10: expected ';' or the end of the script after the value that starts at line 1, column 1, found '{"b": 2}'"#
        ),
        (
            "window.s = {a: 1}.a",
            "line 1, column 18: expected ';' or the end of the script after the value that starts at line 1, column 12, found '.a'"
        ),
        // Across a line break, what goes on with the expression is still no end.
        (
            "x = {\"a\": 1}\n  .map(f)",
            "line 2, column 3: expected ';' or the end of the script after the value that starts at line 1, column 5, found '.map(f)'"
        ),
        (
            "x = [1]\nin y",
            "line 2, column 1: expected ';' or the end of the script after the value that starts at line 1, column 5, found 'in y'"
        ),
        // Lines and columns count through the comments after the value as within it.
        (
            "x = {\"a\": 1} /* one */\n// two\n  .map(f)",
            "line 3, column 3: expected ';' or the end of the script after the value that starts at line 1, column 5, found '.map(f)'"
        ),
        ("x = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8", "found '+ 2 + 3 + 4 + 5 + 6 + 7 …'"),
    ])
    func leftoverTextIsAnErrorNamingItAndWhere(_ text: String, _ message: String) {
        #expect {
            try EmbeddedJSON.value(in: text)
        } throws: { error in
            "\(error)".hasSuffix(message)
        }
    }

    /// A `json` source says which script and where, as for any other error in its text.
    @Test func aSourceNamesTheScriptWhoseValueHasLeftoverText() throws {
        let json = #"""
            {"sources": [{"id": "state", "kind": "json", "url": "https://example.org/", "script": "script#state",
              "items": "$.items[*]", "fields": {"title": "$.title"}}]}
            """#
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        let source = try #require(configuration.sources.first)
        let page = URL(string: "https://example.org/")!
        let body =
            #"<html><body><script id="state">window.state = {"items": [{"title": "one"}]}x</script></body></html>"#
        #expect {
            try PageScraper(source: source).scrape(FetchedPage(requestedURL: page, url: page, body: Data(body.utf8)))
        } throws: { error in
            "\(error)".contains(
                "script `script#state`, line 1, column 45: expected ';' or the end of the script after the value that starts at line 1, column 16, found 'x'"
            )
        }
    }
}
