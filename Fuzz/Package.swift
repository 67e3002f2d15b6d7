// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Trawl's parsers, kept in a package of their own so that `swift build`
// and `swift test` of Trawl itself never see the fuzzer flags. Build and run with `make fuzz`
// (Fuzz/run.sh), which builds with `-sanitize=fuzzer` and seeds each target from
// ../shared/testdata at run time.
let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func target(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: "fuzz-\(name)",
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Trawl") },
        path: "Sources/fuzz-\(name)",
        swiftSettings: fuzzFlags)
}

let package = Package(
    name: "TrawlFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Trawl", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
        target("html", ["TrawlHTML"]),
        target("selector", ["TrawlHTML"]),
        target("feed", ["TrawlFeeds"]),
        target("date", ["TrawlFeeds"]),
        target("mustache", ["Mustache"]),
        target("config", ["TrawlKit"]),
        target("cache", ["TrawlKit", "TrawlJSON"]),
        target("jsonpath", ["TrawlJSON"]),
        target("jsliteral", ["TrawlJSON"]),
        target("import", ["TrawlKit", "TrawlJSON"]),
    ]
)
