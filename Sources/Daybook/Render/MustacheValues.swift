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

// A section over a string or a number (`{{#excerpt}}<p>{{excerpt}}</p>{{/excerpt}}`, the
// built-in templates' way of showing a value only when there is one) pushes the value onto the
// context stack, and every name looked up inside is first asked of it. swift-mustache asks a
// value that is not a `MustacheParent` through `Mirror`, which builds a reflection and filters
// its children, and a string or number has none to give. Answering "no such child" directly is
// the same answer without the reflection: 8% of a list row's instructions (bench/README.md).
extension String: @retroactive MustacheParent {
    public func child(named: String) -> Any? { nil }
}

extension Int: @retroactive MustacheParent {
    public func child(named: String) -> Any? { nil }
}
