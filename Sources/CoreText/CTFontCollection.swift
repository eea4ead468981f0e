import CoreGraphics

/// A set of font descriptors: every installed font, or those matching query descriptors.
public final class CTFontCollection: @unchecked Sendable {
    let descriptors: [CTFontDescriptor]

    init(descriptors: [CTFontDescriptor]) { self.descriptors = descriptors }
}

/// Every scalable font installed, one descriptor a face.
public func CTFontCollectionCreateFromAvailableFonts(_ options: CFDictionary?) -> CTFontCollection {
    CTFontCollection(descriptors: FontResolver.installedFonts().map {
        CTFontDescriptor(attributes: [kCTFontNameAttribute as String: $0.postScriptName, kCTFontFamilyNameAttribute as String: $0.family], match: $0)
    })
}

/// The installed faces matching any of the query descriptors (each query's family and traits).
public func CTFontCollectionCreateWithFontDescriptors(_ queryDescriptors: CFArray?, _ options: CFDictionary?) -> CTFontCollection {
    let queries = (queryDescriptors as? [Any] ?? []).compactMap { $0 as? CTFontDescriptor }
    var seen = Set<FontMatch>()
    var found: [CTFontDescriptor] = []
    for query in queries {
        let matches = CTFontDescriptorCreateMatchingFontDescriptors(query, nil) as? [Any] ?? []
        for case let descriptor as CTFontDescriptor in matches where seen.insert(descriptor.resolvedMatch).inserted {
            found.append(descriptor)
        }
    }
    return CTFontCollection(descriptors: found)
}

/// The collection's descriptors; nil when it is empty.
public func CTFontCollectionCreateMatchingFontDescriptors(_ collection: CTFontCollection) -> CFArray? {
    collection.descriptors.isEmpty ? nil : collection.descriptors as NSArray
}
