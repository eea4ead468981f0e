/// How a layer's Core Image filters reach the render side: as `FilterRecipe`s (plain values,
/// `Sendable`), made at commit from whatever the properties hold — `CIFilter`s, or Apple's
/// string names ("multiplyBlendMode", "gaussianBlur").
enum LayerFilters {
    /// The Core Image kind a string names: "multiplyBlendMode" → "CIMultiplyBlendMode"; names
    /// that start with "CI" are kinds already.
    static func kind(named name: String) -> String {
        guard !name.hasPrefix("CI"), let first = name.first else { return name }
        return "CI" + first.uppercased() + name.dropFirst()
    }

    /// Recipes for the filters in `list`: a filter of a kind Lamina lacks (or an object that is
    /// no filter) becomes an unknown recipe, which draws nothing different.
    static func recipes(_ list: [Any]?) -> [FilterRecipe] {
        (list ?? []).map { item in
            switch item {
            case let filter as CIFilter: return filter.recipe
            case let recipe as FilterRecipe: return recipe
            case let name as String: return FilterRecipe(kind: kind(named: name), name: name)
            default: return FilterRecipe(kind: "\(type(of: item))", name: "\(type(of: item))")
            }
        }
    }
}

extension CALayer {
    /// One message for each filter the new value names that Lamina lacks (and the old did not),
    /// and for each with inputs that are not finite, when the app sets it (not when a
    /// presentation copy is made): the render side draws those without a word, every frame.
    func reportUnknownFilters(_ key: String, _ new: [Any]?, old: [Any]?) {
        guard !applyingStyle, modelLayer == nil else { return }
        // Core Animation's own compositing filters ("xor") are known to the renderers, not to Core Image.
        func isKnown(_ recipe: FilterRecipe) -> Bool {
            recipe.isKnown || (key == "compositingFilter" && LayerBlend.coreAnimationOperations[recipe.name] != nil)
        }
        let known = Set(LayerFilters.recipes(old).filter { !isKnown($0) }.map(\.kind))
        for recipe in LayerFilters.recipes(new) where !isKnown(recipe) && !known.contains(recipe.kind) {
            CGDiagnostics.log("CALayer.\(key)", "no Core Image filter '\(recipe.name)'; the layer draws without it.")
        }
        if key == "compositingFilter", let name = new?.first as? String, LayerBlend.namesiOSDrawsNormally.contains(name),
           old?.first as? String != name {
            CGDiagnostics.log("CALayer.compositingFilter", "iOS draws a '\(name)' layer normally; so does Lamina.")
        }
        for recipe in LayerFilters.recipes(new) where recipe.isKnown && !recipe.notFiniteInputs.isEmpty {
            CGDiagnostics.log("CALayer.\(key)", "'\(recipe.name)' has inputs that are not finite numbers "
                              + "(\(recipe.notFiniteInputs.joined(separator: ", "))); drawn as if they had no effect.")
        }
    }
}

/// Key paths into a layer's filters, as Core Animation reads them: "filters.blur.inputRadius"
/// is input `inputRadius` of the filter named "blur"; "compositingFilter.inputIntensity" is an
/// input of the compositing filter. Writing one replaces the filter with a changed copy (the
/// model's filter objects are never changed by a presentation or an animation).
enum FilterKeyPath {
    /// Whether `value` is a filter, a list with filters, or their recipes.
    static func reaches(_ value: Any?) -> Bool {
        switch value {
        case is [FilterRecipe], is FilterRecipe, is CIFilter: return true
        case let list as [Any]: return list.contains { $0 is CIFilter }
        default: return false
        }
    }

    /// (filter name, input key) of "blur.inputRadius".
    private static func split(_ path: String) -> (String, String)? {
        guard let dot = path.firstIndex(of: ".") else { return nil }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }

    static func get(_ value: Any?, path: String) -> Any? {
        switch value {
        case let recipe as FilterRecipe: return recipe.value(forKey: path)
        case let filter as CIFilter: return filter.value(forKey: path)
        case let recipes as [FilterRecipe]:
            guard let (name, key) = split(path) else { return nil }
            return recipes.first { $0.name == name }?.value(forKey: key)
        case let list as [Any]:
            guard let (name, key) = split(path) else { return nil }
            return list.lazy.compactMap { $0 as? CIFilter }.first { $0.name == name }?.value(forKey: key)
        default: return nil
        }
    }

    static func set(_ value: Any?, path: String, to newValue: Any?) -> Any? {
        switch value {
        case let recipe as FilterRecipe: return recipe.setting(newValue, forKey: path)
        case let filter as CIFilter: return changed(filter, path, newValue)
        case var recipes as [FilterRecipe]:
            guard let (name, key) = split(path), let i = recipes.firstIndex(where: { $0.name == name }),
                  let changed = recipes[i].setting(newValue, forKey: key) else { return nil }
            recipes[i] = changed
            return recipes
        case var list as [Any]:
            guard let (name, key) = split(path),
                  let i = list.firstIndex(where: { ($0 as? CIFilter)?.name == name }), let filter = list[i] as? CIFilter
            else { return nil }
            list[i] = changed(filter, key, newValue)
            return list
        default: return nil
        }
    }

    private static func changed(_ filter: CIFilter, _ key: String, _ value: Any?) -> CIFilter {
        let copy = filter.copy() as! CIFilter
        copy.setValue(value, forKey: key)
        return copy
    }
}
