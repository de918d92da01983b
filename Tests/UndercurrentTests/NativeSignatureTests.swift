import Testing

@testable import UndercurrentInterpreter

/// A native function's name is read into its base name and argument labels, as Swift writes
/// a function's full name: `append(contentsOf:)`, `max(_:_:)`, a bare `count`.
@Suite struct NativeSignatureTests {
    @Test(arguments: [
        ("count", [String?]()),
        ("makeIterator()", []),
        ("append(_:)", [nil]),
        ("append(contentsOf:)", ["contentsOf"]),
        ("max(_:_:)", [nil, nil]),
        ("index(_:offsetBy:limitedBy:)", [nil, "offsetBy", "limitedBy"]),
        // A last label written without its colon still counts.
        ("prefix(upTo)", ["upTo"]),
    ])
    func labelsAreReadFromTheFullName(fullName: String, labels: [String?]) {
        let signature = NativeSignature(parsing: fullName)
        #expect(signature.labels == labels)
        #expect(signature.hasDefault == Array(repeating: false, count: labels.count))
        #expect(signature.types.count == labels.count)
    }

    @Test func defaultsAndTheVariadicParameterAreFoundByLabel() {
        let signature = NativeSignature(
            parsing: "print(_:separator:terminator:)", defaults: ["separator", "terminator"], variadic: "_")
        #expect(signature.labels == [nil, "separator", "terminator"])
        #expect(signature.hasDefault == [false, true, true])
        #expect(signature.variadicIndex == 0)
    }

    @Test func theBaseNameIsWhatComesBeforeTheParenthesis() {
        #expect(NativeFunction("append(contentsOf:)") { _ in .void }.name == "append")
        #expect(NativeFunction("count") { _ in .void }.name == "count")
        #expect(NativeFunction("receive(_:)", unary: { _, _, argument, _ in argument }).name == "receive")
    }
}
