// swift-tools-version: 6.1
// An app's own animation, rendered and golden-tested with popping-render as a library: the like
// button springs when tapped. It depends on the popping-render checkout two folders up; your
// package would name its repository instead:
//   .package(url: "https://github.com/OWNER/popping-render", from: "1.0.0")
import PackageDescription

let package = Package(
    name: "LikeButton",
    dependencies: [
        .package(name: "popping-render", path: "../.."),
    ],
    targets: [
        .target(name: "LikeButton", dependencies: [.product(name: "PoppingRender", package: "popping-render")]),
        .executableTarget(name: "render-like", dependencies: ["LikeButton"]),
        .testTarget(name: "LikeButtonTests", dependencies: ["LikeButton", .product(name: "PoppingTesting", package: "popping-render")]),
    ]
)
