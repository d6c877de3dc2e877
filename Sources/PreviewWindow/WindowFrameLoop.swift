import App
import CSDL2
import Foundation
import Render
import Scenes

/// The window's frame loop: input, a tick of the reducer, then a frame only when something on
/// screen would change, timed by the same `FrameTimer` as `bench` and `record`.
extension WindowShell {
    /// With the HUD on and nothing moving, its figures refresh at this rate (Hz): often enough to
    /// read, a small fraction of a core under software GL.
    static let restingHUDRate = 2.0
    /// How long the window sleeps between looks while the preview is at rest (s).
    static let restingLookInterval = 0.1
    /// At most this often, and only after drawing, the heap's free pages go back to the system.
    static let heapTrimInterval = 10.0

    mutating func loop() {
        var timer = FrameTimer(refreshRate: 1 / state.frameStep)
        loop(timer: &timer, timesRound: nil)
    }

    /// Runs the loop on `timer` until the window quits, or for `timesRound` times round it when
    /// given. Preview time comes from the timer's clock and the wait at rest from `waitForEvent`,
    /// so a timer on a scripted clock steps the window exactly, whatever the machine's speed.
    mutating func loop(timer: inout FrameTimer, timesRound: Int?) {
        var event = SDL_Event()
        var timesLeft = timesRound ?? -1
        while state.isRunning && timesLeft != 0 {
            timesLeft -= 1
            let measured = timer.beginFrame()
            // The intro's clock holds still for the frame after the launch frame: it starts at frame 0.
            let realSeconds = holdClockOnce ? 0 : measured
            holdClockOnce = false
            let frameStart = timer.frameStart
            while SDL_PollEvent(&event) != 0 {
                changedSinceDraw = true
                // SDL lost what the panels' textures held (a driver reset): they are drawn anew.
                if [SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET].contains(SDL_EventType(event.type)) { inspector.invalidatePanelLayers() }
                dispatch(router.route(event, layout: layout, workbench: state.workbench, inspector: inspectorVisible ? inspector : nil))
            }
            // A quit ends the loop here: no frame is drawn after it (one costs up to 0.1 s under software GL).
            guard state.isRunning else { break }
            dispatch(effects.watchTimings(now: frameStart))
            syncLaunchAndScreen()
            if launchFramesShown == 0 && !preview.skipSplash {
                do { try drawLaunchFrame(layout: layout) } catch {
                    printError("splashlab: \(error)")
                    dispatch(.stop)
                }
                timer.skipFrame()
                continue
            }
            timer.endInput()
            let messageBefore = state.message
            dispatch(.tick(realSeconds: realSeconds, wallTime: frameStart))
            if state.message != messageBefore { changedSinceDraw = true }
            updateTitle()
            writeStateOut(now: frameStart)
            dispatch(effects.checkCaptureRenders())
            if idleProbe != nil { probeIdle(now: frameStart) }
            if costProbe != nil { probeWindowCost(now: frameStart) }
            let layout = self.layout
            let scenes = scenesToShow(layout: layout)
            timer.endUpdate()
            guard needsFrame(showing: scenes, now: frameStart) else {
                // Nothing on screen would change: sleep until an event arrives or the next frame
                // is due (a scheduled animation shows up in the scene comparison then). With the
                // preview at rest nothing is scheduled: look ten times a second (the timings
                // file's watch, a message's end, the resting HUD) instead of every frame.
                let atRest = state.shownPlayback.preview.isAtRest(at: state.time) && (state.playbackA?.preview.isAtRest(at: state.time) ?? true)
                if atRest { trimHeapIfDue(now: frameStart) }
                let wait = timer.timeLeft(of: atRest ? WindowShell.restingLookInterval : timer.budget.seconds)
                waitForEvent(wait)
                timer.skipFrame()
                continue
            }
            // Anything but the scenes that changed may change how they look: the compositor
            // draws them again rather than keep what it drew of an equal scene.
            if changedSinceDraw || settleFrames > 0 { compositor.forgetDrawnScenes() }
            if changedSinceDraw { settleFrames = 1 } else if settleFrames > 0 { settleFrames -= 1 }
            changedSinceDraw = false
            do {
                try drawFrame(scenes, layout: layout, sinceLastDraw: frameStart - lastDrawTime)
            } catch {
                printError("splashlab: \(error)")
                dispatch(.stop)
            }
            if launchPixels != nil {
                do { try compareWithLaunchFrame(layout: layout, takes: scenes.count) } catch { printError("splashlab: \(error)") }
                writeUIDump()
            }
            drawnScenes = scenes
            drawnReferenceIndex = referenceIndexToShow
            lastDrawTime = frameStart
            framesDrawn += 1
            timer.endRender()
            renderer.context.present()
            timer.endPresent()
            noteFirstPresent()
            if costProbe != nil { measureFrameCost(frameStart: frameStart) }
            // Idle time until the next vsync: warm what later frames will need, the appearance
            // first (after the launch frame is on screen).
            do {
                if framesDrawn == 1 { try session.primeAppearance(renderer) }
                try renderer.warmUp()
            } catch {
                printError("splashlab: \(error)")
                dispatch(.stop)
            }
            // Where the display has no vsync (software GL, virtual displays), frames are paced to
            // the refresh rate here rather than spun; with vsync, a present that came back early
            // (a compositor's) still is.
            if timer.presentedEarly { trimHeapIfDue(now: timer.afterPresent) }
            if !renderer.context.presentWaitsForRefresh {
                timer.sleepUntilDue()
            } else if timer.presentedEarly {
                timer.sleepOutBudget()
            }
            let record = timer.finishFrame(previewTime: state.time)
            frames.append(record)
            if keepAllFrames { allFrames.append(record) }
        }
    }

    /// What the device screens show now: A and B side by side at the same moment of the same
    /// take, or the shown take alone.
    func scenesToShow(layout: WindowLayout) -> [Scene] {
        if layout.compareMode != nil, comparesReference { return [state.shownPlayback.scene] }
        if layout.compareMode != nil, let a = state.playbackA { return [a.scene, state.playback.scene] }
        return [state.shownPlayback.scene]
    }

    /// Whether this iteration of the loop must draw (see `changedSinceDraw`).
    func needsFrame(showing scenes: [Scene], now: Double) -> Bool {
        if changedSinceDraw || settleFrames > 0 || scenes != drawnScenes || referenceIndexToShow != drawnReferenceIndex { return true }
        guard inspectorVisible else { return false }
        return inspector.needsAnotherFrame || (state.shows(.hud) && now - lastDrawTime >= 1 / WindowShell.restingHUDRate)
    }

    mutating func drawFrame(_ scenes: [Scene], layout: WindowLayout, sinceLastDraw: Double) throws {
        try drawDeviceScreens(scenes, layout: layout)
        let mappings = layout.deviceMappings
        if state.showTouches {
            // Over each device screen, never into the model: markers come from the take's log.
            let markers = TouchMarkers.markers(at: state.time, log: state.playback.log)
            let device = preview.feed.device
            for m in mappings { try touches.draw(markers, mapping: m, deviceWidth: device.width, deviceHeight: device.height) }
        }
        guard layout.inspectorVisible else {
            inspectorCost = 0
            dispatch(router.actions(forUnclaimed: inspector.releasePendingInput(), layout: layout))
            writeUIDump()
            return
        }
        let d = layout.density
        var hudHeight = 0.0
        if state.shows(.hud), let properties = layout.workbench.properties {
            // The HUD runs on real time: slow motion slows the preview, not the measurements.
            let hudStart = MonotonicClock.now()
            let readout = HUDReadout(records: frames.records, budget: FrameBudget(refreshRate: 1 / state.frameStep), previewTime: state.time,
                                     activity: state.shownPlayback.activity, rate: state.rate, paused: state.isPaused, hudCost: hudCost + inspectorCost)
            try hud.draw(readout, x: Int(((properties.x + 8) * d).rounded()), y: Int(8 * d), density: d, now: hudStart)
            hudCost = MonotonicClock.now() - hudStart
            hudHeight = 190
        }
        inspector.beginFrame(deltaTime: min(max(sinceLastDraw, 1.0 / 240), 1))
        var inspectorTop = hudHeight
        if state.shows(.help), let properties = layout.workbench.properties {
            let keysHeight = KeyListPanel.height(columnHeight: properties.height - hudHeight)
            KeyListPanel.draw(inspector, x: properties.x, y: hudHeight, width: properties.width, height: keysHeight)
            inspectorTop += keysHeight
        }
        let asked = InspectorPanel.draw(inspector, state: state, graphCache: graphCache, properties: layout.workbench.properties,
                                        timeline: layout.workbench.timeline, canvas: layout.canvas, hudHeight: inspectorTop, inspectorCost: inspectorCost)
        inspector.endFrameAndRender()
        inspectorCost = inspector.lastFrameCost.totalSeconds
        // Edits take effect on the next frame.
        dispatch(asked)
        dispatch(router.actions(forUnclaimed: inspector.takeUnclaimedKeyEvents(), layout: layout))
        writeUIDump()
    }

    mutating func noteFirstPresent() {
        if firstPresentMs == nil { firstPresentMs = secondsSinceProcessStart().map { $0 * 1000 } }
    }

    /// Gives the heap's free pages back to the system, in idle time (at rest, or after a frame
    /// that left half its budget), at most every `heapTrimInterval` seconds and only if a frame
    /// was drawn since. Text textures and the GL driver's small blocks come and go from the heap
    /// between its live blocks, and glibc returns only the heap's top by itself. Measured in a
    /// soak's 8th minute, that free space was small (3.7 MB of 58.5; a trim gave back 1.3 MB):
    /// the soak's growth is live memory, and this only keeps holes from adding to it.
    /// malloc_trim(3) costs about 2 ms on a 40 MB heap.
    mutating func trimHeapIfDue(now: Double) {
        guard framesDrawn != framesAtLastHeapTrim, now - lastHeapTrim >= WindowShell.heapTrimInterval else { return }
        _ = malloc_trim(0)
        lastHeapTrim = now
        framesAtLastHeapTrim = framesDrawn
    }
}
