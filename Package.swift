// swift-tools-version:5.9
import PackageDescription

// Only `Render` and the executable may see SDL: the pure modules (`Motion`, `Scenes`) stay
// functions of (timings, device, seed, input, time), which is what makes `state`, `render`,
// golden images and recordings exact.
let package = Package(
    name: "SplashLab",
    products: [
        .executable(name: "splashlab", targets: ["SplashLab"]),
        // For the libFuzzer package in Fuzz/, which builds with sanitizers apart from this one.
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .target(name: "Motion", path: "Sources/Motion"),
        .target(name: "Formats", dependencies: ["Motion"], path: "Sources/Formats"),
        .target(name: "Scenes", dependencies: ["Motion", "Formats"], path: "Sources/Scenes"),
        .target(name: "Render", dependencies: ["CSDL2", "Formats", "Scenes", "Motion"], path: "Sources/Render"),
        // The fuzz targets' invariants, pure, so the corpus test runs them without libFuzzer.
        .target(name: "FuzzChecks", dependencies: ["Formats", "Scenes", "Motion"], path: "Sources/FuzzChecks"),
        .executableTarget(
            name: "SplashLab",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Render"],
            path: "Sources/SplashLab"
        ),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Formats", "Motion"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Formats", "Scenes", "Motion"]),
        .testTarget(name: "SplashLabTests", dependencies: ["Formats", "Scenes"]),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Scenes", "Motion", "FuzzChecks"]),
    ]
)
