import Foundation

/// Color differences as people see them: CIE L*a*b* (D65) and the CIE94 ΔE, on which a
/// difference of about 2 is just noticeable.
enum PerceptualColor {
    /// ΔE94 (graphic-arts weights) between two premultiplied 8-bit sRGB pixels, seen over black;
    /// a difference in coverage alone counts as the L* difference it makes over white too.
    static func deltaE94(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let overBlack = deltaE94(lab(a, over: 0), lab(b, over: 0))
        guard a[3] != b[3] else { return overBlack }
        return max(overBlack, deltaE94(lab(a, over: 1), lab(b, over: 1)))
    }

    static func deltaE94(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let dL = p.l - q.l, dC = c1 - c2
        let dA = p.a - q.a, dB = p.b - q.b
        let dH2 = max(0, dA * dA + dB * dB - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// L*a*b* of a premultiplied pixel composited over a gray `background` (0 black, 1 white).
    static func lab(_ pixel: [UInt8], over background: Double) -> (l: Double, a: Double, b: Double) {
        let alpha = Double(pixel[3]) / 255
        func linear(_ k: Int) -> Double {
            let v = min(1, Double(pixel[k]) / 255 + background * (1 - alpha))
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(0), linear(1), linear(2))
        // sRGB's primaries to XYZ (IEC 61966-2-1), relative to the D65 white.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
