import Mustache

// swift-mustache renders a value it does not know through `String(describing:)`, after trying it
// as a template, a lambda and an optional: four failed dynamic casts and a reflective print for
// every `{{title}}`. Strings and integers, nearly every value a page shows, say how they render,
// so the first cast that can succeed does. Their output is unchanged (golden files); transforms
// such as `{{uppercased(title)}}` still apply, since they stay strings and integers.
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}
