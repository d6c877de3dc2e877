// swift-tools-version:5.9
import PackageDescription

// Only `Render`, `App`, `Inspector` and the executable may see SDL: the pure modules (`Motion`,
// `Formats`, `Scenes`) stay functions of (timings, device, seed, input, time), which is what makes
// `state`, `render`, golden images and recordings exact. C++ interoperability (for Dear ImGui) is
// confined to `Inspector` and whatever imports it, because every importer of a C++-interop module
// needs it too.
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
        .systemLibrary(name: "CImGui", path: "Sources/CImGui", pkgConfig: "imgui", providers: [.apt(["libimgui-dev"])]),
        .target(name: "Motion", path: "Sources/Motion"),
        .target(name: "Formats", dependencies: ["Motion"], path: "Sources/Formats"),
        .target(name: "Scenes", dependencies: ["Motion", "Formats"], path: "Sources/Scenes"),
        .target(
            name: "Inspector",
            dependencies: ["CImGui", "CSDL2", "Motion"],
            path: "Sources/Inspector",
            swiftSettings: [.interoperabilityMode(.Cxx)],
            linkerSettings: [.linkedLibrary("stb"), .linkedLibrary("m")]
        ),
        .target(name: "Render", dependencies: ["CSDL2", "Formats", "Scenes", "Motion"], path: "Sources/Render"),
        .target(name: "App", dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Render"], path: "Sources/App"),
        // The fuzz targets' invariants, pure, so the corpus test runs them without libFuzzer.
        .target(name: "FuzzChecks", dependencies: ["Formats", "Scenes", "Motion"], path: "Sources/FuzzChecks"),
        .executableTarget(
            name: "SplashLab",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Render", "App", "Inspector"],
            path: "Sources/SplashLab",
            swiftSettings: [.interoperabilityMode(.Cxx)]
        ),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Formats", "Motion"]),
        .testTarget(name: "RenderTests", dependencies: ["App", "Render", "Formats", "Scenes", "Motion"]),
        .testTarget(name: "SplashLabTests", dependencies: ["SplashLab", "Formats", "Scenes"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Formats", "Scenes", "Motion"]),
        .testTarget(
            name: "InspectorTests",
            dependencies: ["Inspector", "Motion", "CSDL2"],
            swiftSettings: [.interoperabilityMode(.Cxx)]
        ),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Scenes", "Motion", "FuzzChecks"]),
    ]
)
