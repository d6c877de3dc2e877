// swift-tools-version:5.9
import PackageDescription

// libFuzzer targets, one per parser or image reader, built only by `make fuzz`: they link only with
// `-sanitize=fuzzer`, so they live in their own package and the main package's plain
// `swift build` and `swift test` never see them. Their invariants are FuzzChecks, in the main
// package, which the corpus test there runs too.
let checks = Target.Dependency.product(name: "FuzzChecks", package: "SplashLab")

let package = Package(
    name: "SplashLabFuzz",
    dependencies: [.package(name: "SplashLab", path: "..")],
    targets: [
        // Declares LLVMFuzzerRunDriver; libFuzzer itself comes with -sanitize=fuzzer.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer", checks], path: "Sources/FuzzDriver"),
        .executableTarget(name: "fuzz-timings", dependencies: ["FuzzDriver"], path: "Sources/FuzzTimings"),
        .executableTarget(name: "fuzz-script", dependencies: ["FuzzDriver"], path: "Sources/FuzzScript"),
        .executableTarget(name: "fuzz-launch", dependencies: ["FuzzDriver"], path: "Sources/FuzzLaunch"),
        .executableTarget(name: "fuzz-curve", dependencies: ["FuzzDriver"], path: "Sources/FuzzCurve"),
        .executableTarget(name: "fuzz-outline", dependencies: ["FuzzDriver"], path: "Sources/FuzzOutline"),
        .executableTarget(name: "fuzz-launchimage", dependencies: ["FuzzDriver"], path: "Sources/FuzzLaunchImage"),
        .executableTarget(name: "fuzz-storyboard", dependencies: ["FuzzDriver"], path: "Sources/FuzzStoryboard"),
        .executableTarget(name: "fuzz-assetcatalog", dependencies: ["FuzzDriver"], path: "Sources/FuzzAssetCatalog"),
        .executableTarget(name: "fuzz-vectorimage", dependencies: ["FuzzDriver"], path: "Sources/FuzzVectorImage"),
        .executableTarget(name: "fuzz-solver", dependencies: ["FuzzDriver"], path: "Sources/FuzzSolver"),
        .executableTarget(name: "fuzz-projectfile", dependencies: ["FuzzDriver"], path: "Sources/FuzzProjectFile"),
        .executableTarget(name: "fuzz-lottie", dependencies: ["FuzzDriver"], path: "Sources/FuzzLottie"),
        .executableTarget(name: "fuzz-dotlottie", dependencies: ["FuzzDriver"], path: "Sources/FuzzDotLottie"),
    ]
)
