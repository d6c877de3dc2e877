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
        .target(name: "Scenes", dependencies: ["Motion"], path: "Sources/Scenes"),
        .target(name: "Render", dependencies: ["CSDL2", "Scenes", "Motion"], path: "Sources/Render"),
        .executableTarget(
            name: "SplashLab",
            dependencies: ["CSDL2", "Motion", "Scenes", "Render"],
            path: "Sources/SplashLab"
        ),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Motion"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Scenes", "Motion"]),
        .testTarget(name: "SplashLabTests", dependencies: ["Scenes"]),
    ]
)
