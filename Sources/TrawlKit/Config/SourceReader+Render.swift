import Foundation
import TrawlJSON

/// The keys of a source loaded in a browser: `render`, `waitFor`, `renderTimeout`, `renderImages`.
extension SourceReader {
    /// `"render": "browser"` and its companions; Chromium must be installed.
    func readRender(_ object: JSONValue, request: RequestOptions) -> RenderSettings? {
        let waitFor = reader.string(object["waitFor"], at: "\(path).waitFor")
        let timeout = reader.number(object["renderTimeout"], at: "\(path).renderTimeout")
        let images = reader.bool(object["renderImages"], at: "\(path).renderImages")
        guard let node = object["render"], reader.choice(node, at: "\(path).render", from: ["browser"]) != nil else {
            for (key, given) in [
                ("waitFor", waitFor != nil), ("renderTimeout", timeout != nil), ("renderImages", images != nil),
            ]
            where given {
                reader.problem("\(path).\(key)", "only used with \"render\": \"browser\"", at: object[key])
            }
            return nil
        }
        if let timeout, !(0.1...3_600).contains(timeout) {
            reader.problem("\(path).renderTimeout", "must be from 0.1 to 3600 seconds", at: object["renderTimeout"])
        }
        if request.method != "GET" {
            reader.problem("\(path).render", "a browser loads pages with GET; drop \"method\" or \"render\"", at: node)
        }
        guard let executable = ChromiumLocator.find(environment: reader.expansion.environment) else {
            reader.problem(
                "\(path).render",
                "needs Chromium, which is not installed: apt-get install \(ChromiumLocator.package) "
                    + "(or set TRAWL_CHROMIUM to its path)", at: node)
            return nil
        }
        return RenderSettings(
            executable: executable, waitFor: waitFor, timeout: .milliseconds(Int((timeout ?? 30) * 1000)),
            loadImages: images ?? false)
    }
}
