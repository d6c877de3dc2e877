import Foundation
import XCTest
@testable import App
@testable import Formats
@testable import Scenes

/// The window's reducer, without a window: actions in, state and effects out.
final class WindowStateTests: XCTestCase {
    /// The first card's centre on screen once the splash is over.
    func firstCardCentre(_ s: WindowState) -> (Double, Double) {
        let r = s.playback.preview.feed.cardFrame(0, scrollOffset: 0)
        return (r.midX, r.midY)
    }

    func testTicksAdvanceByRealTimeTimesTheRate() {
        var s = windowState()
        _ = s.reduce(.playback(.setRate(0.25)))
        advance(&s, to: 0)  // nothing
        _ = s.reduce(.tick(realSeconds: 0.4, wallTime: 1))
        XCTAssertEqual(s.time, 0.1, accuracy: 1e-12)
        _ = s.reduce(.playback(.togglePause))
        _ = s.reduce(.tick(realSeconds: 0.4, wallTime: 2))
        XCTAssertEqual(s.time, 0.1, accuracy: 1e-12)
        _ = s.reduce(.playback(.step(1)))
        XCTAssertEqual(s.time, 0.1 + 1.0 / 60, accuracy: 1e-12)
        _ = s.reduce(.playback(.step(-1))); _ = s.reduce(.playback(.step(-1)))
        XCTAssertEqual(s.time, 0.1 - 1.0 / 60, accuracy: 1e-12)
        _ = s.reduce(.playback(.cycleRate))
        XCTAssertEqual(s.rate, 0.1)
        _ = s.reduce(.playback(.cycleRate))
        XCTAssertEqual(s.rate, 1)
    }

    /// The user's case: open a card at about 4 s, scrub back to 0.6 s: the splash, no card;
    /// scrub forward again: the card exactly as it was.
    func testScrubbingBackBeforeACardOpenedShowsNoCardAndForwardShowsItAgain() {
        var s = windowState()
        advance(&s, to: 4)
        let (x, y) = firstCardCentre(s)
        _ = s.reduce(.playback(.input(.down(x: x, y: y))))
        _ = s.reduce(.playback(.input(.up(x: x, y: y))))
        advance(&s, to: 4.5)
        let openState = s.playback.state.text
        XCTAssertNotNil(s.playback.preview.cardState(at: s.time))
        XCTAssertTrue(s.playback.scene.commands.contains { if case .detail = $0 { return true }; return false })

        _ = s.reduce(.playback(.scrubBegin(0.6)))
        XCTAssertTrue(s.isPaused && s.scrubbing)
        XCTAssertEqual(s.time, 0.6)
        XCTAssertNil(s.playback.preview.cardState(at: s.time))
        XCTAssertFalse(s.playback.scene.commands.contains { if case .cardSnapshot = $0 { return true }; if case .detail = $0 { return true }; return false })
        XCTAssertEqual(s.playback.preview.splashFrame(at: s.time).phase, .holding)

        _ = s.reduce(.playback(.seek(4.5)))
        _ = s.reduce(.playback(.scrubEnd))
        XCTAssertEqual(s.playback.state.text, openState)
    }

    /// Input while scrubbed back cuts the take there and goes on from that point.
    func testInputWhileScrubbedBackCutsTheLog() {
        var s = windowState()
        advance(&s, to: 4)
        let (x, y) = firstCardCentre(s)
        _ = s.reduce(.playback(.input(.down(x: x, y: y))))
        _ = s.reduce(.playback(.input(.up(x: x, y: y))))
        advance(&s, to: 5)
        _ = s.reduce(.playback(.input(.key("escape"))))
        XCTAssertEqual(s.playback.log.count, 3)
        _ = s.reduce(.playback(.seek(4.2)))
        _ = s.reduce(.playback(.input(.key("p"))))
        // The Escape at 5 s is gone; the click before the cut stays, and the P follows it.
        XCTAssertEqual(s.playback.log.count, 3)
        XCTAssertEqual(s.playback.log[0].time, s.playback.log[1].time)
        XCTAssertEqual(s.playback.log[2].time, 4.2)
        XCTAssertEqual(s.playback.log.last?.kind, .key("p"))
        _ = s.reduce(.playback(.seek(5.5)))
        XCTAssertEqual(s.playback.preview.cardState(at: 5.5)?.phase(at: 5.5), .open, "no Escape any more: the card stays open")
    }

    func testReplayGoesBackToTheStartWithTheTake() {
        var s = windowState()
        advance(&s, to: 0.5)
        _ = s.reduce(.playback(.input(.down(x: 10, y: 10))))   // skips the splash at 0.5
        advance(&s, to: 2)
        XCTAssertEqual(s.playback.preview.splash.dismissalTime, 0.5, accuracy: 1e-9)
        _ = s.reduce(.playback(.replay))
        XCTAssertEqual(s.time, 0)
        XCTAssertEqual(s.playback.preview.splashFrame(at: 0).phase, .appearing)
        advance(&s, to: 1)
        XCTAssertEqual(s.playback.preview.splashFrame(at: 1).phase, .disappearing, "the take's skip replays too")
    }

    func testToolsAndTab() {
        var s = windowState()
        _ = s.reduce(.tools(.toggle(.timeline)))
        _ = s.reduce(.tools(.toggle(.hud)))
        XCTAssertTrue(s.shows(.timeline) && s.shows(.hud))
        _ = s.reduce(.tools(.toggleToolsHidden))
        XCTAssertFalse(s.shows(.timeline) || s.shows(.hud))
        _ = s.reduce(.tools(.toggle(.help)))
        XCTAssertTrue(s.shows(.timeline) && s.shows(.help), "showing a tool brings the hidden ones back")
    }

    /// What the window starts with comes through `init`; afterwards only actions change it.
    func testTheWindowStartsAsItsConfigurationSays() {
        let splitters = WorkbenchSplitters(propertiesWidth: 480)
        let configuration = WindowConfiguration(tools: [.timeline, .hud], inspectorShown: false, appearance: .dark,
                                                screens: ["/a.png", "/b.png"], splitters: splitters, windowSize: (1280, 800))
        var s = WindowState(playback: Playback(initial: windowPreview()), document: builtInDocument(), refreshRate: 60, configuration: configuration)
        XCTAssertEqual(s.tools, [.timeline, .hud])
        XCTAssertFalse(s.inspectorShown)
        XCTAssertEqual(s.appearance, .dark)
        XCTAssertEqual(s.screens, ["/a.png", "/b.png"])
        XCTAssertEqual(s.workbench.splitters, splitters)
        XCTAssertEqual(s.workbench.remembered, RememberedLayout(windowWidth: 1280, windowHeight: 800, splitters: splitters))
        // A tool's key brings the hidden inspector back: the tools concern asks the view concern.
        _ = s.reduce(.tools(.toggle(.curves)))
        XCTAssertTrue(s.inspectorShown && s.shows(.curves))
    }

    func testCaptureWritesTheTakeSoFar() {
        var s = windowState()
        XCTAssertEqual(s.reduce(.tools(.toggleCapture)), [])
        XCTAssertTrue(s.capturing)
        advance(&s, to: 0.5)
        _ = s.reduce(.playback(.input(.down(x: 10, y: 10))))
        _ = s.reduce(.playback(.input(.up(x: 10, y: 10))))
        advance(&s, to: 1.25)
        let effects = s.reduce(.tools(.toggleCapture))
        XCTAssertEqual(effects, [.writeCapture(InputScript(events: s.playback.log), duration: 1.75, showTouches: false)])
    }

    func testReloadKeepsTheTakeAndReplaysIt() {
        var s = windowState()
        advance(&s, to: 1)
        _ = s.reduce(.playback(.input(.key("x"))))
        var slower = Timings()
        slower.splash.logoDuration = 0.9
        let effects = s.reduce(.document(.diskChanged(text: TimingsSchema.fileText(slower), timings: slower, path: "t.json")))
        XCTAssertEqual(effects, [.log("reloaded timings from t.json")])
        XCTAssertEqual(s.time, 0)
        XCTAssertEqual(s.playback.preview.timings.splash.logoDuration, 0.9)
        XCTAssertEqual(s.playback.log.count, 1)
        // The reload is one step of the history: undo brings the values before it back.
        _ = s.reduce(.document(.undo))
        XCTAssertEqual(s.playback.preview.timings.splash.logoDuration, 0.3)
        let failure = s.reduce(.document(.reloadFailed("t.json:1:2: oops")))
        XCTAssertEqual(failure, [.log("timings error: t.json:1:2: oops")])
        XCTAssertEqual(s.message?.isError, true)
    }

    func testEditsTakeEffectAndADiskChangeWithUnsavedEditsWaitsForAChoice() {
        var s = windowState()
        advance(&s, to: 3)
        _ = s.reduce(.document(.edit(path: "splash.logo.startSize", value: .number(40), isFinal: false)))
        _ = s.reduce(.document(.edit(path: "splash.logo.startSize", value: .number(50), isFinal: true)))
        XCTAssertEqual(s.time, 0, "a splash parameter replays the splash from the start")
        XCTAssertEqual(s.playback.preview.splashFrame(at: 0).layers?.logo.width, 50)
        _ = s.reduce(.document(.edit(path: "splash.logo.duration", value: .number(-3), isFinal: true)))
        XCTAssertEqual(s.message?.isError, true, "a refused value says why")
        advance(&s, to: 4)
        _ = s.reduce(.document(.edit(path: "card.duration", value: .number(0.5), isFinal: true)))
        XCTAssertEqual(s.time, 4, accuracy: 1e-9, "an interaction parameter applies to the next gesture, where the take is")
        var theirs = Timings()
        theirs.card.duration = 0.9
        _ = s.reduce(.document(.diskChanged(text: "theirs", timings: theirs, path: "t.json")))
        XCTAssertNotNil(s.pendingDiskVersion)
        XCTAssertEqual(s.document.current.card.duration, 0.5)
        _ = s.reduce(.document(.keepOurs))
        XCTAssertNil(s.pendingDiskVersion)
        XCTAssertEqual(s.document.current.card.duration, 0.5)
        _ = s.reduce(.document(.diskChanged(text: "theirs again", timings: theirs, path: "t.json")))
        _ = s.reduce(.document(.takeTheirs))
        XCTAssertEqual(s.document.current.card.duration, 0.9)
        XCTAssertEqual(s.playback.preview.timings.card.duration, 0.9)
    }

    func testABSnapshotToggleAndSplitPlayTheSameTake() {
        var s = windowState()
        _ = s.reduce(.view(.toggleSplit))
        XCTAssertFalse(s.split, "no split before an A exists")
        _ = s.reduce(.document(.snapshotA))
        _ = s.reduce(.document(.edit(path: "splash.logo.endSize", value: .number(120), isFinal: true)))
        advance(&s, to: 0.6)
        _ = s.reduce(.view(.toggleSplit))
        XCTAssertTrue(s.split)
        let a = s.playbackA!.preview.splashFrame(at: s.time).layers!.logo.width
        let b = s.playback.preview.splashFrame(at: s.time).layers!.logo.width
        XCTAssertEqual(a, 88)
        XCTAssertEqual(b, 120)
        XCTAssertEqual(s.playbackA!.time, s.playback.time)
        _ = s.reduce(.playback(.input(.down(x: 10, y: 10))))
        XCTAssertEqual(s.playbackA!.log, s.playback.log, "the same input goes to both")
        _ = s.reduce(.view(.toggleAB))
        XCTAssertEqual(s.shownPlayback.preview.timings.splash.logoEndSize, 88)
    }

    func testQuitWithUnsavedEditsAsksTwice() {
        var s = windowState()
        _ = s.reduce(.quit)
        XCTAssertFalse(s.isRunning)
        var t = windowState()
        _ = t.reduce(.document(.edit(path: "card.duration", value: .number(0.5), isFinal: true)))
        _ = t.reduce(.quit)
        XCTAssertTrue(t.isRunning)
        XCTAssertTrue(t.message?.text.contains("unsaved edits") ?? false)
        _ = t.reduce(.quit)
        XCTAssertFalse(t.isRunning)
    }

    func testASignalQuitsAtOnceInEveryStateAndKeepsTheUnsavedEdits() {
        var s = windowState()
        _ = s.reduce(.document(.edit(path: "card.duration", value: .number(0.5), isFinal: true)))
        _ = s.reduce(.document(.snapshotA))
        _ = s.reduce(.view(.toggleSplit))
        _ = s.reduce(.tools(.toggleCapture))
        _ = s.reduce(.playback(.scrubBegin(0.4)))
        // A drag still held: its value is an unsaved edit too.
        _ = s.reduce(.document(.edit(path: "card.duration", value: .number(0.6), isFinal: false)))
        _ = s.reduce(.quit)
        XCTAssertTrue(s.isRunning, "Q alone asks first")
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            var t = s
            let effects = t.reduce(.quitOnSignal(signal))
            XCTAssertFalse(t.isRunning, "signal \(signal)")
            XCTAssertTrue(effects.contains(.writeRecovery(t.document.recoveryText)), "signal \(signal): the edits go to the recovery file")
            XCTAssertNotNil(t.document.recoveryText)
            XCTAssertEqual(t.document.current.card.duration, 0.6)
        }
    }

    func testASignalWithoutUnsavedEditsLeavesAnEarlierRecoveryFileAlone() {
        var s = windowState()
        _ = s.reduce(.document(.recoveryFound(Timings(), keptIn: "/nonexistent/timings.json.recovery")))
        XCTAssertNotNil(s.recoverable)
        let effects = s.reduce(.quitOnSignal(SIGTERM))
        XCTAssertFalse(s.isRunning)
        XCTAssertFalse(effects.contains { if case .writeRecovery = $0 { return true }; return false },
                       "updating would remove the file the inspector offers")
    }

    func testMessagesExpire() {
        var s = windowState()
        _ = s.reduce(.tick(realSeconds: 0, wallTime: 100))
        _ = s.reduce(.playback(.setRate(0.5)))
        XCTAssertNotNil(s.message)
        _ = s.reduce(.tick(realSeconds: 0.1, wallTime: 103))
        XCTAssertNotNil(s.message)
        _ = s.reduce(.tick(realSeconds: 0.1, wallTime: 104.5))
        XCTAssertNil(s.message)
    }
}

/// The key table and the CLI table are declared once; README shows them as they are.
final class DeclaredTablesTests: XCTestCase {
    var readme: String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardized
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    func testReadmeKeyTableIsTheBindingTable() {
        XCTAssertTrue(readme.contains(KeyBindings.markdown), "README's key table differs from KeyBindings.table; paste:\n\(KeyBindings.markdown)")
    }

    /// The parameter table lives in docs/timings.md, which README links.
    func testTheParameterTableIsTheSchema() {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/timings.md").standardized
        let page = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        XCTAssertTrue(page.contains(TimingsSchema.markdown), "docs/timings.md's parameter table differs from TimingsSchema; paste `splashlab timings --markdown`")
        XCTAssertTrue(readme.contains("(docs/timings.md)"), "README links the parameter table")
    }

    func testReadmeOptionTableIsTheCLITable() {
        XCTAssertTrue(readme.contains(CLI.markdown), "README's option table differs from CLI.options; paste:\n\(CLI.markdown)")
    }

    func testEveryKeyIsBoundOnceAndEveryToolHasAKey() {
        let names = KeyBindings.table.flatMap { $0.keys.map(\.name) }
        XCTAssertEqual(names.count, Set(names).count)
        for tool in Tool.allCases {
            XCTAssertTrue(names.contains { if case .tools(.toggle(tool))? = KeyBindings.action(forKey: $0) { return true }; return false }, "\(tool)")
        }
        XCTAssertNil(KeyBindings.action(forKey: "escape"), "Escape belongs to the preview")
        XCTAssertNil(KeyBindings.action(forKey: "p"), "P belongs to the preview")
    }

    func testUsageListsEveryCommandAndEachCommandItsOptions() {
        let usage = CLI.usage("")
        for c in CLI.commands { XCTAssertTrue(usage.contains(c.name), c.name) }
        XCTAssertTrue(CLI.usage("record").contains("[--script FILE]"))
        XCTAssertFalse(CLI.usage("state").contains("--out"))
        for c in CLI.commands { XCTAssertTrue(CLI.help(for: c.name).contains(c.examples[0]), c.name) }
    }

    func testParsingFollowsTheTable() throws {
        let args = try ParsedArguments(["--at", "2", "--skip-splash", "--device=iphone-15"], command: "state")
        XCTAssertEqual(args.values["--at"], "2")
        XCTAssertEqual(args.values["--device"], "iphone-15")
        XCTAssertTrue(args.flags.contains("--skip-splash"))
        XCTAssertThrowsError(try ParsedArguments(["--out", "x.png"], command: "state")) { error in
            XCTAssertTrue((error as? UsageError)?.message.contains("unknown option --out") ?? false, "\(error)")
        }
    }

    func testCaptureForwardsThePreviewOptionsOnly() {
        let forwarded = CLI.forwardedToCapture(["--device", "iphone-15", "--hud", "--replay", "s.json", "--skip-splash", "--timings=t.json",
                                                "--fps", "30", "--seed", "4"])
        XCTAssertEqual(forwarded, ["--device", "iphone-15", "--skip-splash", "--timings", "t.json"])
    }
}
