/// `Set`'s own members. Like dictionaries, Swift's sets iterate in a per-process random
/// order; the interpreter keeps insertion order (results of `union` list the receiver's
/// elements first), so runs are repeatable.
extension StandardLibrary {
    func installSetMembers(into interpreter: Interpreter, sequence: TypeInfo) {
        let set = interpreter.builtins.set
        set.initializers = [
            .native(NativeFunction("init()") { _ in .set(OrderedSet()) }),
            .native(NativeFunction("init(_:)") { arguments in .set(OrderedSet(try arguments.elements(0))) }),
        ]
        set.overrideMethod("contains(_:)", inheriting: sequence) { arguments in
            .bool(members(arguments.receiverValue).contains(arguments[0]))
        }
        setMethod(set, "insert(_:)") { members, arguments in
            let (inserted, member) = members.insertReportingMember(arguments[0])
            return .tuple(TupleValue(labels: ["inserted", "memberAfterInsert"], elements: [.bool(inserted), member]))
        }
        setMethod(set, "update(with:)") { members, arguments in
            .optional(members.update(with: arguments[0]))
        }
        setMethod(set, "remove(_:)") { members, arguments in
            .optional(members.remove(arguments[0]))
        }
        setMethod(set, "removeAll(keepingCapacity:)", defaults: ["keepingCapacity"]) { members, _ in
            members.removeAll()
            return .void
        }
        installSetAlgebra(on: set)
    }

    private func installSetAlgebra(on set: TypeInfo) {
        let operations: [(name: String, mutatingName: String, combine: (OrderedSet, [Value]) -> OrderedSet)] = [
            (
                "union", "formUnion",
                { lhs, rhs in
                    var result = lhs
                    for element in rhs { result.insert(element) }
                    return result
                }
            ),
            (
                "intersection", "formIntersection",
                { lhs, rhs in
                    let other = OrderedSet(rhs)
                    return OrderedSet(lhs.elements.filter { other.contains($0) })
                }
            ),
            (
                "subtracting", "subtract",
                { lhs, rhs in
                    let other = OrderedSet(rhs)
                    return OrderedSet(lhs.elements.filter { !other.contains($0) })
                }
            ),
            (
                "symmetricDifference", "formSymmetricDifference",
                { lhs, rhs in
                    let other = OrderedSet(rhs)
                    return OrderedSet(
                        lhs.elements.filter { !other.contains($0) }
                            + other.elements.filter { !lhs.contains($0) })
                }
            ),
        ]
        for operation in operations {
            set.method("\(operation.name)(_:)") { arguments in
                .set(operation.combine(members(arguments.receiverValue), try arguments.elements(0)))
            }
            setMethod(set, "\(operation.mutatingName)(_:)") { members, arguments in
                members = operation.combine(members, try arguments.elements(0))
                return .void
            }
        }
        let relations: [(String, (OrderedSet, OrderedSet) -> Bool)] = [
            ("isSubset(of:)", { lhs, rhs in lhs.elements.allSatisfy { rhs.contains($0) } }),
            ("isSuperset(of:)", { lhs, rhs in rhs.elements.allSatisfy { lhs.contains($0) } }),
            (
                "isStrictSubset(of:)",
                { lhs, rhs in lhs.count < rhs.count && lhs.elements.allSatisfy { rhs.contains($0) } }
            ),
            (
                "isStrictSuperset(of:)",
                { lhs, rhs in lhs.count > rhs.count && rhs.elements.allSatisfy { lhs.contains($0) } }
            ),
            ("isDisjoint(with:)", { lhs, rhs in !lhs.elements.contains { rhs.contains($0) } }),
        ]
        for (name, relation) in relations {
            set.method(name) { arguments in
                .bool(relation(members(arguments.receiverValue), OrderedSet(try arguments.elements(0))))
            }
        }
    }

    private func setMethod(
        _ set: TypeInfo, _ fullName: String, defaults: Set<String> = [],
        _ body: @escaping (inout OrderedSet, NativeArguments) throws -> Value
    ) {
        set.mutatingMethod(fullName, defaults: defaults) { value, arguments in
            guard case .set(var members) = value else {
                throw ScriptError.runtime("\(fullName) needs a set", at: arguments.location)
            }
            value = .void
            defer { value = .set(members) }
            return try body(&members, arguments)
        }
    }
}

private func members(_ value: Value) -> OrderedSet {
    if case .set(let set) = value { return set }
    return OrderedSet()
}
