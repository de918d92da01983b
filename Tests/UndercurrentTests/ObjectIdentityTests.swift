import Testing

@testable import UndercurrentInterpreter
@testable import UndercurrentTrace

/// Script objects are told apart without weak references to them (which would slow down
/// every retain and release of them), and types reach their interpreter without one.
@Suite struct ObjectIdentityTests {
    private static func makeObject(of type: TypeInfo) -> ScriptObject {
        ScriptObject(type: type, fields: [])
    }

    @Test func everyScriptObjectHasASerialOfItsOwn() {
        let type = TypeInfo(name: "Box", kind: .classType)
        let objects = (0..<100).map { _ in Self.makeObject(of: type) }
        #expect(Set(objects.map(\.serial)).count == objects.count)
    }

    /// A new object at the address of one that went away, while the tracer did not hear of
    /// its end (tracing was off), is a new object: it gets a name of its own. (The same
    /// address is given here: which object the allocator puts where is not the test's to say.)
    @Test func aNewObjectAtAReusedAddressGetsANewName() {
        let names = ObjectNames()
        let type = TypeInfo(name: "Box", kind: .classType)
        let address = ObjectIdentifier(type)
        func name(serial: UInt64?) -> String {
            names.text(of: names.name(ofScriptObjectAt: address, serial: serial, type: type))
        }
        #expect(name(serial: 1) == "Box#1")
        #expect(name(serial: 1) == "Box#1")
        #expect(name(serial: 2) == "Box#2")
        // A stand-in running the `deinit` of the object there takes its name.
        #expect(name(serial: nil) == "Box#2")
        #expect(name(serial: 2) == "Box#2")
    }

    /// A trace name is a number: two objects never share one, the same text always gives
    /// the same one, and it reads back as the trace shows it.
    @Test func traceNamesAreNumbersThatReadBackAsText() {
        let names = ObjectNames()
        let type = TypeInfo(name: "Debounce.Inner", kind: .classType)
        let first = names.name(ofScriptObjectAt: ObjectIdentifier(type), serial: 1, type: type)
        let other = TypeInfo(name: "Debounce.Inner", kind: .classType)
        let second = names.name(ofScriptObjectAt: ObjectIdentifier(other), serial: 2, type: other)
        #expect(first != second)
        #expect(names.text(of: first) == "Debounce.Inner#1")
        #expect(names.text(of: second) == "Debounce.Inner#2")
        #expect(names.role(of: first) == .debounceInner)
        let task = names.name(forText: "Task#1")
        #expect(names.name(forText: "Task#1") == task)
        #expect(names.text(of: task) == "Task#1")
        #expect(names.role(of: task) == .ordinary)
        // Both types stay alive to the end, so that their addresses stay apart.
        withExtendedLifetime((type, other)) {}
    }

    @Test func aTypeNoLongerReachesAnInterpreterThatWentAway() throws {
        var interpreter: Interpreter? = Interpreter(output: { _ in })
        try #require(interpreter).run(
            source: """
                final class Box { deinit { print("deinit") } }
                let box = Box()
                """)
        let box = try #require(interpreter?.globals["box"]?.cell.value)
        guard case .object(let object) = box else {
            Issue.record("`box` should hold an object")
            return
        }
        #expect(object.type.interpreter === interpreter)
        weak var released = interpreter
        interpreter = nil
        try #require(released == nil, "the interpreter should go away once nothing holds it")
        #expect(object.type.interpreter == nil)
    }
}
