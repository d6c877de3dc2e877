import Formats

/// Compositing of rlottie's passes (`LottieBlendPasses`), on its pixel format: a premultiplied
/// ARGB32 word a pixel (rlottie.h, Surface: "Default surface format is ARGB32_Premultiplied").
enum LottieBlendCompositing {
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
                    var result: UInt32 = 0
                    for shift in stride(from: UInt32(0), through: 24, by: 8) {
                        let channel = ((s >> shift) & 255) + (((b >> shift) & 255) * keep + 127) / 255
                        result |= min(channel, 255) << shift
                    }
                    below[index] = result
                }
            }
        }
    }

    /// `source` blended with `backdrop` in `mode`, by the general formula of W3C Compositing and
    /// Blending Level 1, §5.8 ("Cs = (1 − αb) × Cs + αb × B(Cb, Cs)", then source-over), with
    /// straight colours for B and premultiplied ones for the compositing.
    static func blend(_ source: [UInt32], onto backdrop: inout [UInt32], mode: LottieBlendMode) {
        backdrop.withUnsafeMutableBufferPointer { below in
            source.withUnsafeBufferPointer { above in
                for index in 0..<min(below.count, above.count) {
                    let s = above[index], sourceAlpha = s >> 24
                    if sourceAlpha == 0 { continue }
                    let b = below[index], backdropAlpha = b >> 24
                    if backdropAlpha == 0 { below[index] = s; continue }
                    let sa = Double(sourceAlpha) / 255, ba = Double(backdropAlpha) / 255
                    let cs = straight(s, alpha: sa), cb = straight(b, alpha: ba)
                    let mixed = (1 - ba) * cs + ba * mode.blend(backdrop: cb, source: cs)
                    let premultiplied = sa * mixed + (1 - sa) * ba * cb
                    let alpha = sa + ba * (1 - sa)
                    below[index] = word(alpha: alpha, rgb: premultiplied)
                }
            }
        }
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
