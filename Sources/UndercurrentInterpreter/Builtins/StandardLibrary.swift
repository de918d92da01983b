/// Swift standard library functions and members the interpreter provides natively. Each
/// type's members live in their own file; members every sequence has are declared once,
/// on the `Sequence` protocol type, and found by every type that conforms to it.
struct StandardLibrary: InterpreterLibrary {
    func install(into interpreter: Interpreter) {
        guard let sequence = interpreter.typeNamed("Sequence") else {
            preconditionFailure("BuiltinTypes registers the Sequence protocol")
        }
        interpreter.registerWrappedSequenceTypes()
        installGlobalFunctions(into: interpreter)
        installNumericMembers(into: interpreter)
        installFixedWidthIntegers(into: interpreter)
        installSequenceTransforms(on: sequence)
        installSequenceQueries(on: sequence)
        installStringMembers(into: interpreter, sequence: sequence)
        installCharacterMembers(into: interpreter)
        installCharacterSet(into: interpreter)
        installHasher(into: interpreter)
        installArrayMembers(into: interpreter)
        installDictionaryMembers(into: interpreter)
        installSetMembers(into: interpreter, sequence: sequence)
        installRangeMembers(into: interpreter, sequence: sequence)
        installOptionalMembers(into: interpreter)
        installErrorMembers(into: interpreter)
        installCoding(into: interpreter)
        installTasks(into: interpreter)
        installContinuations(into: interpreter)
        installAsyncStreams(into: interpreter)
        installTaskGroups(into: interpreter)
        installAsyncLet(into: interpreter)
        installMainActor(into: interpreter)
        installDuration(into: interpreter)
        installDescriptions(into: interpreter)
    }

    /// `description` and `debugDescription` of the collections: what `print` and
    /// `debugPrint` show.
    private func installDescriptions(into interpreter: Interpreter) {
        let builtins = interpreter.builtins
        for type in [builtins.array, builtins.dictionary, builtins.set, builtins.range, builtins.character] {
            for (name, debug) in [("description", false), ("debugDescription", true)]
            where type.instanceMembers[name] == nil {
                type.property(name) { interpreter, value in
                    .string(try Formatter.describe(value, debug: debug, interpreter: interpreter))
                }
            }
        }
    }
}
