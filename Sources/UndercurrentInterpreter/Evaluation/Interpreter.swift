import CUndercurrentSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something that adds types, functions and property wrappers to an interpreter: the
/// Swift standard library subset, and the stream bridge's Combine types.
public protocol InterpreterLibrary {
    func install(into interpreter: Interpreter)
}

/// Implements a property wrapper such as `@Published` for script types.
public protocol PropertyWrapperProvider {
    /// Storage for a new instance's property, from its initial value.
    func makeStorage(initialValue: Value, owner: ScriptObject?, interpreter: Interpreter) throws -> Value
    func read(_ storage: Value, interpreter: Interpreter) throws -> Value
    func write(_ storage: Value, newValue: Value, owner: ScriptObject?, interpreter: Interpreter) throws
    /// `$property`
    func projectedValue(_ storage: Value, interpreter: Interpreter) throws -> Value
}

/// A variable declared at the top level of a script. A class: a site that found it keeps
/// it (`GlobalSiteCache`), and each read of a global passed a copy of all its parts.
public final class GlobalVariable {
    public let cell: Cell
    public let type: TypeRef?
    public let isConstant: Bool
    /// The value it was declared with, when it has no written type: what its static type
    /// is found from (`StaticTypes.swift`).
    public let initializer: Expr?

    init(cell: Cell, type: TypeRef?, isConstant: Bool, initializer: Expr? = nil) {
        self.cell = cell
        self.type = type
        self.isConstant = isConstant
        self.initializer = initializer
    }
}

/// Limits that stop a runaway script with a message instead of exhausting the machine.
public struct ResourceLimits {
    public var maxCallDepth = 2_000
    public var maxSteps = 200_000_000
    public var maxOutputBytes = 16 << 20
    /// The most elements an array, or UTF-8 bytes a string, may grow to (doubling a string
    /// in a loop would otherwise exhaust memory long before the step budget runs out).
    public var maxCollectionSize = 4_000_000
    /// The most tasks alive at once. A task waiting keeps its stack (about 30 KB of memory in
    /// use), so a loop starting tasks that wait would otherwise fill memory.
    public var maxLiveTasks = 10_000
    /// The largest source a file may hold to be run or loaded (`run FILE`, `:load`, lesson
    /// files): a learner's script is a few kilobytes, and parsing tens of megabytes took
    /// minutes with no way to tell why.
    public static let maxSourceBytes = 1_000_000
    /// Wall-clock seconds one input may run; nil, the default, for none. Unattended runs
    /// (`run`, `lesson check`, `lesson lint`) set one, as nobody is there to press Ctrl-C.
    public var maxSeconds: Double?
    /// The limit for unattended runs: 60 seconds, far beyond any lesson or snippet, short of
    /// forever; the environment variable `UNDERCURRENT_TIME_LIMIT` (seconds, 0 for none)
    /// changes it.
    public static var unattendedSeconds: Double? {
        guard let text = getenv("UNDERCURRENT_TIME_LIMIT").map({ String(cString: $0) }) else { return 60 }
        guard let seconds = Double(text), seconds.isFinite else { return 60 }
        return seconds > 0 ? seconds : nil
    }

    /// `60 seconds`, `1 second`, `0.5 seconds`.
    public static func describe(seconds: Double) -> String {
        let number = seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
        return number + (number == "1" ? " second" : " seconds")
    }

    public init() {}
}

/// Evaluates lowered Swift. Single-threaded: everything, including the Combine engine's
/// callbacks into script code, runs on the thread that calls `run`.
public final class Interpreter {
    public var output: (String) -> Void
    /// Unchecked: read on every call (the depth limit), and set only between runs.
    @exclusivity(unchecked) public var limits = ResourceLimits()
    public internal(set) var globals: [String: GlobalVariable] = [:] { didSet { memberGeneration &+= 1 } }
    var globalFunctions: [String: [Callable]] = [:] { didSet { memberGeneration &+= 1 } }
    public internal(set) var types: [String: TypeInfo] = [:] {
        didSet {
            memberGeneration &+= 1
            typesGeneration &+= 1
        }
    }
    /// Changes with every declaration and every change to a type's members: what call
    /// sites cached (`CallSiteCache`, `GlobalSiteCache`) is valid while it is unchanged.
    @exclusivity(unchecked) var memberGeneration = 0
    /// Changes with every change to `types` or to a member of one of them; not with a global
    /// (an input that declares a variable leaves what `knownTypesForLowering` found as it is).
    var typesGeneration = 0
    var propertyWrappers: [String: PropertyWrapperProvider] = [:]
    /// Names of modules `import` accepts, and messages for the ones it refuses.
    public var importableModules: Set<String> = ["Swift", "Foundation", "Combine", "OpenCombine", "Dispatch"]
    public var refusedModules: [String: String] = [:]
    /// Member names of script types, for lowering later inputs.
    var memberNames: [String: Set<String>] = [:]
    /// Names declared `T!` by earlier inputs, for lowering later ones.
    var implicitlyUnwrappedNames: Set<String> = []
    /// The actors the inputs so far declared, for the next input's lowering.
    var actorTypeNames: Set<String> = []
    public let builtins: BuiltinTypes
    @exclusivity(unchecked) var typeAliases: [String: TypeRef] = [:]
    /// Initial values of static stored properties, run on first access as Swift does.
    var staticInitializers: [ObjectIdentifier: FunctionDecl] = [:]
    /// The type each method was declared in, for `super`.
    var methodOwners: [ObjectIdentifier: TypeInfo] = [:]
    @exclusivity(unchecked) var callDepth = 0
    /// How many `await` expressions enclose the code running now, in the body running now:
    /// each body starts at 0 (`enterBody`), a task's operation at 1 (its start awaits it),
    /// and a paused body keeps its own (`Coroutine`). An async function entered, or a task
    /// suspended, at 0 was called without `await`, which Swift refuses to compile.
    @exclusivity(unchecked) var awaitCover = 0
    /// The actor the code running now is isolated to, as `ActorIsolationMark` bits: set as
    /// each body is entered (`enterBody`), kept by a paused body (`Coroutine`).
    @exclusivity(unchecked) var actorIsolation = ActorIsolationMark.none
    /// Where the native property being read was written (`task.value`, which may wait: a
    /// deadlock names the place).
    @exclusivity(unchecked) public internal(set) var nativePropertyLocation = SourceLocation.unknown
    @exclusivity(unchecked) var steps = 0
    /// What running the program needs beside it: each function's compiled body and spare
    /// frame, each site's cache (`ProgramTables`).
    let tables = ProgramTables()
    /// The block whose variables are being ended, and which of them (`end(_:in:)`).
    @exclusivity(unchecked) var releasingScope: Unmanaged<ScopeNote>?
    @exclusivity(unchecked) var releasingIndex = 0
    /// Where a value nothing kept is being released (`_ = …`, or a statement's unused
    /// result), and whether `_ =` said so (`releaseUnkept`).
    @exclusivity(unchecked) var releasingUnkept: (location: SourceLocation, explicitly: Bool)?
    /// When the running input must stop (monotonic nanoseconds), from `limits.maxSeconds`.
    @exclusivity(unchecked) var inputDeadline: UInt64?
    /// Fields of objects going away, released one at a time (Limits.swift).
    var releaseQueue: [Value] = []
    var isReleasing = false
    /// `allConformances(of:)` by type, valid until the next declaration (Limits.swift).
    var conformanceCache: [ObjectIdentifier: (type: TypeInfo, conformances: [TypeInfo])] = [:]
    /// `staticDispatchMatters` answers, for the declarations of `staticDispatchGeneration`.
    var staticDispatchAnswers: [StaticDispatchKey: (type: TypeInfo, matters: Bool)] = [:]
    var staticDispatchGeneration = -1
    /// What the lowerer is told of the types, while `typesGeneration` is `knownTypesGeneration`.
    private var knownTypes: KnownTypes?
    /// The file or input name of each input run, by its line offset's multiple of
    /// `SourceLocation.linesPerInput`, and that of the input running now (`place(_:)`).
    private var inputNames: [Int: String] = [:]
    private var runningInput = 0
    private var knownTypesGeneration = -1
    var outputBytes = 0
    /// Set when script code called from the Combine engine fails: the engine cannot
    /// propagate a Swift error, so every later callback returns at once and the error
    /// is thrown when control comes back to the interpreter.
    @exclusivity(unchecked) public internal(set) var pendingError: Error? {
        didSet { stopSignal.hasPendingError = pendingError != nil }
    }
    /// Whether this input is stopping, for an observer that must not keep the interpreter.
    public let stopSignal = StopSignal()
    /// Called when an input finishes (successfully or not), to drain scheduled work.
    public var afterTopLevelHooks: [(Interpreter) throws -> Void] = []
    /// The methods (`receive(_:)`) whose calls an object's `callObserver` is told of. Set
    /// before any function runs: each function looks its name up once.
    public var observedMethodNames: [String] = []
    /// Set once any object or struct type has a `callObserver`: until then (an untraced run)
    /// no call looks.
    @exclusivity(unchecked) public var hasObservedObjects = false
    /// Observers notified of every value `print` writes (the tracer records them).
    public var outputObservers: [(String) -> Void] = []
    /// Observers told when a script object is about to go away (its identity and type;
    /// the object itself is already deinitializing and must not be retained).
    public var deinitObservers: [(ObjectIdentifier, TypeInfo) -> Void] = []

    func objectWillDeinitialize(_ identity: ObjectIdentifier, type: TypeInfo) {
        for observer in deinitObservers { observer(identity, type) }
    }

    /// What this interpreter's types reach it through (`TypeInfo.interpreter`).
    let link = InterpreterLink()
    /// The script's tasks and the queue their jobs wait in (`Concurrency/`).
    public let tasks = TaskScheduler()
    /// The input that ran last awaited at its top level (it ran as a main task).
    public internal(set) var lastInputAwaitedAtTopLevel = false

    public init(output: @escaping (String) -> Void = { Swift.print($0, terminator: "") }) {
        self.output = output
        self.builtins = BuiltinTypes()
        link.interpreter = self
        builtins.registerAll(in: self)
        StandardLibrary().install(into: self)
    }

    deinit {
        link.interpreter = nil
    }

    public func install(_ library: InterpreterLibrary) {
        library.install(into: self)
    }

    // MARK: - Registration (used by libraries)

    public func registerType(_ type: TypeInfo, as name: String? = nil) {
        conformanceCache.removeAll()
        type.interpreter = self
        types[name ?? type.name] = type
    }

    public func registerGlobalFunction(_ function: NativeFunction) {
        globalFunctions[function.name, default: []].append(.native(function))
    }

    public func registerGlobalValue(_ name: String, _ value: Value) {
        globals[name] = GlobalVariable(cell: Cell(value), type: nil, isConstant: true)
    }

    public func registerPropertyWrapper(_ name: String, _ provider: PropertyWrapperProvider) {
        propertyWrappers[name] = provider
    }

    public func typeNamed(_ name: String) -> TypeInfo? { types[name] }

    // MARK: - Running inputs

    /// Lowers and runs one input. Declarations made before an error stay declared.
    /// Runs one input. `lineOffset` is added to the lines of its locations (see `Lowerer.lower`).
    public func run(source: String, fileName: String = "<input>", lineOffset: Int = 0) throws {
        runningInput = lineOffset / SourceLocation.linesPerInput
        inputNames[runningInput] = fileName
        let known = knownTypesForLowering()
        let lowered = try Lowerer.lower(
            source: source, fileName: fileName, knownMemberNames: memberNames, knownTypeNames: known.names,
            lineOffset: lineOffset, knownImplicitlyUnwrappedNames: implicitlyUnwrappedNames,
            knownPublisherTypes: known.publishers,
            knownGlobalTypes: globals.compactMapValues(\.type),
            knownGlobalInitializers: globals.compactMapValues { $0.type == nil ? $0.initializer : nil },
            knownStructTypes: known.structs, knownActorTypes: actorTypeNames,
            firstFunctionIndex: tables.nextFunctionIndex, firstSiteIndex: tables.nextSiteIndex)
        implicitlyUnwrappedNames = lowered.implicitlyUnwrappedNames
        actorTypeNames = lowered.actorTypeNames
        try run(lowered)
    }

    /// A place in the code as a message names it: `line:column` in the input running now,
    /// `<input 2>:line:column` in another (an earlier input of the session).
    func place(_ location: SourceLocation) -> String {
        let input = location.line / SourceLocation.linesPerInput
        let here = "\(location.lineInInput):\(location.column)"
        guard input != runningInput, let name = inputNames[input] else { return here }
        return "\(name):\(here)"
    }

    /// The names of the types, of the publishers among them and of the structs, as the
    /// lowerer needs them. Worked out again only after a type changed: over the library's
    /// few hundred types that was a third of the time of an input such as `print(x)`.
    private func knownTypesForLowering() -> KnownTypes {
        if let knownTypes, knownTypesGeneration == typesGeneration { return knownTypes }
        let known = KnownTypes(
            names: Set(types.keys),
            publishers: Set(types.filter { $0.value.conformsToAPublisherProtocol }.keys),
            structs: Set(types.filter { $0.value.kind == .structType }.keys))
        knownTypes = known
        knownTypesGeneration = typesGeneration
        return known
    }

    private struct KnownTypes {
        var names: Set<String>
        var publishers: Set<String>
        var structs: Set<String>
    }

    public func run(_ input: LoweredInput) throws {
        try tables.claim(input)
        pendingError = nil
        steps = 0
        // Clamped to a century: `--time-limit 1e30` must not overflow the conversion.
        inputDeadline = limits.maxSeconds.map {
            uc_monotonic_nanoseconds() &+ UInt64(min(max(0, $0), 3.15e9) * 1e9)
        }
        callDepth = 0
        outputBytes = 0
        Self.noteResultTypeOverloads(in: input.declarations)
        try Self.refuseConstrainedOverloads(in: input.declarations)
        for declaration in input.declarations {
            try declare(declaration)
        }
        let frame = Frame.make(function: input.topLevel, captures: [])
        do {
            let topLevel = input.compiledTopLevel(tables: tables)
            lastInputAwaitedAtTopLevel = input.awaitsAtTopLevel
            if input.awaitsAtTopLevel {
                try runAsMainTask(at: input.topLevel.location) { _ = try topLevel(self, frame) }
            } else {
                _ = try topLevel(self, frame)
            }
            try throwPendingError()
            // Tasks the input started run to their ends (or their next wait) before it ends.
            if tasks.jobQueue === tasks.localQueue { try runLocalJobs(at: input.topLevel.location) }
            // Work the engine scheduled (delays, receive(on:)) runs like a playground's run
            // loop; an error a closure throws there is as uncaught as one at the top level.
            for hook in afterTopLevelHooks { try hook(self) }
            try throwPendingError()
        } catch let thrown as ThrownValue {
            throw ScriptError.runtime(
                "uncaught error: \(Formatter.describe(thrown.value, debug: true))",
                at: thrown.location)
        }
    }

    // MARK: - Errors raised inside engine callbacks

    /// Records an error from script code that the Combine engine called, so the engine can
    /// unwind normally; the interpreter throws it when control returns.
    public func recordPendingError(_ error: Error) {
        if pendingError == nil { pendingError = error }
    }

    /// Throws the error recorded while the engine ran; one recorded with no location of
    /// its own (a limit reached inside the engine) gets `location`, the native call's.
    public func throwPendingError(at location: SourceLocation = .unknown) throws {
        if let error = pendingError {
            pendingError = nil
            // A Swift error a closure threw that nothing caught (the engine cannot catch).
            if let thrown = error as? ThrownValue {
                throw ScriptError.runtime(
                    "uncaught error: \(Formatter.describe(thrown.value, debug: true))", at: thrown.location)
            }
            if var located = error as? ScriptError, located.location == .unknown {
                located.location = location
                throw located
            }
            throw error
        }
    }

    /// True once an error or Ctrl-C is waiting: engine callbacks should return at once.
    /// A Ctrl-C seen here, between two step checks, becomes the pending error, so the input
    /// reports it rather than stopping without a word.
    public var isAborting: Bool {
        if pendingError != nil { return true }
        guard uc_interrupt_pending() != 0 else { return false }
        if uc_take_interrupt() != 0 {
            recordPendingError(ScriptError(.interrupted, Self.ctrlCMessage))
        }
        return true
    }

    static let ctrlCMessage = "Ctrl-C stopped this input; earlier declarations are kept"

    /// Checks Ctrl-C and the step budget; called on every loop iteration and call.
    @inline(__always)
    func tick(_ location: SourceLocation) throws {
        steps &+= 1
        if steps & 0x3FF == 0 { try checkInterrupt(location) }
    }

    func checkInterrupt(_ location: SourceLocation) throws {
        if uc_take_interrupt() != 0 {
            throw ScriptError(.interrupted, Self.ctrlCMessage, at: location)
        }
        if steps > limits.maxSteps {
            throw ScriptError(
                .interrupted, "stopped after \(limits.maxSteps) evaluation steps: is there an endless loop?",
                at: location)
        }
        if let inputDeadline, uc_monotonic_nanoseconds() > inputDeadline, let seconds = limits.maxSeconds {
            throw ScriptError(
                .interrupted,
                "stopped: the input ran for more than \(ResourceLimits.describe(seconds: seconds)) (the time limit)",
                at: location)
        }
    }

    // MARK: - Output

    public func write(_ text: String) throws {
        outputBytes += text.utf8.count
        if outputBytes > limits.maxOutputBytes {
            throw ScriptError(.interrupted, "stopped: the script printed more than \(limits.maxOutputBytes >> 20) MB")
        }
        output(text)
        for observer in outputObservers { observer(text) }
    }
}
