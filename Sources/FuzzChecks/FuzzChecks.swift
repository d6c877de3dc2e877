import Formats
import Motion
import Scenes
import LaunchImport

/// What each fuzz target asserts about one input, beyond "it did not crash". The libFuzzer
/// executables in `Fuzz/` call `check` and abort on a violation, so libFuzzer saves the input;
/// `Tests/FormatsTests` runs the same checks over every file of the saved corpus, so
/// `make test` replays the corpus without libFuzzer or sanitizers.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A timings file, as `Timings.load` reads it.
    case timings
    /// An input script, as `InputScript.load` reads it.
    case script
    /// `launch.json`, as the asset catalog reads it.
    case launch
    /// The SPEC argument of `splashlab curve`: a curve name, `cubic-bezier(...)` or `spring(...)`.
    case curve
    /// An alpha mask (`FuzzMask`), traced by `LogoOutline` and placed as the hole's mesh.
    case outline
    /// A folder of launch image candidates (`FuzzLaunchFolder`): PNG headers and `LaunchImageMatch`.
    case launchImage = "launchimage"
    /// A launch storyboard or xib, as `InterfaceBuilderDocument` reads it, laid out on every device.
    case storyboard
    /// An asset catalog's `Contents.json`, read as a colour set, an image set and a namespace folder.
    case assetCatalog = "assetcatalog"
    /// An image file's bytes, as `ImageFileKind` sniffs them and `ImageFileInfo` reads their size:
    /// PNG, JPEG and GIF headers, a PDF's first page through poppler (`PDFFirstPage`), an SVG's root.
    case vectorImage = "vectorimage"
    /// A program of constraints and edits (`FuzzSolverProgram`) run on `CassowarySolver`.
    case solver
    /// An Xcode project file and an XcodeGen spec, with their targets and build settings.
    case projectFile = "projectfile"
    /// A Lottie animation, as `LottieDocument` checks it before rlottie may draw it.
    case lottie
    /// A dotLottie archive, as `DotLottieArchive` reads it (libzip) into the Lottie JSON drawn.
    case dotLottie = "dotlottie"

    /// The path errors must name.
    public var path: String { self == .dotLottie ? "fuzz-\(rawValue).lottie" : "fuzz-\(rawValue).json" }

    /// Throws a `FuzzViolation` naming the broken invariant; parse errors are not violations.
    public func check(_ bytes: [UInt8]) throws {
        switch self {
        case .timings: try checkTimings(bytes)
        case .script: try checkScript(bytes)
        case .launch: try checkLaunch(bytes)
        case .curve: try checkCurve(bytes)
        case .outline: try checkOutline(bytes)
        case .launchImage: try checkLaunchImage(bytes)
        case .storyboard: try checkStoryboard(bytes)
        case .assetCatalog: try checkAssetCatalog(bytes)
        case .vectorImage: try checkVectorImage(bytes, path: path)
        case .solver: try checkSolver(bytes)
        case .projectFile: try checkProjectFile(bytes)
        case .lottie: try checkLottie(bytes)
        case .dotLottie: try checkDotLottie(bytes)
        }
    }

    // MARK: Targets

    private func checkTimings(_ bytes: [UInt8]) throws {
        // `Timings.load` parses the file's bytes; the window's reload parses text. The JSON must
        // read the same both ways (BOM, UTF-8), and then both build the timings from that JSON.
        let document = try positioned(bytes) { try JSONParser.parse(bytes: bytes, path: path) }
        let text = String(validating: bytes, as: UTF8.self)
        if let text {
            try agree(document, try positioned(bytes) { try JSONParser.parse(text, path: path) }, "JSON parsed from text and from bytes")
        }
        guard case .success = document, let text else { return }
        guard case let .success(timings) = try positioned(bytes, { try Timings.parse(text: text, path: path) }) else { return }
        // Everything derived from the timings is finite at a grid of times, on a small and a
        // large screen, with and without reduce motion, with an early skip and a late feed.
        let devices = [Device.named("iphone-se")!, Device.named("ipad-air-11", orientation: .landscape)!]
        let options = [SplashOptions(), SplashOptions(reduceMotion: true), SplashOptions(skipTime: 0.5),
                       SplashOptions(feedLatency: 5)]
        for device in devices {
            let layout = LaunchDescription.fallback.layout(device: device, textSize: (300, 32))
            try requireFinite(layout.json, "fallback layout on \(device.name)")
            for option in options {
                let sequence = SplashSequence(timings: timings, device: device, layout: layout, options: option)
                for step in 0...120 {
                    let t = Double(step) * 0.05
                    let frame = sequence.frame(at: t)
                    guard frame.feedScale.isFinite else { throw FuzzViolation("feed scale \(frame.feedScale) at t = \(t) on \(device.name)") }
                    try requireFinite(frame.json(textVariant: 1), "splash frame at t = \(t) on \(device.name), \(option)")
                }
            }
        }
        // The inspector's spring editor shows each spring's figures in every frame: the settling
        // time is a number, and after it the motion stays in the band. (A scan for it once took a
        // million steps at a damping fraction of 0.000025, which froze the window.)
        for motion in InteractionMotion.all {
            guard let spec = motion.spec(in: timings), case let .spring(spring) = spec else { continue }
            let parameters = spring.parameters, simulation = spec.simulation
            let response = parameters.response, fraction = parameters.dampingFraction
            let settling = SpringResponseFigures(parameters).settlingTime
            guard !settling.isNaN, settling >= 0 else { throw FuzzViolation("spring \(response), \(fraction): settling time \(settling)") }
            guard settling.isFinite else { continue }
            for step in 0...20 {
                let t = settling * (1 + Double(step) * 0.005)
                let off = abs(1 - simulation.x(t))
                guard off <= SpringMotion.settlingTolerance + 1e-9 else {
                    throw FuzzViolation("spring \(response), \(fraction): \(off) from its target at t = \(t), after its settling time \(settling)")
                }
            }
        }
    }

    private func checkScript(_ bytes: [UInt8]) throws {
        guard case let .success(script) = try positioned(bytes, { try InputScript.parse(bytes: bytes, path: path) }) else { return }
        var previous = 0.0
        for (i, event) in script.events.enumerated() {
            guard InputEvent.timeRange.contains(event.time), event.time >= previous else {
                throw FuzzViolation("events[\(i)].t = \(event.time) is out of range or order")
            }
            previous = event.time
            switch event.kind {
            case let .down(x, y), let .move(x, y), let .up(x, y):
                guard InputEvent.coordinateRange.contains(x), InputEvent.coordinateRange.contains(y) else {
                    throw FuzzViolation("events[\(i)] at (\(x), \(y)) is outside the coordinate range")
                }
            case let .wheel(dy):
                guard InputEvent.wheelRange.contains(dy) else { throw FuzzViolation("events[\(i)].dy = \(dy) is outside the wheel range") }
            case .key, .cancel: break
            }
            guard event.clampedToLimits() == event else { throw FuzzViolation("events[\(i)] changes when clamped to the limits it was parsed within") }
        }
        // The script's own JSON reads back as the same events, to the 1e-9 JSONOutput keeps.
        let text = script.json.text
        let back: InputScript
        do { back = try InputScript.parse(text: text, path: path) } catch {
            throw FuzzViolation("the script's own JSON does not read back: \(error)")
        }
        guard back.events.count == script.events.count,
              zip(back.events, script.events).allSatisfy({ nearlyEqual($0, $1) }) else {
            throw FuzzViolation("the script's own JSON reads back as different events")
        }
    }

    private func checkLaunch(_ bytes: [UInt8]) throws {
        let parsed = try positioned(bytes) { try LaunchDescription.parse(bytes: bytes, path: path) }
        if let text = String(validating: bytes, as: UTF8.self) {
            try agree(parsed, try positioned(bytes) { try LaunchDescription.parse(text: text, path: path) }, "LaunchDescription.parse(text:) and the file's bytes")
        }
        guard case let .success(description) = parsed else { return }
        guard !description.gradient.isEmpty,
              zip(description.gradient, description.gradient.dropFirst()).allSatisfy({ $0.location <= $1.location }),
              description.gradient.allSatisfy({ (0...1).contains($0.location) }) else {
            throw FuzzViolation("gradient stops out of [0, 1] or out of order: \(description.gradient)")
        }
        for device in Device.presets {
            for orientation in Orientation.allCases {
                let d = device.oriented(orientation)
                try requireFinite(description.layout(device: d, textSize: (300, 32)).json, "layout on \(d.name) \(orientation)")
            }
        }
    }

    private func checkStoryboard(_ bytes: [UInt8]) throws {
        let document: InterfaceBuilderDocument
        do { document = try InterfaceBuilderDocument.parse(bytes: bytes, path: path) } catch let error as LaunchSourceError {
            guard error.path == path else { throw FuzzViolation("error names \(error.path), not \(path): \(error)") }
            if let line = error.line {
                let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                guard line >= 1 && line <= lines else { throw FuzzViolation("error at line \(line) of \(lines): \(error)") }
            }
            try requireShortMessage(error.message)
            return
        } catch {
            throw FuzzViolation("an error that names no file: \(error)")
        }
        var views = 0
        func count(_ element: InterfaceBuilderElement, depth: Int) throws {
            if InterfaceBuilderDocument.viewElementNames.contains(element.name) { views += 1 }
            guard depth <= InterfaceBuilderDocument.maximumDepth else { throw FuzzViolation("elements nest \(depth) deep") }
            for child in element.children { try count(child, depth: depth + 1) }
        }
        try count(document.root, depth: 1)
        guard views <= InterfaceBuilderDocument.maximumViews else { throw FuzzViolation("\(views) views read, over the limit") }
        // Laid out on every device: a view tree or a message naming the file, and finite frames.
        for device in Device.presets {
            for orientation in Orientation.allCases {
                let d = device.oriented(orientation)
                var tree = LaunchViewTree(document: document, traits: .of(d))
                guard let root = try? tree.root() else { continue }
                let layout = AutoLayout(root: root, device: d, file: path) { _ in (width: 40, height: 20) }
                for (id, r) in layout.frames where ![r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) || r.width < 0 || r.height < 0 {
                    throw FuzzViolation("view \(id.prefix(40)) on \(d.name) \(orientation) is \(r)")
                }
            }
        }
    }

    private func checkAssetCatalog(_ bytes: [UInt8]) throws {
        if case let .success(color) = try positioned(bytes, { try AssetCatalogContents.color(bytes: bytes, path: path) }) {
            guard color.resolved(.dark) == (color.dark ?? color.light) else { throw FuzzViolation("dark resolves to neither variant") }
        }
        if case let .success(entries) = try positioned(bytes, { try AssetCatalogContents.images(bytes: bytes, path: path) }) {
            for entry in entries {
                guard [1.0, 2.0, 3.0].contains(entry.scale) else { throw FuzzViolation("scale \(entry.scale) read") }
                if let name = entry.filename, name.isEmpty || name.contains("/") || name == ".." {
                    throw FuzzViolation("file name \(name.prefix(80)) leaves the image set")
                }
            }
        }
        _ = try positioned(bytes) { try AssetCatalogContents.providesNamespace(bytes: bytes, path: path) }
    }

    private func checkCurve(_ bytes: [UInt8]) throws {
        // Command-line arguments reach `splashlab curve` as decoded text.
        let text = String(decoding: bytes, as: UTF8.self)
        let spec: MotionSpec
        do { spec = try MotionSpec(parsing: text) } catch let error as MotionError {
            try requireShortMessage("\(error)")
            return
        } catch {
            throw FuzzViolation("MotionSpec threw \(type(of: error)), not a MotionError: \(error)")
        }
        let simulation = spec.simulation
        switch spec {
        case .curve(let curve):
            for step in -50...150 {
                let x = Double(step) * 0.01
                let value = simulation.x(x), slope = simulation.dx(x)
                guard value.isFinite, slope.isFinite else { throw FuzzViolation("\(curve.specification) at \(x): value \(value), slope \(slope)") }
            }
            guard let back = try? TimingCurve(parsing: curve.specification), back == curve else {
                throw FuzzViolation("\(curve.specification) does not read back as the same curve")
            }
        case .spring(let motion):
            let settling = motion.settlingDuration
            guard !settling.isNaN, settling >= 0 else { throw FuzzViolation("settling duration \(settling)") }
            let span = min(settling.isFinite ? settling : 10, 100)
            for step in 0...200 {
                let t = span * Double(step) / 200
                let value = simulation.x(t), velocity = simulation.dx(t)
                guard value.isFinite, velocity.isFinite else {
                    throw FuzzViolation("\(text) at t = \(t): value \(value), velocity \(velocity)")
                }
            }
        }
    }

    // MARK: Shared invariants

    /// Runs a parse: success, or a `JSONFileError` naming this target's path at a place inside
    /// the input with a short one-line message. Anything else is a violation.
    func positioned<T>(_ input: [UInt8], _ parse: () throws -> T) throws -> Result<T, JSONFileError> {
        do { return .success(try parse()) } catch let error as JSONFileError {
            guard error.path == path else { throw FuzzViolation("error names \(error.path), not \(path): \(error)") }
            guard FuzzTarget.contains(error.location, in: input) else {
                throw FuzzViolation("error placed outside the input: \(error.description.prefix(300))")
            }
            try requireShortMessage(error.message)
            return .failure(error)
        } catch {
            throw FuzzViolation("parse threw \(type(of: error)), not a positioned JSONFileError: \(error)")
        }
    }

    func agree<T: Equatable>(_ a: Result<T, JSONFileError>, _ b: Result<T, JSONFileError>, _ what: String) throws {
        guard a == b else { throw FuzzViolation("\(what) disagree: \(a) versus \(b)") }
    }

    func requireShortMessage(_ message: String) throws {
        // Long enough for a field path, a range and an abbreviated token; short enough that a
        // million-character token cannot have been echoed.
        guard !message.isEmpty, message.unicodeScalars.count <= 400, !message.contains("\n") else {
            throw FuzzViolation("error message is empty, multi-line or \(message.unicodeScalars.count) characters long: \(message.prefix(200))")
        }
    }

    /// A place is inside the input if its line exists and its column is at most one past the
    /// line's last character (the end of a line or of the file). Counted as the parser counts:
    /// after a leading BOM, one column per character.
    public static func contains(_ location: SourceLocation, in input: [UInt8]) -> Bool {
        var bytes = input[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var line = 1, columns = 0
        for b in bytes {
            if line == location.line && b == 0x0A { break }
            if b == 0x0A { line += 1; columns = 0 } else if b & 0xC0 != 0x80 { columns += 1 }
        }
        return line == location.line && location.column >= 1 && location.column <= columns + 1
    }
}

/// A broken invariant, with what was seen.
public struct FuzzViolation: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Every number in `json` is finite: what `state` prints must be valid JSON, with no `null` standing in.
func requireFinite(_ json: JSONOutput, _ what: String) throws {
    switch json {
    case .number(let v): guard v.isFinite else { throw FuzzViolation("\(what): a number is \(v)") }
    case .array(let items): for item in items { try requireFinite(item, what) }
    case .object(let members): for (_, value) in members { try requireFinite(value, what) }
    case .null, .bool, .int, .string: break
    }
}

private func nearlyEqual(_ a: InputEvent, _ b: InputEvent) -> Bool {
    func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 2e-9 }
    guard close(a.time, b.time) else { return false }
    switch (a.kind, b.kind) {
    case let (.down(x1, y1), .down(x2, y2)), let (.move(x1, y1), .move(x2, y2)), let (.up(x1, y1), .up(x2, y2)):
        return close(x1, x2) && close(y1, y2)
    case let (.wheel(d1), .wheel(d2)): return close(d1, d2)
    case let (.key(k1), .key(k2)): return k1 == k2.lowercased()
    case (.cancel, .cancel): return true
    default: return false
    }
}

extension SplashLayout {
    /// Every coordinate of the layout, for the finiteness check.
    var json: JSONOutput {
        .array([.number(logoCenter.x), .number(logoCenter.y), .number(textCenter.x), .number(textCenter.y),
                .number(textSize.width), .number(textSize.height)])
    }
}
