// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Daybook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "daybook", targets: ["DaybookCLI"]),
        .library(name: "Daybook", targets: ["Daybook"]),
        // The fuzz harness for the readers of entries (`make fuzz`, docs/development.md).
        .executable(name: "daybook-fuzz", targets: ["DaybookFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .systemLibrary(
            name: "Ccmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // libvips, for photos: resizing, rotation, colour conversion and encoding.
        .systemLibrary(
            name: "Cvips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        .target(name: "CvipsShim", dependencies: ["Cvips"]),
        // libcurl, for the one request a build may make (the quotes of `quotes: zenquotes`).
        .systemLibrary(
            name: "Ccurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(name: "CcurlShim", dependencies: ["Ccurl"]),
        .executableTarget(name: "EmbedTool", path: "Sources/EmbedTool"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["EmbedTool"],
            path: "Plugins/EmbedResources"
        ),
        .target(
            name: "Daybook",
            dependencies: [
                "Ccmark",
                "CvipsShim",
                "CcurlShim",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            plugins: ["EmbedResources"]
        ),
        // The preview server: its own target, so the library holds no server code.
        .target(
            name: "DaybookServe",
            dependencies: [
                "Daybook",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "DaybookCLI",
            dependencies: [
                "Daybook",
                "DaybookServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "DaybookFuzz", dependencies: ["Daybook"]),
        .testTarget(
            name: "DaybookTests",
            dependencies: ["Daybook", "DaybookCLI", "DaybookServe", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            exclude: ["Golden", "Goldens"]
        ),
    ]
)
