import CPixman

/// Raw pixels drawn into in place: a texture's bitmap (a group composited again), a band's
/// share of the screen, the debug overlay's. What the compositor's bands write and a texture
/// hands out, so that neither names the other.
struct PixelTarget: @unchecked Sendable {
    let data: UnsafeMutableRawPointer
    let width: Int32, height: Int32, bytesPerRow: Int32
    let format: pixman_format_code_t
}
