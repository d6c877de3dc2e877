// swift-tools-version:5.9
import PackageDescription

// What each module holds:
// - Motion: pure timing math (curves, keyframes, springs, decay), imports nothing.
// - Formats: positioned JSON, the timings file, input scripts and the JSON writers.
// - Scenes: the preview model and scene building: (state, input, time) -> state -> Scene.
// - Geometry: pure drawing math: the logo outline, the triangle clipper, the hole's mesh, feed
//   tiling and the render plan (what a Scene draws, what is hidden, what to warm), no SDL.
// - Render: the SDL calls: walks a render plan; textures and fonts that free themselves before
//   their renderer; text, images, PNG read-back. (It still holds the session, the asset
//   catalog and the timings watcher until the app layer takes them.)
// - SplashLab: the executable: CLI, window, session, recording, bench.
// Only `Render` and the executable may see SDL: the pure modules stay functions of (timings,
// device, seed, input, time), which is what makes `state`, `render`, golden images and
// recordings exact, and lets their tests run without a display.
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
        .target(name: "Geometry", dependencies: ["Scenes"], path: "Sources/Geometry"),
        .target(name: "Render", dependencies: ["CSDL2", "Formats", "Scenes", "Motion", "Geometry"], path: "Sources/Render"),
        .executableTarget(
            name: "SplashLab",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Geometry", "Render"],
            path: "Sources/SplashLab"
        ),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Formats", "Motion"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "Scenes"]),
        // The golden PNGs are read from the source tree by path (RenderHarness), not bundled.
        .testTarget(name: "RenderTests", dependencies: ["Render", "Geometry", "Formats", "Scenes", "Motion"], exclude: ["Golden"]),
        .testTarget(name: "SplashLabTests", dependencies: ["Formats", "Scenes"]),
    ]
)
