import CSDL2
import Motion
import XCTest
@testable import Inspector

/// Input that arrives in bursts, as a touchscreen, a tablet, a quick hand or a slow frame sends
/// it: everything between two frames at once.
final class InputQueueTests: XCTestCase {
    static let significant = Set(ImGuiSDLPlatform.keyMap.map { Int($0.1.rawValue) })
    let zero = Int(SDL_SCANCODE_0.rawValue), h = Int(SDL_SCANCODE_H.rawValue)

    // MARK: The queue alone

    func testAMoveAPressAndAReleaseInOneBurstTakeAFrameEach() {
        var queue = InspectorInputQueue(significantScancodes: Self.significant)
        for input: InspectorInput in [.mouseMoved(x: 5, y: 5), .mouseMoved(x: 10, y: 20),
                                      .mouseButton(button: 0, isDown: true, x: 10, y: 20),
                                      .mouseButton(button: 0, isDown: false, x: 10, y: 20)] {
            queue.append(QueuedInput(input))
        }
        var seen: [(InputFrame.Change?, Bool, Double?)] = []
        for _ in 0..<4 {
            let frame = queue.nextFrame(keyboard: .app)
            seen.append((frame.change, queue.fed.buttons[0], queue.fed.position?.x))
        }
        XCTAssertEqual(seen.map { $0.0 }, [.position, .button, .button, nil])
        XCTAssertEqual(seen.map { $0.1 }, [false, true, false, false])
        XCTAssertEqual(seen.map { $0.2 }, [10, 10, 10, 10], "consecutive moves coalesce")
        XCTAssertTrue(queue.isEmpty)
    }

    func testAPressAwayFromThePointerMovesItFirst() {
        var queue = InspectorInputQueue(significantScancodes: Self.significant)
        queue.append(QueuedInput(.mouseButton(button: 0, isDown: true, x: 40, y: 50)))
        XCTAssertEqual(queue.nextFrame(keyboard: .app).change, .position)
        XCTAssertEqual(queue.fed.buttons[0], false)
        XCTAssertEqual(queue.nextFrame(keyboard: .app).change, .button)
        XCTAssertEqual(queue.fed.buttons[0], true)
    }

    func testCharactersWaitWhileAFieldIsOpeningThenArriveTogether() {
        var queue = InspectorInputQueue(significantScancodes: Self.significant)
        for c in "0.45" {
            let scancode = c == "." ? Int(SDL_SCANCODE_PERIOD.rawValue) : zero
            queue.append(QueuedInput(.key(scancode: scancode, isDown: true, modifiers: [])))
            queue.append(QueuedInput(.text(String(c))))
            queue.append(QueuedInput(.key(scancode: scancode, isDown: false, modifiers: [])))
        }
        for _ in 0..<3 {
            let held = queue.nextFrame(keyboard: .opening)
            XCTAssertNil(held.change)
            XCTAssertEqual(held.text, "")
        }
        XCTAssertTrue(queue.mayChangeKeyboardOwner)
        let frame = queue.nextFrame(keyboard: .inspector)
        XCTAssertEqual(frame.text, "0.45", "keys ImGui does not map do not split the characters")
        XCTAssertTrue(queue.isEmpty)
    }

    func testKeyPressesNoControlTakesGoBackInOrderAndCharactersAreDropped() {
        var queue = InspectorInputQueue(significantScancodes: Self.significant)
        queue.append(QueuedInput(.key(scancode: h, isDown: true, modifiers: [])))
        queue.append(QueuedInput(.text("h")))
        queue.append(QueuedInput(.key(scancode: h, isDown: false, modifiers: [])))
        queue.append(QueuedInput(.key(scancode: zero, isDown: true, modifiers: [])))
        let frame = queue.nextFrame(keyboard: .app)
        XCTAssertEqual(frame.unclaimed.map(\.input), [.key(scancode: h, isDown: true, modifiers: []), .key(scancode: zero, isDown: true, modifiers: [])])
        XCTAssertNil(frame.change)
        XCTAssertEqual(frame.text, "")
        XCTAssertTrue(queue.isEmpty)
    }

    func testAKeyPressAfterAClickWaitsForTheFrameAfterTheClick() {
        var queue = InspectorInputQueue(significantScancodes: Self.significant)
        queue.append(QueuedInput(.mouseButton(button: 0, isDown: true, x: 0, y: 0)))
        queue.append(QueuedInput(.mouseButton(button: 0, isDown: false, x: 0, y: 0)))
        queue.append(QueuedInput(.key(scancode: h, isDown: true, modifiers: [])))
        _ = queue.nextFrame(keyboard: .app)   // the pointer to (0, 0)
        XCTAssertEqual(queue.nextFrame(keyboard: .app).unclaimed.count, 0)
        XCTAssertEqual(queue.nextFrame(keyboard: .app).unclaimed.count, 0, "the release may open a field: decided next frame")
        XCTAssertEqual(queue.nextFrame(keyboard: .app).unclaimed.count, 1)
    }

    func testDrainKeepsButtonsTrueAndReturnsKeyPresses() {
        var queue = InspectorInputQueue(significantScancodes: Self.significant)
        queue.append(QueuedInput(.mouseButton(button: 0, isDown: true, x: 3, y: 4)))
        queue.append(QueuedInput(.key(scancode: h, isDown: true, modifiers: [])))
        queue.append(QueuedInput(.text("h")))
        XCTAssertEqual(queue.drain().map(\.input), [.key(scancode: h, isDown: true, modifiers: [])])
        XCTAssertEqual(queue.fed.buttons[0], true)
        XCTAssertEqual(queue.fed.position?.x, 3)
        XCTAssertTrue(queue.isEmpty)
    }

    // MARK: Through ImGui, in an offscreen window

    /// `xdotool mousemove X Y click 1`: the move, the press and the release between two frames.
    func testAPresetClickedWithItsMoveInOneBurstIsApplied() throws {
        let driver = try openFrameDriver(windowWidth: 800, windowHeight: 700)
        let bridge = driver.bridge
        let curve = EditedCurve()
        let draw = { curve.draw(bridge, progress: nil) }
        driver.open(draw)
        let preset = try XCTUnwrap(driver.control("curve.preset.material standard")).centre
        let frames = driver.step([.mouseMoved(x: preset.x, y: preset.y), .mouseButton(button: 0, isDown: true, x: preset.x, y: preset.y),
                                  .mouseButton(button: 0, isDown: false, x: preset.x, y: preset.y)], draw)
        XCTAssertEqual(frames, 3, "one frame for the move, one for the press, one for the release")
        XCTAssertEqual(curve.edits, [.changed(BezierControlPoints(0.4, 0, 0.2, 1), isFinal: true)])
        XCTAssertTrue(bridge.needsAnotherFrame, "the frame after a change is drawn too")
        driver.frame(draw)
        XCTAssertEqual(driver.control("curve")?.value, .text("cubic-bezier(0.4, 0, 0.2, 1)"))
        XCTAssertFalse(bridge.needsAnotherFrame)
    }

    /// A click on a number field and "0.45⏎" typed at once, all between two frames, as SDL
    /// delivers them (each character a key press, its text, a key release).
    func testCharactersTypedWithTheClickThatOpensAFieldAreAllEntered() throws {
        let (driver, logoDuration, draw) = try openLogoDurationField()
        let bridge = driver.bridge
        let field = try XCTUnwrap(driver.control(LogoDurationField.id)).centre
        var burst: [InspectorInput] = [.mouseMoved(x: field.x, y: field.y), .mouseButton(button: 0, isDown: true, x: field.x, y: field.y),
                                       .mouseButton(button: 0, isDown: false, x: field.x, y: field.y)]
        for c in "0.45" {
            let scancode = Int((c == "." ? SDL_SCANCODE_PERIOD : c == "0" ? SDL_SCANCODE_0 : c == "4" ? SDL_SCANCODE_4 : SDL_SCANCODE_5).rawValue)
            burst += [.key(scancode: scancode, isDown: true, modifiers: []), .text(String(c)), .key(scancode: scancode, isDown: false, modifiers: [])]
        }
        burst += [.key(scancode: returnKey, isDown: true, modifiers: []), .key(scancode: returnKey, isDown: false, modifiers: [])]
        // While the click is queued, a key press may yet be the field's: the app hands it over.
        bridge.handle(burst[0])
        bridge.handle(burst[1])
        XCTAssertTrue(bridge.wantsKeyEvents)
        let frames = driver.step(Array(burst.dropFirst(2)), draw)
        XCTAssertLessThan(frames, 12)
        XCTAssertEqual(logoDuration.edits, [.changed(0.45, isFinal: true)])
        XCTAssertEqual(logoDuration.value, 0.45)
        XCTAssertEqual(driver.control(LogoDurationField.id)?.value, .number(0.45))
        XCTAssertTrue(bridge.takeUnclaimedKeyEvents().isEmpty, "every key was the field's")
        XCTAssertFalse(bridge.wantsKeyboard)
    }

    /// With no field typing, a key press queued behind a click on a button comes back to the app
    /// after the click, and one with nothing queued before it is not the inspector's at all.
    func testKeysAfterAClickElsewhereGoBackToTheAppAfterIt() throws {
        let driver = try openFrameDriver(windowWidth: 600, windowHeight: 300)
        let bridge = driver.bridge
        var clicks = 0
        let draw = { if bridge.button(id: "save", label: "Save") { clicks += 1 } }
        driver.open(draw)
        XCTAssertFalse(bridge.wantsKeyEvents)
        let button = try XCTUnwrap(driver.control("save")).centre
        driver.step([.mouseMoved(x: button.x, y: button.y), .mouseButton(button: 0, isDown: true, x: button.x, y: button.y),
                     .mouseButton(button: 0, isDown: false, x: button.x, y: button.y),
                     .key(scancode: h, isDown: true, modifiers: []), .key(scancode: h, isDown: false, modifiers: [])], draw)
        XCTAssertEqual(clicks, 1)
        XCTAssertEqual(bridge.takeUnclaimedKeyEvents().map(\.input), [.key(scancode: h, isDown: true, modifiers: [])])
        XCTAssertFalse(bridge.wantsKeyEvents)
    }
}
