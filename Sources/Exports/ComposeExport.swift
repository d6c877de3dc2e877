import Formats
import Foundation
import Motion
import Scenes

/// `splashlab export compose`: Kotlin for Jetpack Compose that plays the splash over a content
/// composable, from the parameter declarations and the track list.
///
/// Conversions, each cited where it is written out: Compose durations are whole milliseconds
/// (round(s × 1000)); a curve is `CubicBezierEasing` with Core Animation's control points; a
/// spring is `spring(dampingRatio = ζ, stiffness = k)` with k = (2π / response)², since Compose's
/// spring is a mass-1 damped oscillator (androidx.compose.animation.core.SpringSimulation:
/// ω = √stiffness) and SwiftUI's response is its undamped period 2π / ω.
public struct ComposeExport: LaidOutSplashExport, ConstantSpelling {
    public let command = ExportCommandLine(name: "compose", options: .preview)

    static func float(_ v: Double) -> String { ExportNames.number(v) + "f" }
    static func millis(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    static func easing(_ c: TimingCurve) -> String {
        switch c {
        case .linear: return "LinearEasing"
        case let .bezier(b): return "CubicBezierEasing(\(float(b.x1)), \(float(b.y1)), \(float(b.x2)), \(float(b.y2)))"
        }
    }

    /// A constant of the generated `SplashTimings`, named as `export swift` names it.
    static func constant(_ c: ExportConstant) -> String { "SplashTimings." + c.name }

    /// One `val` per declared parameter (seconds as whole milliseconds), then each declared spring
    /// (`ExportSpring.stiffness`).
    static func constants(_ model: ExportModel) -> String {
        var lines = parameterConstants(model)
        for spring in model.springs {
            lines.append("""
                /** The \(spring.label) spring: response \(ExportNames.number(spring.response)) s, damping ratio \(ExportNames.number(spring.dampingFraction)); stiffness (2π / response)². */
                fun <T> \(ExportNames.swiftName(spring.id))(): SpringSpec<T> = spring(dampingRatio = \(float(spring.dampingFraction)), stiffness = \(float(spring.stiffness)))
            """)
        }
        return lines.joined(separator: "\n")
    }

    static func docComment(_ p: ExportConstant) -> String {
        "    /** \(p.doc)\(p.unit.isEmpty ? "" : " (\(p.isSeconds ? "ms" : p.unit))") */"
    }

    static func declaration(_ p: ExportConstant, number v: Double) -> String {
        if p.isSeconds { return "    const val \(p.name)Millis = \(millis(v))" }
        return "    const val \(p.name) = \(float(v))"
    }

    static func declaration(_ p: ExportConstant, numbers vs: [Double]) -> String {
        "    val \(p.name) = floatArrayOf(\(vs.map(float).joined(separator: ", ")))"
    }

    static func declaration(_ p: ExportConstant, curve c: TimingCurve) -> String {
        "    val \(p.name): Easing = \(easing(c))"
    }

    static func declaration(_ p: ExportConstant, curves cs: [TimingCurve]) -> String {
        "    val \(p.name): List<Easing> = listOf(\(cs.map(easing).joined(separator: ", ")))"
    }

    static func declaration(_ p: ExportConstant, choice name: String) -> String {
        "    const val \(p.name) = \"\(name)\""
    }

    // MARK: Tracks in Compose

    /// The `Animatable` each property is held in, named as the property is.
    static func animatable(_ property: SplashProperty) -> String { property.name }

    /// A layer's opacity: the product of the `Animatable`s of its opacity properties, if it has any.
    static func alpha(_ layer: SplashLayer) -> String? {
        let factors = SplashProperty.allCases.filter { $0.layer == layer && $0.channel == .opacity }.map { "\(animatable($0)).value" }
        return factors.isEmpty ? nil : factors.joined(separator: " * ")
    }

    /// A view layer's opacity as a modifier, or nothing where the layer has no opacity property.
    static func alphaModifier(_ layer: SplashLayer) -> String {
        alpha(layer).map { ".graphicsLayer { alpha = \($0) }" } ?? ""
    }

    /// A track's `animateTo`: `tween` along its curve, or `keyframes` with each segment's easing.
    static func animateTo(_ track: ExportTrack) -> String {
        let target = animatable(track.property)
        let delay = track.begin.map { ", delayMillis = \(constant($0))Millis" } ?? ""
        guard let keyframes = track.keyframes else {
            return "launch { \(target).animateTo(\(track.toConstant.map(constant) ?? float(track.to)), tween(durationMillis = \(constant(track.duration))Millis\(delay), easing = \(constant(track.curve)))) }"
        }
        func value(_ i: Int) -> String {
            let v = keyframes.values[i]
            return v.scalesWithScreen ? "\(float(v.value)) * screenHeight / \(float(keyframes.screenHeight))" : float(v.value)
        }
        let duration = millis(track.duration.number)
        var lines = ["launch {", "    \(target).animateTo(\(value(keyframes.values.count - 1)), keyframes {",
                     "        durationMillis = \(constant(track.duration))Millis"]
        for i in 0..<(keyframes.values.count - 1) {
            lines.append("        \(value(i)) at \(Int((keyframes.keyTimes[i] * Double(duration)).rounded())) using \(constant(track.curve))[\(i)]")
        }
        lines += ["    })", "}"]
        return lines.joined(separator: "\n            ")
    }

    static func animations(_ anchor: SplashTrack.Anchor, reduceMotion on: Bool, _ model: ExportModel) -> String {
        model.tracks(anchor, reduceMotion: on).map { "            " + animateTo($0) }.joined(separator: "\n")
    }

    static func color(_ c: Color) -> String { String(format: "Color(0x%02X%02X%02X%02X)", c.a, c.r, c.g, c.b) }

    public static func source(_ splash: SplashSequence, launch: LaunchBackground, description: LaunchDescription, timingsPath: String) -> String {
        let model = ExportModel(timings: splash.timings, screenHeight: splash.device.height)
        func initial(_ property: SplashProperty) -> String {
            guard let track = model.track(driving: property) else { return float(splash.stillValue(property)) }
            return track.fromConstant.map(constant) ?? float(track.from)
        }
        let animatables = SplashProperty.allCases.map { "    val \(animatable($0)) = remember { Animatable(\(initial($0))) }" }.joined(separator: "\n")
        let stills = SplashProperty.allCases.map { "                \(animatable($0)).snapTo(\(float(splash.stillValue($0))))" }.joined(separator: "\n")
        let stops: String
        switch launch {
        case let .gradient(list): stops = list.map { "\(float($0.location)) to \(color($0.color))" }.joined(separator: ", ")
        case .image, .white: stops = "0f to Color.White, 1f to Color.White"
        }
        let appear = millis(splash.appearDuration)
        let minHold = constant(model.shortestHold), timeout = constant(model.longestHold)
        return """
        // Generated by `splashlab export compose` from \(timingsPath).
        // Curves are Core Animation's control points as CubicBezierEasing; durations are whole milliseconds, round(s × 1000).
        // Springs are spring(dampingRatio = ζ, stiffness = (2π / response)²): Compose's spring is a mass-1 damped oscillator
        // (androidx.compose.animation.core.SpringSimulation, ω = √stiffness) and the response is its undamped period 2π / ω.
        package splash

        import android.provider.Settings
        import androidx.compose.animation.core.*
        import androidx.compose.foundation.Image
        import androidx.compose.foundation.background
        import androidx.compose.foundation.layout.*
        import androidx.compose.runtime.*
        import androidx.compose.ui.Modifier
        import androidx.compose.ui.draw.drawWithContent
        import androidx.compose.ui.geometry.Offset
        import androidx.compose.ui.graphics.*
        import androidx.compose.ui.graphics.drawscope.rotateRad
        import androidx.compose.ui.platform.LocalContext
        import androidx.compose.ui.platform.LocalDensity
        import androidx.compose.ui.res.imageResource
        import androidx.compose.ui.res.painterResource
        import androidx.compose.ui.unit.IntOffset
        import androidx.compose.ui.unit.IntSize
        import androidx.compose.ui.unit.dp
        import kotlinx.coroutines.coroutineScope
        import kotlinx.coroutines.delay
        import kotlinx.coroutines.launch
        import kotlin.math.atan2
        import kotlin.math.roundToInt

        /** Every tunable value of \(timingsPath), as declared by `splashlab timings --schema`. */
        object SplashTimings {
        \(constants(model))
        }

        /** The launch screen as the app shows it: the background top to bottom, the logo's centre as a share of the screen, the text below it (dp). */
        object SplashLaunchScreen {
            val background = Brush.verticalGradient(\(stops))
            const val logoCenterX = \(float(description.logoCenter.x))
            const val logoCenterY = \(float(description.logoCenter.y))
            const val textBelowLogo = \(float(description.textOffset))
            const val textWidth = \(float(splash.layout.textSize.width))
            const val textHeight = \(float(splash.layout.textSize.height))
        }

        /** The splash's phases, as `splashlab state` names them. */
        enum class SplashPhase { Appearing, Holding, Disappearing, Done }

        /**
         * The launch screen, then the splash over [content]: the logo grows and the text rises in; at d the splash gives
         * way to a logo-shaped hole in a mask over [content], which turns and grows until it uncovers the screen. With
         * "Remove animations" on (animator duration scale 0, Android's Reduce Motion) the splash stands still and cross-fades.
         * [contentReadyAfterMillis]: when [content] is ready; d = min(max(minHold, ready), timeout); with Reduce Motion min(ready, timeout).
         */
        @Composable
        fun Splash(contentReadyAfterMillis: Int = 0, logo: Int, text: Int, content: @Composable () -> Unit) {
            val context = LocalContext.current
            val reduceMotion = remember { Settings.Global.getFloat(context.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f }
            var phase by remember { mutableStateOf(SplashPhase.Appearing) }
        \(animatables)
            val logoImage = ImageBitmap.imageResource(logo)
            BoxWithConstraints(Modifier.fillMaxSize()) {
                val screenHeight = maxHeight.value
                val center = Offset(maxWidth.value * SplashLaunchScreen.logoCenterX, maxHeight.value * SplashLaunchScreen.logoCenterY)
                // The hole turns toward the upper-left corner: −atan(cy / cx).
                val holeEndTurn = -atan2(center.y, center.x)
                LaunchedEffect(Unit) {
                    val d = minOf(maxOf(\(minHold)Millis, contentReadyAfterMillis), \(timeout)Millis).toLong()
                    if (reduceMotion) {
        \(stills)
                        phase = SplashPhase.Holding
                        // Seed 002: no minimum hold; the still splash fades as soon as the content is ready.
                        delay(minOf(contentReadyAfterMillis, \(timeout)Millis).toLong())
                        phase = SplashPhase.Disappearing
                        coroutineScope {
        \(animations(.dismissal, reduceMotion: true, model).replacingOccurrences(of: "            launch", with: "                    launch"))
                        }
                        phase = SplashPhase.Done
                        return@LaunchedEffect
                    }
                    // Appearance, from the launch screen at t = 0.
        \(animations(.start, reduceMotion: false, model))
                    delay(minOf(\(appear).toLong(), d))
                    phase = SplashPhase.Holding
                    delay(maxOf(d - \(appear), 0L))
                    // Disappearance, from d.
                    phase = SplashPhase.Disappearing
        \(animations(.dismissal, reduceMotion: false, model))
                    delay(\(millis(splash.disappearDuration)).toLong())
                    phase = SplashPhase.Done
                }
                val opening = phase == SplashPhase.Disappearing && !reduceMotion
                val density = LocalDensity.current.density
                if (opening) {
                    Box(Modifier.fillMaxSize().background(SplashLaunchScreen.background))
                    Image(painterResource(text), null, Modifier.offset((center.x - SplashLaunchScreen.textWidth / 2).dp, (center.y + SplashLaunchScreen.textBelowLogo - SplashLaunchScreen.textHeight / 2).dp)
                        .size(SplashLaunchScreen.textWidth.dp, SplashLaunchScreen.textHeight.dp)\(alphaModifier(.backdropText)))
                }
                // The hole lives inside the content's transform: both scale about the screen's centre.
                Box(Modifier.fillMaxSize().graphicsLayer { scaleX = feedScale.value; scaleY = feedScale.value; compositingStrategy = CompositingStrategy.Offscreen }
                    .drawWithContent {
                        drawContent()
                        if (opening) {
                            val side = holeSize.value * density
                            val pivot = Offset(center.x * density, center.y * density)
                            rotateRad(holeTurn.value * holeEndTurn, pivot) {
                                // The logo's alpha keeps the content inside the hole and clears it outside.
                                drawImage(logoImage, IntOffset.Zero, IntSize(logoImage.width, logoImage.height),
                                          IntOffset((pivot.x - side / 2).roundToInt(), (pivot.y - side / 2).roundToInt()), IntSize(side.roundToInt(), side.roundToInt()),
                                          blendMode = BlendMode.DstIn)
                                // The logo over the hole, fading out.
                                drawImage(logoImage, IntOffset.Zero, IntSize(logoImage.width, logoImage.height),
                                          IntOffset((pivot.x - side / 2).roundToInt(), (pivot.y - side / 2).roundToInt()), IntSize(side.roundToInt(), side.roundToInt()),
                                          alpha = \(alpha(.holeLogo) ?? "1f"))
                            }
                        }
                    }) { content() }
                if (phase == SplashPhase.Appearing || phase == SplashPhase.Holding || (reduceMotion && phase != SplashPhase.Done)) {
                    Box(Modifier.fillMaxSize()\(alphaModifier(.splash)).background(SplashLaunchScreen.background)) {
                        Image(painterResource(logo), null, Modifier.offset((center.x - logoSize.value / 2).dp, (center.y - logoSize.value / 2).dp).size(logoSize.value.dp)\(alphaModifier(.logo)))
                        Image(painterResource(text), null, Modifier.offset((center.x - SplashLaunchScreen.textWidth / 2).dp, (center.y + SplashLaunchScreen.textBelowLogo + textOffset.value - SplashLaunchScreen.textHeight / 2).dp)
                            .size(SplashLaunchScreen.textWidth.dp, SplashLaunchScreen.textHeight.dp)\(alphaModifier(.text)))
                    }
                }
            }
        }
        """
    }
}
