// swift-tools-version: 6.1
// libFuzzer targets for every parser that reads user bytes (see README.md here). Built with
// `-sanitize=fuzzer,address` by run.sh; the toolchain ships the libFuzzer runtime.
import PackageDescription

let package = Package(
    name: "popping-fuzz",
    dependencies: [.package(name: "popping-render", path: "..")],
    targets: [
        .executableTarget(name: "fuzz-png", dependencies: [.product(name: "PoppingRender", package: "popping-render")]),
        .executableTarget(name: "fuzz-truetype", dependencies: [.product(name: "PoppingRender", package: "popping-render")]),
        .executableTarget(name: "fuzz-svg", dependencies: [.product(name: "PoppingRender", package: "popping-render")]),
        .executableTarget(name: "fuzz-layout", dependencies: [.product(name: "PoppingRender", package: "popping-render")]),
        .executableTarget(name: "fuzz-options", dependencies: [.product(name: "PoppingRender", package: "popping-render")]),
        .executableTarget(name: "fuzz-scene", dependencies: [.product(name: "SceneFile", package: "popping-render")]),
        .executableTarget(name: "fuzz-scene-structure", dependencies: [.product(name: "SceneFile", package: "popping-render")]),
        .executableTarget(name: "fuzz-report", dependencies: [.product(name: "GoldenFrames", package: "popping-render")]),
        .executableTarget(name: "fuzz-manifest", dependencies: [.product(name: "GoldenFrames", package: "popping-render")]),
        .executableTarget(name: "fuzz-http", dependencies: [.product(name: "StudioHTTP", package: "popping-render")]),
    ],
    swiftLanguageModes: [.v5]
)
