import Foundation
import TestSupport
import Testing

/// The search box of a source page, typed into in headless Chromium: a group whose items
/// are all filtered out loses its heading, and no match at all says so.
@Suite struct SearchBehaviourTests {
    /// Types `query` into the page's search box once loaded and records what is shown.
    static func probe(typing queries: [String]) -> String {
        let list = queries.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            <script>addEventListener("load", function () { setTimeout(function () {
              var input = document.getElementById("filter");
              var results = [];
              [\(list)].forEach(function (query) {
                input.value = query;
                input.dispatchEvent(new Event("input"));
                var groups = Array.prototype.map.call(document.querySelectorAll("[data-group]"), function (group) {
                  return group.className.replace("group group-", "") + "=" + (group.hidden ? "hidden" : "shown");
                });
                var none = document.querySelector(".no-matches");
                results.push(query + ":" + groups.join(",") + ",message=" + (none.hidden ? "hidden" : none.textContent));
              });
              document.body.setAttribute("data-probe", results.join("|"));
            }, 200); });</script>
            """
    }

    @Test func emptiedGroupsHideAndNoMatchSaysSo() async throws {
        guard let chromium = try ExternalTool.find("chromium", package: "chromium") else { return }
        let demo = try DemoSite()
        _ = try await demo.run("day1")
        _ = try await demo.run("day2")
        let page = demo.output.appendingPathComponent("sources/sundell/index.html")
        let probe = page.deletingLastPathComponent().appendingPathComponent("probe-search.html")
        try String(contentsOf: page, encoding: .utf8)
            .replacingOccurrences(of: "</body>", with: Self.probe(typing: ["key paths", "zzzz", ""]) + "</body>")
            .write(to: probe, atomically: true, encoding: .utf8)
        let result = try await chromium.run([
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--virtual-time-budget=3000", "--dump-dom", probe.absoluteString,
        ])
        let attribute = try #require(result.standardOutput.range(of: "data-probe=\""))
        let states = result.standardOutput[attribute.upperBound...].prefix { $0 != "\"" }
            .replacingOccurrences(of: "&amp;", with: "&").split(separator: "|").map(String.init)
        #expect(
            states == [
                "key paths:upcoming=hidden,earlier=shown,message=hidden",
                "zzzz:upcoming=hidden,earlier=hidden,message=No items match “zzzz”.",
                ":upcoming=shown,earlier=shown,message=hidden",
            ])
    }
}
