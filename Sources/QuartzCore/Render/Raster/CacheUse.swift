/// What a compositor's texture cache keeps, for reports (`Compositor.cacheUse`): how many
/// textures and their pixels. The cache is bounded by use rather than by size: a look not shown
/// for 60 frames loses its texture, a texture whose contents image is gone becomes a spare, the
/// spares are at most `TextureCache.spareBudget` bytes, and spares of a size no new look took for
/// 60 frames go.
package struct CacheUse: Equatable, Sendable {
    /// Textures kept: the looks shown lately, the animated looks' last three frames', the spares,
    /// and those let go that a placed tree still holds; each once.
    package var textures: Int
    /// Their pixels, in bytes. A texture drawn from its outline that no band has read holds none.
    package var textureBytes: Int

    package init(textures: Int, textureBytes: Int) {
        self.textures = textures
        self.textureBytes = textureBytes
    }

    /// `textureBytes` in megabytes (2^20 bytes).
    package var textureMegabytes: Double { Double(textureBytes) / 1_048_576 }
}
