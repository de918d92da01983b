import Testing

/// Where a type's name is looked up: local types, nested types, then the top level, as Swift
/// does. Oracle-backed snippets cover single scripts (`nested-types-by-short-name`,
/// `local-types-are-their-own`); these cover what spans REPL inputs, and what cannot be
/// compared byte for byte with a compiled program.
@Suite struct TypeScopeTests {
    /// Two inputs each declare a local `T` at the same line and column: each function keeps
    /// its own.
    @Test func localTypesOfDifferentInputsStayApart() {
        let shown = runSession([
            "func a() -> String { struct T { var v = \"a\" }; return T().v }",
            "func b() -> String { struct T { var v = \"b\" }; return T().v }",
            "print(a(), b())",
        ])
        #expect(shown[2] == "a b\n")
    }

    /// A nested type declared in an earlier input is found by its short name in a method
    /// added by a later extension.
    @Test func nestedTypesOfEarlierInputsAreFoundFromExtensions() {
        let shown = runSession([
            "enum Level { case top }",
            "struct Gauge { enum Level { case low, high } }",
            "extension Gauge { func read() -> Level { .high } ; func make() -> Level { Level.low } }",
            "print(Gauge().read(), Gauge().make(), Level.top)",
        ])
        #expect(shown[3] == "high low top\n")
    }

    /// In a protocol extension, Swift binds `Self` to the type a call is made through, so
    /// `Self` on an instance of a subclass of the conforming class depends on that type: a
    /// `Base`-typed `Derived` gives `Base` (checked with swiftc), a `Derived`-typed one
    /// `Derived`. The interpreter cannot tell them apart, so it refuses, with the place,
    /// rather than answer one of them; the session carries on.
    @Test func selfOfASubclassInstanceInAProtocolExtensionIsRefused() {
        let shown = runSession([
            "protocol Named {}; extension Named { func kind() -> String { \"\\(Self.self)\" } }",
            "class Base: Named {}; final class Derived: Base {}",
            "print(Base().kind())",
            "let b: Base = Derived(); print(b.kind())",
            "print(1)",
        ])
        #expect(shown[2] == "Base\n")
        #expect(
            shown[3].contains(
                "<input 1>:1:65: unsupported: `Self` in a protocol extension called on a 'Derived', a subclass of a "
                    + "conforming class, is not supported yet"), "got: \(shown[3])")
        #expect(shown[4] == "1\n")
    }

    /// Swift's debug description of a local type names its contexts by address
    /// (`main.(unknown context at $10c3f4a2c).(unknown context at $10c3f4a34).T()`); the
    /// interpreter has no addresses and writes `…` there, the rest being the same.
    @Test func aLocalTypesDebugNameHasSwiftsShapeWithoutAddresses() {
        let result = runScript(
            """
            struct Outer { func make() { struct Local { var n = 1 }; print([Local()]) } }
            Outer().make()
            func f() { struct T {}; debugPrint(T()) }
            f()
            """)
        #expect(result.error == nil)
        expectSameText(
            result.output,
            """
            [main.Outer.(unknown context at $…).(unknown context at $…).Local(n: 1)]
            main.(unknown context at $…).(unknown context at $…).T()

            """)
    }
}
