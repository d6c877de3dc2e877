// swift-tools-version:5.9
import PackageDescription

// What each module holds:
// - Motion: pure timing math (curves, keyframes, springs, decay, their Simulation shape), imports nothing.
// - Formats: positioned JSON, the JSON writer, input scripts, a review's comments, the timings file and its declaration
//   of every parameter (TimingsSchema), in-place patching of a timings file, what an image file is
//   by its bytes and its size (ImageFileKind, ImageFileInfo: PNG, JPEG and GIF headers, a PDF's first
//   page through poppler-glib (PDFFirstPage, which Render draws from too), an SVG's root), the one
//   XML reader (SafeXMLReader: libxml2's SAX2 parser with no network, no DTD and no entity
//   declarations, for storyboards, xibs and SVGs), and the check of a Lottie file before it is
//   drawn (LottieDocument).
// - Scenes: the preview model and scene building, and Playback (initial preview + input log + time).
// - LaunchImport: a user's Xcode project's launch screen (project file, Info.plist, storyboards,
//   asset catalogs, Auto Layout), read into Scenes' LaunchScreen model; image files' sizes by Formats.
// - Geometry: pure drawing math: the logo outline, the triangle clipper, the hole's mesh, feed
//   tiling and the render plan (what a Scene draws, what is hidden, what to warm), no SDL.
// - DotLottie: a .lottie file (a zip of the Lottie JSON and its images) read through libzip, within
//   bounds checked before anything is decompressed, into one Lottie JSON with its images embedded.
// - Render: the SDL calls: walks a render plan; textures and fonts that free themselves before
//   their renderer; text, images (PNG, JPEG, GIF; PDF and SVG drawn at the size shown), PNG
//   read-back, the HUD; intros: Lottie frames through rlottie, GIF and video frames through ffmpeg.
// - Exports: the exports to UIKit, SwiftUI, CSS, Compose and launch images, over one export model.
// - App: the app's core, which draws nothing and does not link Render: the options, the timings
//   file watcher and document (edits, undo, save), the window's state and pure reducer, the key
//   table and the CLI table.
// - Session: a preview session (PreviewSession): the options' files read and resolved into what
//   every command and the window start from, and the launch blink measured with Render.
// - Inspector: Dear ImGui over SDL and the editor widgets (number, curve, spring, timeline).
// - Recording: `record`, `review` and `compare-video` as libraries: the frame writer's threads, YUV
//   through libyuv, the Matroska stream to ffmpeg, the review reel (variants side by side), the
//   review page (the take, review.json from the model, the page) and the reference review (a
//   phone's recording beside the preview).
// - Benchmarks: `bench`'s measures: the scripted frames against their floor, motion math, parsers,
//   intros and reference decoding, each printed as JSON.
// - PreviewWindow: the window: its shell, frame loop, event routing and effects, and the
//   workbench's panels (inspector, graph, timeline, keys) over Inspector.
// - SplashLab: the executable: argument parsing and dispatch to the libraries above.
// Only Render (and the libraries above it: Session, Recording, Benchmarks, PreviewWindow), Inspector
// and the executable may see SDL: the pure modules (Motion, Formats,
// Scenes, LaunchImport, Geometry) stay functions of (timings, device, seed, input, time), which is what makes
// `state`, `render`, golden images and recordings exact, and lets their tests run without a
// display. C++ interoperability (for Dear ImGui) is confined to Inspector and what imports it
// (PreviewWindow, the executable and the window's tests), because every importer of a C++-interop
// module needs it too.
let package = Package(
    name: "SplashLab",
    products: [
        .executable(name: "splashlab", targets: ["SplashLab"]),
        // For the libFuzzer package in Fuzz/, which builds with sanitizers apart from this one.
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
    ],
    targets: [
        // The shim includes <SDL2/...> and the module map links the libraries, so no pkg-config
        // flags are needed (sdl2.pc's -D_REENTRANT is one SwiftPM refuses with a warning).
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .systemLibrary(name: "CImGui", path: "Sources/CImGui", pkgConfig: "imgui", providers: [.apt(["libimgui-dev"])]),
        // PDF (poppler-glib) and SVG (librsvg) drawn through cairo, for launch screens' vector images,
        // and PDF documents' page sizes for Formats' PDFFirstPage. Declarations only: the libraries
        // are opened when the first PDF or SVG is read (Formats' OnDemandLibrary; see its shim.h).
        .systemLibrary(name: "CVectorImage", path: "Sources/CVectorImage",
                       providers: [.apt(["librsvg2-dev", "libpoppler-glib-dev", "libcairo2-dev"])]),
        // Lottie intros, drawn by rlottie's C API (opened on the first intro); every file is checked by
        // Formats' LottieDocument first.
        .systemLibrary(name: "CRLottie", path: "Sources/CRLottie", providers: [.apt(["librlottie-dev"])]),
        // dotLottie files (zip archives), read by libzip (opened on the first one).
        .systemLibrary(name: "CLibZip", path: "Sources/CLibZip", providers: [.apt(["libzip-dev"])]),
        // `record`'s frames converted to yuv420p before they go to ffmpeg, by libyuv.
        .systemLibrary(name: "CLibYUV", path: "Sources/CLibYUV", providers: [.apt(["libyuv-dev"])]),
        .systemLibrary(name: "CLibYAML", path: "Sources/CLibYAML", providers: [.apt(["libyaml-dev"])]),
        // XML documents (storyboards, xibs, SVG roots) read by libxml2's SAX2 parser, for Formats' SafeXMLReader.
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "Motion", path: "Sources/Motion"),
        .target(name: "Formats", dependencies: ["Motion", "CVectorImage", "CLibXML2"], path: "Sources/Formats"),
        .target(name: "Scenes", dependencies: ["Motion", "Formats"], path: "Sources/Scenes"),
        // The launch screen of a user's Xcode project, read as iOS reads it: the project file, Info.plist
        // (given or generated from build settings), storyboards and xibs, asset catalogs and Auto Layout
        // (a Cassowary solver). Pure: every file is read through one seam.
        .target(name: "LaunchImport", dependencies: ["CLibYAML", "Formats", "Motion", "Scenes"], path: "Sources/LaunchImport"),
        .target(name: "Geometry", dependencies: ["Scenes"], path: "Sources/Geometry"),
        // A dotLottie file's animation, its images embedded, read through libzip within bounds.
        .target(name: "DotLottie", dependencies: ["CLibZip", "Formats", "Motion"], path: "Sources/DotLottie"),
        // The exports (UIKit, SwiftUI, CSS and its page, Compose, launch images): one target a file over a
        // platform-neutral model, registered in one table; pure, the images they need drawn by the caller.
        .target(name: "Exports", dependencies: ["Motion", "Formats", "Scenes"], path: "Sources/Exports"),
        .target(
            name: "Inspector",
            dependencies: ["CImGui", "CSDL2", "Motion", "Formats"],
            path: "Sources/Inspector",
            swiftSettings: [.interoperabilityMode(.Cxx)],
            linkerSettings: [.linkedLibrary("stb"), .linkedLibrary("m")]
        ),
        .target(name: "Render", dependencies: ["CSDL2", "CVectorImage", "CRLottie", "DotLottie", "Formats", "Scenes", "Geometry"], path: "Sources/Render"),
        // The app's core: options, the window's state and reducers, the timings document. It draws nothing.
        .target(name: "App", dependencies: ["Motion", "Formats", "Scenes", "LaunchImport", "Geometry", "Exports"], path: "Sources/App"),
        // A preview session: the options' files read and resolved (assets, timings, the project's
        // launch screen, the intro), what every command and the window start from; it measures the
        // launch blink with Render.
        .target(name: "Session", dependencies: ["Motion", "Formats", "Scenes", "LaunchImport", "Geometry", "Render", "App"], path: "Sources/Session"),
        // The fuzz targets' invariants, pure, so the corpus test runs them without libFuzzer.
        .target(name: "FuzzChecks", dependencies: ["Formats", "Scenes", "LaunchImport", "Motion", "Geometry", "DotLottie"], path: "Sources/FuzzChecks"),
        .target(
            name: "Recording",
            dependencies: ["CSDL2", "CLibYUV", "Formats", "Scenes", "Geometry", "Render", "App", "Session"],
            path: "Sources/Recording"
        ),
        .target(
            name: "Benchmarks",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "LaunchImport", "Geometry", "Render", "App", "Session"],
            path: "Sources/Benchmarks"
        ),
        .target(
            name: "PreviewWindow",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "Geometry", "Render", "App", "Session", "Inspector", "Recording"],
            path: "Sources/PreviewWindow",
            swiftSettings: [.interoperabilityMode(.Cxx)]
        ),
        .executableTarget(
            name: "SplashLab",
            dependencies: ["CSDL2", "Motion", "Formats", "Scenes", "LaunchImport", "Geometry", "Render", "App", "Session", "Exports", "Recording", "Benchmarks", "PreviewWindow"],
            path: "Sources/SplashLab",
            swiftSettings: [.interoperabilityMode(.Cxx)]
        ),
        // Scenes for its seeded random generator (the property sweep of springs).
        .testTarget(name: "MotionTests", dependencies: ["Motion", "Scenes", "TestFixtures"]),
        // What the tests of several targets start from: the model's preview, temporary folders,
        // and the table check of inputs a reader must refuse.
        .target(name: "TestFixtures", dependencies: ["Scenes", "Formats"], path: "Tests/TestFixtures"),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Formats", "Motion", "TestFixtures"]),
        .testTarget(name: "LaunchImportTests", dependencies: ["LaunchImport", "Scenes", "Formats", "TestFixtures"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "Scenes"]),
        // The golden PNGs are read from the source tree by path (RenderHarness), not bundled.
        .testTarget(name: "RenderTests", dependencies: ["App", "Session", "Render", "DotLottie", "Geometry", "Formats", "Scenes", "LaunchImport", "Motion", "TestFixtures"], exclude: ["Golden"]),
        // The command-line tests spawn the executable (hence the dependency: it is built first); the
        // window's and the recording's tests import PreviewWindow (C++ interop, for Dear ImGui) and Recording.
        .testTarget(
            name: "SplashLabTests",
            dependencies: ["SplashLab", "PreviewWindow", "Recording", "App", "Session", "Render", "Formats", "Scenes", "TestFixtures"],
            swiftSettings: [.interoperabilityMode(.Cxx)]
        ),
        // The exports, imported: only the command-line tests spawn the binary.
        .testTarget(name: "ExportsTests", dependencies: ["Exports", "Formats", "Scenes", "Motion", "TestFixtures"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Formats", "Scenes", "Motion", "TestFixtures"]),
        .testTarget(
            name: "InspectorTests",
            dependencies: ["Inspector", "Motion", "CSDL2"],
            swiftSettings: [.interoperabilityMode(.Cxx)]
        ),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Scenes", "Motion", "FuzzChecks", "LaunchImport", "TestFixtures"]),
    ]
)
