// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Trawl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "trawl", targets: ["trawl"]),
        .library(name: "TrawlKit", targets: ["TrawlKit"]),
        .library(name: "TrawlHTML", targets: ["TrawlHTML"]),
        .library(name: "TrawlFeeds", targets: ["TrawlFeeds"]),
        .library(name: "TrawlDates", targets: ["TrawlDates"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "TrawlJSON", targets: ["TrawlJSON"]),
        .library(name: "TrawlServe", targets: ["TrawlServe"]),
        .library(name: "TrawlArticle", targets: ["TrawlArticle"]),
    ],
    targets: [
        // Debian's C libraries, found through pkg-config.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // Libraries that know nothing of the pipeline.
        .target(name: "TrawlText"),
        .target(name: "TrawlHTML", dependencies: ["CLibXML2", "TrawlText"]),
        .target(name: "TrawlJSON", dependencies: ["TrawlText"]),
        .target(name: "TrawlDates"),
        .target(name: "TrawlFeeds", dependencies: ["CLibXML2", "TrawlJSON", "TrawlDates", "TrawlText"]),
        .target(name: "Mustache", dependencies: ["TrawlText", "TrawlJSON"]),
        .target(name: "TrawlServe", dependencies: ["TrawlDates"]),
        .target(name: "TrawlArticle", dependencies: ["TrawlHTML", "TrawlJSON", "TrawlText"]),

        // The pipeline.
        .target(
            name: "TrawlKit",
            dependencies: [
                "TrawlText", "TrawlHTML", "TrawlFeeds", "TrawlJSON", "TrawlDates", "TrawlServe", "TrawlArticle",
                "Mustache",
                "CCmarkGFM",
                "CCurl",
                "CYAML",
                "CZlib",
            ],
            resources: [.embedInCode("Templates"), .embedInCode("Presets")]
        ),
        .executableTarget(name: "trawl", dependencies: ["TrawlKit", "TrawlHTML"]),

        .executableTarget(
            name: "trawl-bench",
            dependencies: [
                "TrawlKit", "TrawlHTML", "TrawlFeeds", "TrawlJSON", "TrawlServe", "TrawlArticle", "Mustache",
            ],
            path: "Benchmarks/Sources/trawl-bench"
        ),

        .testTarget(name: "TrawlHTMLTests", dependencies: ["TrawlHTML", "TestSupport"]),
        .testTarget(name: "TrawlDatesTests", dependencies: ["TrawlDates", "TestSupport"]),
        .testTarget(name: "TrawlFeedsTests", dependencies: ["TrawlFeeds", "TestSupport"]),
        .testTarget(name: "TrawlJSONTests", dependencies: ["TrawlJSON", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "TestSupport"]),
        .testTarget(name: "TrawlServeTests", dependencies: ["TrawlServe", "TestSupport"]),
        .testTarget(name: "TrawlTextTests", dependencies: ["TrawlText"]),
        .testTarget(name: "TrawlArticleTests", dependencies: ["TrawlArticle", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TrawlKitTests", dependencies: ["TrawlKit", "TrawlDates", "TrawlJSON", "TrawlText", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["TrawlKit", "TrawlDates", "TestSupport"], exclude: ["Servers"]),
        .target(name: "TestSupport", dependencies: ["TrawlKit", "TrawlServe"], path: "Tests/Support"),
    ],
    swiftLanguageModes: [.v6]
)
