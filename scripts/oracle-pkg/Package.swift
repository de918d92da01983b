// swift-tools-version:6.0
// The native side of `scripts/oracle`: OpenCombine at the version Undercurrent itself pins,
// with its Dispatch and Foundation schedulers, as one dynamic library a snippet links against.
import PackageDescription

let package = Package(
    name: "Oracle",
    products: [.library(name: "OracleCombine", type: .dynamic, targets: ["OracleCombine"])],
    dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0")],
    targets: [
        .target(
            name: "OracleCombine",
            dependencies: [
                "OpenCombine",
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ]
        )
    ]
)
