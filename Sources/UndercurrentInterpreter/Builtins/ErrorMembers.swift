/// Foundation's `localizedDescription` for errors: a `LocalizedError`'s own text, or what
/// bridging to `NSError` produces, `The operation could not be completed. (main.E error 1.)`.
extension StandardLibrary {
    func installErrorMembers(into interpreter: Interpreter) {
        for name in ["Error", "LocalizedError"] {
            interpreter.typeNamed(name)?.property("localizedDescription") { interpreter, value in
                .string(try localizedDescription(of: value, interpreter))
            }
        }
    }
}

private func localizedDescription(of error: Value, _ interpreter: Interpreter) throws -> String {
    let prefix = "The operation could not be completed."
    if let description = try text(of: error, "errorDescription", interpreter) { return description }
    if let reason = try text(of: error, "failureReason", interpreter) { return "\(prefix) \(reason)" }
    let type = interpreter.typeInfo(of: error)
    return "\(prefix) (\(type.qualifiedName) error \(errorCode(of: error)).)"
}

/// A `LocalizedError` member that is a non-nil String.
private func text(of error: Value, _ member: String, _ interpreter: Interpreter) throws -> String? {
    guard interpreter.hasMember(of: error, member) else { return nil }
    switch try interpreter.member(of: error, member, at: .unknown) {
    case .string(let text), .optional(.string(let text)?): return text
    default: return nil
    }
}

/// An enum's error code is its case's tag: cases with associated values are numbered first,
/// then the others, each in declaration order. Other error types have code 1.
private func errorCode(of error: Value) -> Int {
    guard case .enumValue(let value) = error else { return 1 }
    let cases = value.type.cases
    let withPayload = cases.indices.filter { !cases[$0].associatedTypes.isEmpty }
    let withoutPayload = cases.indices.filter { cases[$0].associatedTypes.isEmpty }
    if let index = withPayload.firstIndex(of: value.caseIndex) { return index }
    return withPayload.count + (withoutPayload.firstIndex(of: value.caseIndex) ?? 0)
}
