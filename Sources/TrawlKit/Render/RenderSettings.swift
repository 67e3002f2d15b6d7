import Foundation

/// How a source is loaded in a browser (`"render": "browser"`), and what it waits for.
public struct RenderSettings: Sendable, Hashable {
    /// The Chromium binary, found when the configuration was read.
    public var executable: String
    /// A CSS selector whose first match means the page is ready (`waitFor`).
    public var waitFor: String?
    /// The limit on the whole render, browser start to DOM (`renderTimeout`).
    public var timeout: Duration
    /// Whether images, media and fonts are loaded (`renderImages`); off, they are refused.
    public var loadImages: Bool

    /// Settings as a source's `render` keys give them.
    public init(executable: String, waitFor: String? = nil, timeout: Duration = .seconds(30), loadImages: Bool = false)
    {
        self.executable = executable
        self.waitFor = waitFor
        self.timeout = timeout
        self.loadImages = loadImages
    }
}

/// Finds Debian's Chromium: `TRAWL_CHROMIUM`, else `chromium` on the `PATH`.
enum ChromiumLocator {
    static let package = "chromium"

    static func find(environment: [String: String]) -> String? {
        if let override = environment["TRAWL_CHROMIUM"], !override.isEmpty {
            return FileManager.default.isExecutableFile(atPath: override) ? override : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
