// swift-tools-version:5.9
import PackageDescription

// Only `Render` and the executable may see SDL: the pure modules (`Motion`, `Scenes`) stay
// functions of (timings, device, seed, input, time), which is what makes `state`, `render`,
// golden images and recordings exact.
let package = Package(
    name: "SplashLab",
    products: [
        .executable(name: "splashlab", targets: ["SplashLab"]),
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
        .target(name: "App", dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Render"], path: "Sources/App"),
        .executableTarget(
            name: "SplashLab",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Render", "App"],
            path: "Sources/SplashLab"
        ),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Formats", "Motion"]),
        .testTarget(name: "RenderTests", dependencies: ["App", "Render", "Formats", "Scenes", "Motion"]),
        .testTarget(name: "SplashLabTests", dependencies: ["SplashLab", "Formats", "Scenes"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Formats", "Scenes", "Motion"]),
    ]
)
