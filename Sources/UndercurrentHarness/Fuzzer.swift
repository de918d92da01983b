import CUndercurrentSupport
import Foundation
import UndercurrentInterpreter
import UndercurrentSession

/// Feeds a REPL session thousands of broken inputs: every corpus snippet mutated, plus
/// random token soup. Input N depends only on the seed and N, so any input can be made
/// again on its own (`undercurrent fuzz --seed S --show N`).
///
/// What passing means: the process never traps (a trap ends the run; the index of the
/// input being run is printed before it starts when `log` is set), no input runs longer
/// than `timeout` (a hang), every input ends in output or a clear error, and after each
/// batch the session still answers `print(1+1)` with `2`.
public final class Fuzzer {
    public struct Snippet: Sendable {
        public var name: String
        public var source: String

        public init(name: String, source: String) {
            self.name = name
            self.source = source
        }
    }

    public struct Input: Sendable {
        public var index: Int
        public var text: String
        /// The corpus snippet it came from and the mutations applied, or "token soup".
        public var origin: String
    }

    public struct Failure: Sendable, CustomStringConvertible {
        public var index: Int
        public var problem: String
        public var input: String

        public var description: String {
            "input \(index): \(problem)\n--- input ---\n\(input)\n-------------"
        }
    }

    public struct Report: Sendable {
        public var inputs = 0
        public var withOutput = 0
        public var silent = 0
        public var errorsByKind: [String: Int] = [:]
        public var failures: [Failure] = []
        public var slowest: (index: Int, seconds: Double) = (-1, 0)
        public var seconds = 0.0

        public var errors: Int { errorsByKind.values.reduce(0, +) }

        public var summary: String {
            let kinds = errorsByKind.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return """
                \(inputs) inputs in \(String(format: "%.1f", seconds)) s: \(withOutput) printed output, \
                \(errors) stopped with a clear error (\(kinds.isEmpty ? "none" : kinds)), \(silent) declared only; \
                slowest input #\(slowest.index) took \(String(format: "%.0f", slowest.seconds * 1000)) ms; \
                \(failures.count) failures
                """
        }
    }

    public let seed: UInt64
    public let snippets: [Snippet]
    /// Limits lowered so that no input runs long.
    public var limits: ResourceLimits
    public var traceCapacity = 5_000
    public var batchSize = 50
    /// An input still running after this is interrupted and reported as a hang.
    public var timeout: Double = 30
    /// Called with each input's index before it runs (to name the culprit of a trap).
    public var log: ((Input) -> Void)?

    public init(seed: UInt64, snippets: [Snippet]) {
        self.seed = seed
        self.snippets = snippets
        var limits = ResourceLimits()
        limits.maxSteps = 100_000
        limits.maxCallDepth = 200
        limits.maxOutputBytes = 1 << 20
        limits.maxCollectionSize = 200_000
        self.limits = limits
    }

    /// The `.swift` files of a corpus directory, sorted by name.
    public static func loadSnippets(from directory: String) -> [Snippet] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { file in
            guard let source = try? String(contentsOfFile: directory + "/" + file, encoding: .utf8) else { return nil }
            return Snippet(name: String(file.dropLast(6)), source: source)
        }
    }

    /// Input `index`: a mutated corpus snippet (each snippet in turn); every eighth time token
    /// soup, and every eighth time (another) an input of a shape that once broke the session.
    public func input(at index: Int) -> Input {
        var rng = SplitMix64.forItem(index, seed: seed)
        if snippets.isEmpty || index % 8 == 7 {
            return Input(index: index, text: TokenSoup.make(rng: &rng), origin: "token soup")
        }
        if index % 8 == 3 {
            return Input(index: index, text: FuzzShapes.make(rng: &rng), origin: "shape")
        }
        let snippet = snippets[(index - index / 8) % snippets.count]
        let (text, mutations) = FuzzMutator.mutate(snippet.source, rng: &rng)
        return Input(
            index: index, text: text,
            origin: "\(snippet.name) + \(mutations.map(\.rawValue).joined(separator: ", "))")
    }

    /// Runs inputs `start..<start+count`. Call from a thread with a large stack (`LargeStack.run`).
    public func run(start: Int = 0, count: Int) -> Report {
        var report = Report()
        let began = DispatchTime.now().uptimeNanoseconds
        let watchdog = Watchdog(timeout: timeout)
        watchdog.start()
        defer { watchdog.stop() }
        // Inputs near Int.max are valid too: no sum here may overflow.
        var index = max(0, start)
        let end = max(0, count) > Int.max - index ? Int.max : index + max(0, count)
        while index < end {
            let batchEnd = index + min(batchSize, end - index)
            var shown = ""
            let session = Session(useColor: false) { shown += $0 }
            session.environment.interpreter.limits = limits
            session.tracer.capacity = traceCapacity
            while index < batchEnd {
                let input = input(at: index)
                log?(input)
                // Alternate tracing so both paths are exercised.
                session.traceEnabled = (index / batchSize) % 2 == 0
                shown = ""
                let inputStart = DispatchTime.now().uptimeNanoseconds
                watchdog.begin(index)
                _ = session.handle(input.text)
                let timedOut = watchdog.end()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - inputStart) / 1e9
                if seconds > report.slowest.seconds { report.slowest = (index, seconds) }
                report.inputs += 1
                if timedOut {
                    report.failures.append(
                        Failure(
                            index: index, problem: "hang: still running after \(timeout) s",
                            input: input.text))
                }
                classify(shown, input: input, into: &report)
                index += 1
            }
            // The session must still work after everything the batch threw at it.
            // With tracing on, work still scheduled from earlier inputs may show a trace around
            // it; and the batch may have declared its own `print`, so `Swift.print` is tried too.
            session.traceEnabled = true
            var answered = false
            for probe in ["print(1+1)", "Swift.print(1+1)"] where !answered {
                shown = ""
                _ = session.handle(probe)
                answered = shown.split(separator: "\n").contains { $0 == "2" || $0.hasSuffix("» 2") }
            }
            if !answered {
                report.failures.append(
                    Failure(
                        index: index - 1,
                        problem: "session unusable after the batch: print(1+1) showed \(shown.debugDescription)",
                        input: input(at: index - 1).text))
            }
        }
        _ = uc_take_interrupt()
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        return report
    }

    /// Sorts what an input showed: output, a diagnostic, or nothing (declarations only).
    func classify(_ shown: String, input: Input, into report: inout Report) {
        let marker = "<input "
        guard let diagnosticLine = shown.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) else {
            if shown.isEmpty { report.silent += 1 } else { report.withOutput += 1 }
            return
        }
        // `<input N>:L:C: kind: message` or `<input N>: kind: message`
        let afterName = diagnosticLine.drop { $0 != ">" }.dropFirst()
        let kinds = ScriptErrorKinds.all
        guard let kind = kinds.first(where: { afterName.contains(": \($0): ") }) else {
            report.failures.append(
                Failure(
                    index: input.index, problem: "unclear error: \(diagnosticLine)",
                    input: input.text))
            return
        }
        report.errorsByKind[kind, default: 0] += 1
        let message = afterName.components(separatedBy: ": \(kind): ").last ?? ""
        if Self.looksInternal(message) {
            report.failures.append(
                Failure(
                    index: input.index, problem: "unclear error: \(diagnosticLine)",
                    input: input.text))
        }
    }

    /// An error text that is a Swift value dump rather than a sentence for the learner.
    /// Code the message quotes from the input ('…' or `…`) is the learner's own and is not judged.
    public static func looksInternal(_ message: String) -> Bool {
        let trimmed = message.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return true }
        let prose = withoutQuotedCode(trimmed)
        // After `uncaught error:` comes the thrown value as Swift describes it: a URLError is
        // Foundation's `Error Domain=NSURLErrorDomain Code=-999 "(null)"`, and the standard
        // library's `CancellationError` is `Swift.CancellationError()`, as compiled code
        // prints them. A dump of the interpreter's own types (`Swift.…`) is still internal.
        let describesThrownValue = prose.hasPrefix("uncaught error: ")
        let cancellation = "Swift.CancellationError()"
        if describesThrownValue, prose.contains(cancellation) {
            return looksInternal(prose.replacingOccurrences(of: cancellation, with: "CancellationError()"))
        }
        for internalName in [
            "OptionalChainExit", "Swift.", "Context(codingPath", "NSError", "Error Domain",
            "ThrownValue(",
        ] where !(describesThrownValue && (internalName == "NSError" || internalName == "Error Domain")) {
            if prose.contains(internalName) { return true }
        }
        return false
    }

    /// The message with every '…' and `…` span removed. A quote opens a span only at the start
    /// of a word, so the apostrophe in "doesn't" does not hide the rest of the sentence.
    static func withoutQuotedCode(_ message: String) -> String {
        var result = ""
        var closing: Character?
        var previous: Character = " "
        for character in message {
            if let open = closing {
                if character == open { closing = nil }
            } else if (character == "'" || character == "`") && (previous.isWhitespace || previous == "(") {
                closing = character
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }
}

enum ScriptErrorKinds {
    static let all = ["syntax error", "unsupported", "runtime error", "interrupted"]
}

/// Notices an input that runs too long: raises the interrupt flag (as Ctrl-C would) so the
/// input stops, and reports it. If even that does not stop it, the run cannot go on:
/// the process exits naming the input.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let timeout: Double
    private var current: (index: Int, started: UInt64)?
    private var fired = false
    private var running = true
    private var thread: Thread?

    init(timeout: Double) {
        self.timeout = timeout
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                lock.lock()
                guard running else {
                    lock.unlock()
                    return
                }
                if let current {
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - current.started) / 1e9
                    if elapsed > timeout, !fired {
                        fired = true
                        uc_raise_interrupt()
                    } else if elapsed > timeout * 3 {
                        FileHandle.standardError.write(
                            Data(
                                "fuzz: input \(current.index) hangs and ignores Ctrl-C; stopping\n".utf8))
                        _exit(3)
                    }
                }
                lock.unlock()
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        lock.lock()
        running = false
        lock.unlock()
    }

    func begin(_ index: Int) {
        lock.lock()
        current = (index, DispatchTime.now().uptimeNanoseconds)
        fired = false
        lock.unlock()
    }

    /// True when the input ran past the timeout.
    func end() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        current = nil
        let wasFired = fired
        fired = false
        if wasFired { _ = uc_take_interrupt() }
        return wasFired
    }
}
