import OpenCombine
import UndercurrentInterpreter

// The elements of a `Set`'s, a `Dictionary`'s or a `String`'s publisher, kept as the kind of
// collection they came from. Swift's `Set([7]).publisher` is a
// `Publishers.Sequence<Set<Int>, Never>`: a collection but not a bidirectional one, so its
// `last()` is a `Publishers.Last` where an array's is an Optional's publisher, its `count()` a
// `Result`'s publisher where an array's is a `Just`, and it prints as `Set([7])`. A `String`
// is bidirectional and range-replaceable but not random-access. An array in their place was
// fused, spelled and printed as an array.

/// A collection publisher's elements that remember the script's collection.
protocol SourcedCollection {
    /// Swift's name for the collection's type (`Set<Int>`, `Dictionary<String, Int>`).
    func typeSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling
    /// The collection as the script's value.
    var scriptValue: Value { get }
}

/// A `Set`'s elements, or a `Dictionary`'s `(key:value:)` tuples, in the collection's order.
/// A collection, not a bidirectional one, as both are in Swift.
struct HashedElements: Collection, CustomStringConvertible, CustomDebugStringConvertible, SourcedCollection {
    enum Kind {
        case set, dictionary
    }

    let kind: Kind
    let elements: [Value]
    let scriptValue: Value
    unowned let interpreter: Interpreter

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }
    func index(after index: Int) -> Int { index + 1 }
    subscript(position: Int) -> Value { elements[position] }

    var description: String { describe(debug: false) }
    var debugDescription: String { describe(debug: true) }

    private func describe(debug: Bool) -> String {
        (try? Formatter.describe(scriptValue, debug: debug, interpreter: interpreter))
            ?? Formatter.describe(scriptValue, debug: debug)
    }

    func typeSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling {
        switch kind {
        case .set:
            guard let element = speller.commonType(of: elements) else {
                throw speller.cannotTell("the type of this set's elements")
            }
            return .init(plain: "Set<\(element.plain)>", qualified: "Swift.Set<\(element.qualified)>")
        case .dictionary:
            var keys: [Value] = []
            var values: [Value] = []
            for element in elements {
                guard case .tuple(let pair) = element, pair.elements.count == 2 else { continue }
                keys.append(pair.elements[0])
                values.append(pair.elements[1])
            }
            guard let key = speller.commonType(of: keys), let value = speller.commonType(of: values) else {
                throw speller.cannotTell("the types of this dictionary's keys and values")
            }
            return .init(
                plain: "Dictionary<\(key.plain), \(value.plain)>",
                qualified: "Swift.Dictionary<\(key.qualified), \(value.qualified)>")
        }
    }
}

/// A `String`'s characters. Range-replaceable, as a `String` is: `append("d")` on its
/// publisher makes a new one when the chain is built.
struct StringElements: BidirectionalCollection, RangeReplaceableCollection, CustomStringConvertible,
    CustomDebugStringConvertible, SourcedCollection
{
    private(set) var elements: [Value]

    init() { elements = [] }
    init(_ text: String) { elements = text.map(Value.character) }

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }
    func index(after index: Int) -> Int { index + 1 }
    func index(before index: Int) -> Int { index - 1 }
    subscript(position: Int) -> Value { elements[position] }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Value {
        elements.replaceSubrange(subrange, with: newElements)
    }

    /// The characters as a `String`; anything else appended (which Swift would not allow) as
    /// it prints.
    var text: String {
        elements.map { element in
            if case .character(let character) = element { return String(character) }
            return Formatter.describe(element, debug: false)
        }.joined()
    }

    var scriptValue: Value { .string(text) }
    var description: String { text }
    var debugDescription: String { Formatter.describe(.string(text), debug: true) }

    func typeSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling {
        .init(plain: "String", qualified: "Swift.String")
    }
}
