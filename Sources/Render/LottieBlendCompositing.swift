import Formats

/// Compositing of rlottie's passes (`LottieBlendPasses`), on its pixel format: a premultiplied
/// ARGB32 word a pixel (rlottie.h, Surface: "Default surface format is ARGB32_Premultiplied").
/// Integer arithmetic on 8-bit channels, as rlottie's own compositing, rounded to nearest.
struct LottieBlendCompositing {
    /// B(Cb, Cs) of a separable mode for every pair of straight 8-bit channels, at `Cb << 8 | Cs`:
    /// the formula evaluated once per pair at load, so a frame costs a lookup a channel.
    private let separableTables: [LottieBlendMode: [UInt8]]

    /// Tables for the separable modes among `modes`, but colour dodge and burn: Cb / (1 − Cs)
    /// is steep where Cs nears 1, so straight channels rounded to 8 bits would move it by several
    /// steps; those two and the non-separable modes are evaluated per pixel in floating point.
    init(modes: [LottieBlendMode]) {
        var tables: [LottieBlendMode: [UInt8]] = [:]
        for mode in Set(modes) where mode.isSeparable && mode != .colorDodge && mode != .colorBurn {
            var table = [UInt8](repeating: 0, count: 256 * 256)
            for backdrop in 0..<256 {
                for source in 0..<256 {
                    let value = mode.blendChannel(Double(backdrop) / 255, Double(source) / 255)
                    table[backdrop << 8 | source] = UInt8(min(max((value * 255).rounded(), 0), 255))
                }
            }
            tables[mode] = table
        }
        separableTables = tables
    }

    /// `source` drawn over `backdrop` (Porter-Duff source-over on premultiplied colour:
    /// co = cs + cb × (1 − αs), W3C Compositing and Blending Level 1, §9.1.4).
    static func over(_ source: [UInt32], onto backdrop: inout [UInt32]) {
        backdrop.withUnsafeMutableBufferPointer { below in
            source.withUnsafeBufferPointer { above in
                for index in 0..<min(below.count, above.count) {
                    let s = above[index], alpha = s >> 24
                    if alpha == 0 { continue }
                    if alpha == 255 { below[index] = s; continue }
                    let keep = 255 - alpha, b = below[index]
                    let a = alpha + ((b >> 24) * keep + 127) / 255
                    let r = ((s >> 16) & 255) + (((b >> 16) & 255) * keep + 127) / 255
                    let g = ((s >> 8) & 255) + (((b >> 8) & 255) * keep + 127) / 255
                    let bl = (s & 255) + ((b & 255) * keep + 127) / 255
                    below[index] = min(a, 255) << 24 | min(r, 255) << 16 | min(g, 255) << 8 | min(bl, 255)
                }
            }
        }
    }

    /// `source` blended with `backdrop` in `mode`, by the general formula of W3C Compositing and
    /// Blending Level 1, §5.8 ("Cs = (1 − αb) × Cs + αb × B(Cb, Cs)", then source-over), which in
    /// premultiplied colour is co = cs × (1 − αb) + cb × (1 − αs) + αs × αb × B(Cb, Cs), with
    /// αo = αs + αb × (1 − αs).
    func blend(_ source: [UInt32], onto backdrop: inout [UInt32], mode: LottieBlendMode) {
        // Empty for a mode evaluated pixel by pixel.
        let table = separableTables[mode] ?? []
        backdrop.withUnsafeMutableBufferPointer { below in
            source.withUnsafeBufferPointer { above in
                table.withUnsafeBufferPointer { formula in
                    for index in 0..<min(below.count, above.count) {
                        let s = above[index], sa = s >> 24
                        if sa == 0 { continue }
                        let b = below[index], ba = b >> 24
                        if ba == 0 { below[index] = s; continue }
                        if formula.isEmpty {
                            below[index] = LottieBlendCompositing.blendInFloatingPoint(s, b, mode: mode)
                            continue
                        }
                        let alpha = min(sa + ba - (sa * ba + 127) / 255, 255)
                        // Each term scaled by 255², so one division rounds the sum.
                        let keepSource = (255 - ba) * 255, keepBackdrop = (255 - sa) * 255, both = sa * ba
                        var word = alpha << 24
                        var shift: UInt32 = 0
                        while shift < 24 {
                            let cs = (s >> shift) & 255, cb = (b >> shift) & 255
                            // Straight channels, for B: premultiplied ÷ alpha, rounded.
                            let straightSource = min((cs * 255 + sa / 2) / sa, 255), straightBackdrop = min((cb * 255 + ba / 2) / ba, 255)
                            let blended = UInt32(formula[Int(straightBackdrop << 8 | straightSource)])
                            let channel = (cs * keepSource + cb * keepBackdrop + both * blended + 32512) / 65025
                            word |= min(channel, alpha) << shift
                            shift += 8
                        }
                        below[index] = word
                    }
                }
            }
        }
    }

    /// The general formula in floating point, for the modes without a table (hue, saturation,
    /// colour and luminosity mix the channels, W3C §10.2); both pixels have some alpha.
    private static func blendInFloatingPoint(_ s: UInt32, _ b: UInt32, mode: LottieBlendMode) -> UInt32 {
        let sa = Double(s >> 24) / 255, ba = Double(b >> 24) / 255
        let cs = straight(s, alpha: sa), cb = straight(b, alpha: ba)
        let premultiplied = sa * (1 - ba) * cs + sa * ba * mode.blend(backdrop: cb, source: cs) + (1 - sa) * ba * cb
        return word(alpha: sa + ba * (1 - sa), rgb: premultiplied)
    }

    private static func straight(_ pixel: UInt32, alpha: Double) -> SIMD3<Double> {
        let scale = 1 / (255 * alpha)
        let rgb = SIMD3(Double((pixel >> 16) & 255), Double((pixel >> 8) & 255), Double(pixel & 255)) * scale
        return rgb.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
    }

    private static func word(alpha: Double, rgb: SIMD3<Double>) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(min(max((value * 255).rounded(), 0), 255)) }
        let a = byte(alpha)
        // Premultiplied: no channel may exceed alpha.
        return a << 24 | min(byte(rgb.x), a) << 16 | min(byte(rgb.y), a) << 8 | min(byte(rgb.z), a)
    }
}
