// swift-tools-version: 6.1
// popping-render: replays iOS UI animations headlessly and writes PNG frames and GIFs.
//
// The targets follow the render pipeline, and data flows one way through them:
//   Demos (scripts) -> Motion + Layout -> Scene (view tree, display list) -> Raster -> Codecs
// Text sits beside Raster: it parses TrueType fonts and turns strings into Raster paths.
import Foundation
import PackageDescription

/// MP4 and WebM through FFmpeg's libraries (libavformat, libavcodec, libavutil, libswscale from
/// Debian, with libx264 and libvpx as Debian builds them). `make VIDEO=no` (VIDEO=no in the
/// environment) builds without them: no video outputs, and no GPL libx264 in the binary.
let video = ProcessInfo.processInfo.environment["VIDEO"] != "no"
let videoLibraries: [Target.Dependency] = video ? ["CFFmpeg"] : []
let videoSetting: [SwiftSetting] = video ? [.define("POPPING_VIDEO")] : []
/// FFmpeg's libraries are loaded on first use (dlopen), not linked: see Sources/CFFmpeg.
let videoTargets: [Target] = video ? [.target(name: "CFFmpeg", cSettings: [.unsafeFlags(["-fvisibility=hidden"])],
                                                    linkerSettings: [.linkedLibrary("dl")])] : []

/// The raster and codec hot loops (rasterising, blending, PNG filters, LZW, quantising) are built
/// with -Ounchecked in release builds, and optimised in debug builds too, so `swift test` renders
/// whole demos in seconds.
let fast: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release)),
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

/// Everything else (parsers of scene files, SVG, fonts and reports, merges, counters, the
/// command line) keeps Swift's overflow and bounds checks in release builds: a count from a
/// hostile file that overflows must stop the program, never wrap into a wrong number. Optimised
/// in debug builds as `fast` is.
let checked: [SwiftSetting] = [
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

let package = Package(
    name: "popping-render",
    products: [
        .executable(name: "popping-render", targets: ["popping-render"]),
        .executable(name: "popping-bench", targets: ["popping-bench"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "PoppingRender", targets: ["PoppingRender"]),
        .library(name: "PoppingTesting", targets: ["PoppingTesting"]),
        .library(name: "SceneFile", targets: ["SceneFile"]),
        .library(name: "GoldenFrames", targets: ["GoldenFrames"]),
        .library(name: "StudioHTTP", targets: ["StudioHTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Geometry", swiftSettings: checked),
        .target(name: "CRasterKernels", cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "Raster", dependencies: ["Geometry", "CRasterKernels"], swiftSettings: fast),
        .systemLibrary(name: "CLibPNGSystem", path: "Sources/CLibPNGSystem", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        .target(name: "CLibPNG", dependencies: ["CLibPNGSystem"]),
        .systemLibrary(name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CLibWebP", path: "Sources/CLibWebP", pkgConfig: "libwebpmux",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CLibJPEG", path: "Sources/CLibJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .target(name: "Codecs", dependencies: ["Raster", "CLibPNG", "CLibDeflate", "CLibWebP", "CLibJPEG"] + videoLibraries,
                swiftSettings: fast + videoSetting),
        .systemLibrary(name: "CGlibcMalloc", path: "Sources/CGlibcMalloc"),
        .target(name: "Motion", dependencies: ["Geometry"], swiftSettings: checked),
        .target(name: "Layout", dependencies: ["Geometry"], swiftSettings: checked),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CUnibreak", path: "Sources/CUnibreak", pkgConfig: "libunibreak",
                       providers: [.apt(["libunibreak-dev"])]),
        .target(name: "Text", dependencies: ["Geometry", "Raster", "Codecs", "CHarfBuzz", "CFriBidi", "CUnibreak"], swiftSettings: checked),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "SVG", dependencies: ["Geometry", "Raster", "Text", "Codecs", "CFontconfig"], swiftSettings: checked),
        .target(name: "Scene", dependencies: ["Geometry", "Raster", "Motion", "Layout", "Text", "SVG"], swiftSettings: checked),
        .target(name: "Demos", dependencies: ["Geometry", "Scene", "Text", "SVG", "Motion", "Layout"], swiftSettings: checked),
        .target(name: "PoppingRender",
                dependencies: ["Demos", "Scene", "Codecs", "Raster", "Geometry", "Text", "SVG", "Motion", "Layout"],
                swiftSettings: checked + videoSetting),
        /// libcrypto's headers only: the library is loaded on first use (see Sources/CLibCrypto/shim.h).
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CXXHash", path: "Sources/CXXHash", pkgConfig: "libxxhash",
                       providers: [.apt(["libxxhash-dev"])]),
        .target(name: "GoldenFrames", dependencies: ["PoppingRender", "Codecs", "Raster", "CLibCrypto", "CXXHash"],
                swiftSettings: checked),
        .target(name: "PoppingTesting", dependencies: ["GoldenFrames", "PoppingRender"]),
        .target(name: "SceneFile",
                dependencies: ["Demos", "Scene", "Geometry", "Layout", "Motion", "SVG", "Text", "Codecs", "Raster",
                               .product(name: "Yams", package: "Yams")]),
        .executableTarget(
            name: "popping-render",
            dependencies: ["PoppingRender", "GoldenFrames", "SceneFile", "StudioHTTP", "CGlibcMalloc",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: checked),
        .executableTarget(
            name: "popping-bench",
            dependencies: ["Raster", "Codecs", "Layout", "CGlibcMalloc",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: fast),
        .target(name: "GoldenTesting", dependencies: ["Raster", "Codecs", "GoldenFrames"], path: "Tests/GoldenTesting", swiftSettings: fast),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "GoldenTesting"], exclude: ["Fixtures"],
                    swiftSettings: videoSetting),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "GoldenTesting"]),
        .testTarget(name: "DemosTests", dependencies: ["Demos", "GoldenTesting"]),
        .testTarget(name: "CLITests", dependencies: ["Codecs", "GoldenFrames", "GoldenTesting", "popping-render"],
                    swiftSettings: videoSetting),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "GoldenTesting"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "GoldenTesting"], exclude: ["Fixtures", "Corpus"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "Geometry", "GoldenTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "SVGTests", dependencies: ["SVG", "GoldenTesting"], exclude: ["Corpus"]),
        .target(name: "StudioHTTP", swiftSettings: checked),
        .testTarget(name: "StudioHTTPTests", dependencies: ["StudioHTTP"]),
        .testTarget(name: "GoldenFramesTests", dependencies: ["GoldenFrames", "Geometry", "GoldenTesting"]),
        .testTarget(name: "PoppingTestingTests", dependencies: ["PoppingTesting", "GoldenTesting"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "GoldenTesting"]),
        .testTarget(name: "SceneFileTests", dependencies: ["SceneFile", "PoppingRender", "GoldenTesting"]),
    ] + videoTargets,
    swiftLanguageModes: [.v5]
)
