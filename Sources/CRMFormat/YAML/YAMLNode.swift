/// How a scalar was written in the source.
package enum YAMLScalarStyle: Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A value in front matter, for the subset of YAML that person files use.
///
/// Anything outside that subset (anchors, aliases, tags, flow mappings) is `.unsupported` and kept
/// byte for byte by every write.
package enum YAMLNode: Sendable, Equatable {
    /// An empty value (`key:`); `~` and `null` are plain scalars that resolve to null.
    case empty
    case scalar(String, YAMLScalarStyle)
    case sequence([YAMLNode])
    case mapping([YAMLPair])
    /// Source text the reader does not interpret, with the reason.
    case unsupported(String, reason: String)

    /// The string of a scalar, whatever its style; nil for null-like and non-scalar values.
    package var string: String? {
        guard case .scalar(let text, let style) = self else { return nil }
        if style == .plain, YAMLNode.isNullWord(text) { return nil }
        return text
    }

    /// The strings of a sequence, or a single string as a one-element list.
    package var strings: [String] {
        switch self {
        case .sequence(let items): return items.compactMap(\.string)
        default: return string.map { [$0] } ?? []
        }
    }

    static func isNullWord(_ text: String) -> Bool {
        // By length first: most values are longer, and `==` on those is not free.
        switch text.utf8.count {
        case 0: true
        case 1: text == "~"
        case 4: text == "null" || text == "Null" || text == "NULL"
        default: false
        }
    }
}

/// One `key: value` of a mapping.
package struct YAMLPair: Sendable, Equatable {
    package var key: String
    package var value: YAMLNode
}
