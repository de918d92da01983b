/// The global variable a name in the source found the last time it ran, so that reading
/// or writing a global (`total += steps` at the top level) does not hash its name on every
/// run. Valid while no declaration changed (`Interpreter.memberGeneration`): declaring or
/// redeclaring a global makes a new variable. Like every site cache, it is made by the body
/// compiler and so belongs to one interpreter's compiled code (`ProgramTables`).
final class GlobalSiteCache {
    // Unchecked, as `CallSiteCache`'s: read on every run of the site, in short accesses.
    @exclusivity(unchecked) private var generation = -1
    @exclusivity(unchecked) private var variable: GlobalVariable?

    /// The global `name`, or nil when there is none.
    @inline(__always)
    func global(_ name: String, in interpreter: Interpreter) -> GlobalVariable? {
        guard FastPaths.enabled else { return interpreter.globals[name] }
        if generation == interpreter.memberGeneration { return variable }
        variable = interpreter.globals[name]
        generation = interpreter.memberGeneration
        return variable
    }
}
