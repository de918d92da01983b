// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Undercurrent",
    products: [
        .executable(name: "undercurrent", targets: ["undercurrent"])
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "602.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        // libedit, found through pkg-config (Debian: libedit-dev).
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Signal handling and other small pieces that must be written in C.
        .target(name: "CUndercurrentSupport"),
        // Layer 1: parse Swift, lower it, evaluate it.
        .target(
            name: "UndercurrentInterpreter",
            dependencies: [
                "CUndercurrentSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        // Layer 2: script types become real OpenCombine publishers, subscribers, subscriptions.
        .target(
            name: "UndercurrentStreams",
            dependencies: [
                "UndercurrentInterpreter",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // Layer 3: record every protocol call with its demand, render it.
        .target(
            name: "UndercurrentTrace",
            dependencies: [
                "UndercurrentInterpreter",
                "UndercurrentStreams",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // A REPL session: interpreter + streams + tracer + colon commands, with no terminal.
        .target(
            name: "UndercurrentSession",
            dependencies: ["UndercurrentInterpreter", "UndercurrentStreams", "UndercurrentTrace"]
        ),
        // Lessons on top of the session: lesson files, steps, exercises and their checks, progress.
        .target(
            name: "UndercurrentLessons",
            dependencies: [
                "UndercurrentInterpreter", "UndercurrentTrace", "UndercurrentSession",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "UndercurrentLineEditor", dependencies: ["CLibEdit", "CUndercurrentSupport"]),
        // Measurement: `undercurrent bench` (native vs interpreted) and `undercurrent fuzz`.
        .target(
            name: "UndercurrentHarness",
            dependencies: [
                "CUndercurrentSupport", "UndercurrentInterpreter", "UndercurrentTrace", "UndercurrentSession",
                "UndercurrentLessons",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .executableTarget(
            name: "undercurrent",
            dependencies: [
                "UndercurrentSession",
                "UndercurrentTrace",
                "UndercurrentLessons",
                "UndercurrentHarness",
                "UndercurrentLineEditor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "UndercurrentTests",
            dependencies: [
                "UndercurrentInterpreter", "UndercurrentStreams", "UndercurrentTrace",
                "UndercurrentSession", "UndercurrentLessons", "UndercurrentHarness",
                // Not imported: the CLI tests and the Ctrl-C test run the built binary.
                "undercurrent",
                .product(name: "OpenCombine", package: "OpenCombine"),
                // The lowerer's operator folding is compared with SwiftOperators' (the rule it
                // replaced), on trees SwiftParser makes.
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            // Oracle-backed snippets are read at run time, not compiled into the tests.
            exclude: ["Snippets", "AppleDifferences", "corpus-must-pass.txt"]
        ),
    ]
)
