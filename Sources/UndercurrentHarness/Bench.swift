import Foundation
import UndercurrentInterpreter
import UndercurrentSession
import UndercurrentTrace

/// `undercurrent bench`: the same programs natively compiled and interpreted, side by
/// side in one run; what a learner waits for; and what the trace costs in memory.
/// Meaningful only in a release build (`swift build -c release`).
public struct Bench {
    public struct Options: Sendable {
        /// Multiplies each workload's N (0.1 for a quick run).
        public var scale = 1.0
        /// Timed repetitions per measurement (the median is reported).
        public var runs = 5
        public var corpusDirectory = "Tests/UndercurrentTests/Snippets"
        public var lessonsDirectory = "lessons"
        /// The binary to start for start-up, first-input and Ctrl-C timings; nil: this one.
        public var executable: String?
        public var sections: Set<Section> = Set(Section.allCases)
        /// How many of the slowest snippets and lesson steps the latency section lists.
        public var slowestListed = 0
        /// Reads the lessons directory: each lesson's step inputs, and a note on what was skipped.
        public var lessonLoader: (@Sendable (String) -> ([LessonInputs], String?))?

        public init() {}
    }

    public enum Section: String, CaseIterable, Sendable {
        case throughput, startup, latency, memory, suspension
    }

    public let options: Options
    private let write: (String) -> Void

    public init(options: Options, write: @escaping (String) -> Void) {
        self.options = options
        self.write = write
    }

    /// Runs on the calling thread, which must have a large stack (the CLI's main does).
    public func run() {
        #if DEBUG
            write("note: this is a debug build; figures are only meaningful from `swift build -c release`.\n\n")
        #endif
        if options.sections.contains(.throughput) { throughput() }
        if options.sections.contains(.startup) { startup() }
        if options.sections.contains(.latency) { latency() }
        if options.sections.contains(.memory) { memory() }
        if options.sections.contains(.suspension) { suspension() }
    }

    // MARK: - Throughput: native vs interpreted

    public struct ThroughputRow: Sendable {
        public var workload: String
        public var n: Int
        public var unit: String
        public var nativeOff, interpretedOff, nativeOn, interpretedOn: Double
        public var events: Int
        public var checksumsAgree: Bool
        public var ratioOff: Double { interpretedOff / nativeOff }
        public var ratioOn: Double { interpretedOn / nativeOn }
        public var tracingCost: Double { interpretedOn / interpretedOff }
    }

    public func measureThroughput(_ workload: BenchWorkload) -> ThroughputRow {
        let source = workload.script()
        // Warm up both (lazy caches, first-use costs), and check they agree.
        let nativeResult = workload.runNative()
        let interpretedResult = Self.interpret(source).output
        let agree = interpretedResult.trimmingCharacters(in: .whitespacesAndNewlines) == String(nativeResult)
        let nativeRuns = max(options.runs, 9)
        let nativeOff = Measure.median(
            (0..<nativeRuns).map { _ in Measure.time { Self.blackHole(workload.runNative()) } })
        let nativeOn = Measure.median(
            (0..<nativeRuns).map { _ in
                let tracer = Tracer()
                return Measure.time {
                    tracer.start()
                    Self.blackHole(workload.runNative())
                    tracer.stop()
                }
            })
        let interpretedOff = Measure.median(
            (0..<options.runs).map { _ in Self.interpret(source).seconds })
        var events = 0
        let interpretedOn = Measure.median(
            (0..<options.runs).map { _ in
                let run = Self.answerInREPL(source)
                events = run.events
                return run.seconds
            })
        return ThroughputRow(
            workload: workload.name, n: workload.n, unit: workload.unit, nativeOff: nativeOff,
            interpretedOff: interpretedOff, nativeOn: nativeOn, interpretedOn: interpretedOn,
            events: events, checksumsAgree: agree)
    }

    @inline(never)
    static func blackHole(_ value: Int) {
        if value == Int.min { print("") }
    }

    /// Runs `source` as one input of a fresh REPL session, tracing on as the REPL starts: the
    /// run, with every call recorded and checked, and the trace the REPL then shows (a long
    /// one summarised, only its shown events spelled out). Only that input is timed (the
    /// session is made before; its cost is part of the start-up figure).
    public static func answerInREPL(_ source: String) -> (seconds: Double, shown: String, events: Int) {
        var shown = ""
        let session = Session(useColor: false) { shown += $0 }
        let seconds = Measure.time { _ = session.handle(source) }
        return (seconds, shown, session.tracer.recordedEvents.count + session.tracer.droppedCount)
    }

    /// Runs `source` in a fresh environment as `undercurrent run` does, without tracing. Only
    /// the run is timed (the environment is made before; its cost is part of the start-up
    /// figure).
    public static func interpret(_ source: String) -> (seconds: Double, output: String, error: String?) {
        var output = ""
        let environment = ScriptEnvironment { output += $0 }
        var failure: String?
        let seconds = Measure.time {
            do {
                try environment.interpreter.run(source: source, fileName: "bench.swift")
            } catch {
                failure = "\(error)"
            }
        }
        return (seconds, output, failure)
    }

    func throughput() {
        write("Throughput: the same program compiled natively against OpenCombine and interpreted\n")
        write("(median of \(options.runs) runs; interp+trace = the program as one REPL input, tracing on: every call\n")
        write("recorded and checked, and the trace the REPL shows after it)\n\n")
        var table = TextTable([
            "workload", "N", "native", "interpreted", "interp/native",
            "native+trace", "interp+trace", "interp/native", "trace on/off", "events",
        ])
        var disagreements: [String] = []
        var rows: [ThroughputRow] = []
        for workload in BenchWorkload.all(scale: options.scale) {
            let row = measureThroughput(workload)
            rows.append(row)
            if !row.checksumsAgree { disagreements.append(workload.name) }
            table.add([
                row.workload + (row.checksumsAgree ? "" : " (!)"), "\(row.n) \(row.unit)",
                Measure.duration(row.nativeOff), Measure.duration(row.interpretedOff),
                Measure.ratio(row.ratioOff), Measure.duration(row.nativeOn), Measure.duration(row.interpretedOn),
                Measure.ratio(row.ratioOn), Measure.ratio(row.tracingCost), "\(row.events)",
            ])
        }
        write(table.render())
        write("targets: interpreted/native ≤ 10× with tracing off; interpreted tracing on/off ≤ 2×\n")
        let short = rows.filter { $0.nativeOff < 0.02 }.map(\.workload)
        if !short.isEmpty {
            write(
                "(!) native runs under 20 ms are noise on a busy machine; raise --scale for: \(short.joined(separator: ", "))\n"
            )
        }
        if !disagreements.isEmpty {
            write(
                "(!) the interpreted run printed a different checksum from the native one: \(disagreements.joined(separator: ", "))\n"
            )
        }
        write("\n")
    }

    // MARK: - Start-up, first input, Ctrl-C (child processes on a pseudo-terminal)

    public struct ProcessTimings: Sendable {
        public var toPrompt: [Double] = []
        public var firstInput: [Double] = []
        public var interrupt: [Double] = []
        public var exitWithClosedInput: [Double] = []
        public var declarationsKept = true
        public var problems: [String] = []
    }

    public func measureProcesses(repetitions: Int) -> ProcessTimings {
        var timings = ProcessTimings()
        let executable = options.executable ?? ChildProcess.currentExecutable
        let stateDirectory = NSTemporaryDirectory() + "undercurrent-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        let environment = ChildProcess.environment(stateDirectory: stateDirectory)
        let prompt = "undercurrent> "
        for repetition in 0..<repetitions {
            do {
                // Process start → the prompt drawn on the terminal.
                let started = Measure.now()
                let child = try ChildProcess(onTerminal: executable, arguments: [], environment: environment)
                guard let shown = child.waitFor(prompt, after: 0, timeout: 10) else {
                    timings.problems.append("no prompt within 10 s: \(child.transcriptText.suffix(200))")
                    continue
                }
                timings.toPrompt.append(Double(shown.seen - started) / 1e9)
                // The first input: Enter → its answer and the next prompt.
                let beforeInput = Measure.now()
                child.type("let kept = 41; print(kept + 1)\r")
                guard let answered = child.waitFor(prompt, after: shown.end, timeout: 10) else {
                    timings.problems.append("first input got no answer")
                    continue
                }
                timings.firstInput.append(Double(answered.seen - beforeInput) / 1e9)
                // Ctrl-C during an endless loop → the prompt again, declarations kept.
                child.type("while true {}\r")
                let running = child.waitFor("while true {}", after: answered.end, timeout: 5)
                usleep(300_000)
                let beforeInterrupt = Measure.now()
                child.type("\u{03}")
                guard let back = child.waitFor(prompt, after: running?.end ?? answered.end, timeout: 10) else {
                    timings.problems.append("Ctrl-C did not bring the prompt back within 10 s")
                    continue
                }
                timings.interrupt.append(Double(back.seen - beforeInterrupt) / 1e9)
                child.type("print(kept + 1)\r")
                if child.waitFor("42", after: back.end, timeout: 5) == nil { timings.declarationsKept = false }
                child.type(":quit\r")
                child.waitForExit(timeout: 5)
            } catch {
                timings.problems.append("\(error)")
                break
            }
            _ = repetition
        }
        for _ in 0..<repetitions {
            // Standard input on /dev/null: start, read end-of-file, exit.
            let started = Measure.now()
            guard let child = try? ChildProcess(silent: executable, arguments: [], environment: environment) else {
                break
            }
            if child.waitForExit(timeout: 10) != nil {
                timings.exitWithClosedInput.append(Double(Measure.now() - started) / 1e9)
            }
        }
        return timings
    }

    func startup() {
        let repetitions = 10
        write("Start-up and interaction (the binary on a pseudo-terminal, \(repetitions) runs)\n\n")
        let timings = measureProcesses(repetitions: repetitions)
        var table = TextTable(["measure", "median", "worst", "target"])
        func add(_ name: String, _ values: [Double], _ target: String) {
            table.add([name, Measure.duration(Measure.median(values)), Measure.duration(values.max() ?? .nan), target])
        }
        add("process start → first prompt", timings.toPrompt, "< 150 ms")
        add("first input (Enter → answer + prompt)", timings.firstInput, "< 50 ms")
        add("Ctrl-C in `while true {}` → prompt", timings.interrupt, "< 100 ms")
        add("start → exit, stdin at EOF (/dev/null)", timings.exitWithClosedInput, "")
        write(table.render())
        write("declarations kept after Ctrl-C: \(timings.declarationsKept ? "yes" : "NO")\n")
        for problem in timings.problems { write("problem: \(problem)\n") }
        write("\n")
    }

    // MARK: - Per-input latency: corpus snippets and lesson steps

    public struct LatencySample: Sendable {
        public var name: String
        public var seconds: Double
    }

    /// Each corpus snippet as one REPL input (tracing on, as the REPL starts), in a fresh
    /// session; the median of three runs per snippet.
    public func corpusLatencies() -> [LatencySample] {
        let snippets = Fuzzer.loadSnippets(from: options.corpusDirectory)
        return snippets.map { snippet in
            let times = (0..<3).map { _ -> Double in
                let session = Session(useColor: false) { _ in }
                return Measure.time { _ = session.handle(snippet.source) }
            }
            return LatencySample(name: snippet.name, seconds: Measure.median(times))
        }
    }

    /// The code of one lesson, step by step, as the lesson runs it: each inner array is
    /// one step's inputs in order. The CLI reads lesson files (UndercurrentLessons) and
    /// hands them over, so this module does not depend on the lesson format.
    public struct LessonInputs: Sendable {
        public var lesson: String
        public var steps: [[String]]

        public init(lesson: String, steps: [[String]]) {
            self.lesson = lesson
            self.steps = steps
        }
    }

    /// Every lesson step's code: a session per lesson, each step's inputs in order.
    public func lessonLatencies() -> (samples: [LatencySample], note: String?) {
        guard let loader = options.lessonLoader else { return ([], "no lesson loader") }
        let (lessons, note) = loader(options.lessonsDirectory)
        var samples: [LatencySample] = []
        for lesson in lessons {
            let session = Session(useColor: false) { _ in }
            for (number, inputs) in lesson.steps.enumerated() {
                for (blockNumber, input) in inputs.enumerated() {
                    let seconds = Measure.time { _ = session.handle(input) }
                    samples.append(
                        LatencySample(
                            name: "\(lesson.lesson) step \(number + 1).\(blockNumber + 1)",
                            seconds: seconds))
                }
            }
        }
        return (samples, note)
    }

    func latency() {
        write("Per-input latency in the REPL (tracing on; parse + run + trace rendering)\n\n")
        var table = TextTable(["inputs", "count", "median", "worst", "worst input", "target (worst)"])
        let corpus = corpusLatencies()
        func add(_ name: String, _ samples: [LatencySample]) {
            let worst = samples.max { $0.seconds < $1.seconds }
            table.add([
                name, "\(samples.count)", Measure.duration(Measure.median(samples.map(\.seconds))),
                // Every snippet and lesson step is to answer within 5 ms: a REPL input should feel instant.
                Measure.duration(worst?.seconds ?? .nan), worst?.name ?? "—", "< 5 ms",
            ])
        }
        add("snippets (\(options.corpusDirectory))", corpus)
        let lessons = lessonLatencies()
        add("lesson steps (\(options.lessonsDirectory))", lessons.samples)
        write(table.render())
        if let note = lessons.note { write("note: \(note)\n") }
        write("\n")
        if options.slowestListed > 0 {
            write(slowestTable("snippets", corpus))
            write(slowestTable("lesson steps", lessons.samples))
        }
    }

    /// The `slowestListed` slowest of `samples`, slowest first.
    private func slowestTable(_ kind: String, _ samples: [LatencySample]) -> String {
        var table = TextTable(["slowest \(kind)", "time"])
        for sample in samples.sorted(by: { $0.seconds > $1.seconds }).prefix(options.slowestListed) {
            table.add([sample.name, Measure.duration(sample.seconds)])
        }
        return table.render() + "\n"
    }

    // MARK: - Memory of the trace

    public struct MemoryProbe: Sendable {
        public var events = 0
        public var peakBytes = 0
        public var retainedBytes = 0
    }

    /// The probe's script: one million values through a sink, each a traced call.
    public static func memoryProbeSource(values: Int) -> String {
        """
        import Combine
        var last = 0
        let c = (1...\(values)).publisher.sink { last = $0 }
        print(last)
        """
    }

    /// Runs in a child process (`bench --memory-probe MODE`) so its peak is its own.
    /// Modes: `off` (no tracing), `unbounded` (every event kept), `default` (the REPL's cap).
    public static func memoryProbe(mode: String, values: Int = 999_996) -> MemoryProbe {
        let before = Measure.memory()
        let source = memoryProbeSource(values: values)
        let tracer = Tracer()
        if mode == "unbounded" { tracer.capacity = Int.max }
        let environment = ScriptEnvironment { tracer.recordOutput($0) }
        environment.interpreter.deinitObservers.append { tracer.recordDeinit(of: $0, type: $1) }
        if mode != "off" { tracer.start() }
        try? environment.interpreter.run(source: source, fileName: "probe.swift")
        tracer.stop()
        let after = Measure.memory()
        return MemoryProbe(
            events: tracer.recordedEvents.count + tracer.droppedCount, peakBytes: after.peak,
            retainedBytes: after.resident - before.resident)
    }

    func runProbe(_ mode: String) -> MemoryProbe? {
        let executable = options.executable ?? ChildProcess.currentExecutable
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["bench", "--memory-probe", mode]
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var probe = MemoryProbe()
        for field in text.split(whereSeparator: \.isWhitespace) {
            let parts = field.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { continue }
            switch parts[0] {
            case "events": probe.events = value
            case "peak": probe.peakBytes = value
            case "retained": probe.retainedBytes = value
            default: break
            }
        }
        return probe.peakBytes > 0 ? probe : nil
    }

    func suspension() {
        write("Suspension: what pausing a body costs, by the design chosen and the ones it was chosen over\n\n")
        let figures = SuspensionCost.measure(scale: options.scale, runs: options.runs)
        func nanoseconds(_ seconds: Double) -> String { String(format: "%.1f ns", seconds * 1e9) }
        var table = TextTable(["measurement", "per operation", "vs a plain closure call"])
        table.add(["plain closure call (what every engine call is today)", nanoseconds(figures.syncCall), "1.0×"])
        table.add([
            "async closure call, not suspending (an async-closure engine)", nanoseconds(figures.asyncCall),
            Measure.ratio(figures.asyncCall / figures.syncCall),
        ])
        table.add([
            "call allocating a continuation (heap frames / CPS)", nanoseconds(figures.continuationCall),
            Measure.ratio(figures.continuationCall / figures.syncCall),
        ])
        table.add([
            "coroutine pause + resume (the design chosen; only at a suspension)",
            nanoseconds(figures.coroutineSwitch), Measure.ratio(figures.coroutineSwitch / figures.syncCall),
        ])
        table.add([
            "interpreted pause() that suspends and is resumed", nanoseconds(figures.scriptPause),
            Measure.ratio(figures.scriptPause / figures.syncCall),
        ])
        write(table.render())
        write("code that never suspends pays nothing for coroutines: it runs the same engine\n\n")
    }

    func memory() {
        write("Memory of the trace: 1,000,000 values through a sink (each a traced call), in child processes\n\n")
        guard let off = runProbe("off"), let unbounded = runProbe("unbounded"), let capped = runProbe("default") else {
            write("the memory probe did not run\n\n")
            return
        }
        let perEvent = Double(unbounded.peakBytes - off.peakBytes) / Double(max(1, unbounded.events))
        let retainedPerEvent = Double(unbounded.retainedBytes - off.retainedBytes) / Double(max(1, unbounded.events))
        var table = TextTable(["run", "events recorded", "peak RSS (VmHWM)"])
        table.add(["tracing off", "0", Measure.megabytes(off.peakBytes)])
        table.add(["tracing on, every event kept", "\(unbounded.events)", Measure.megabytes(unbounded.peakBytes)])
        table.add([
            "tracing on, REPL cap (\(Tracer().capacity) events)", "\(capped.events)",
            Measure.megabytes(capped.peakBytes),
        ])
        write(table.render())
        write(
            String(
                format:
                    "bytes per recorded event: %.0f (peak difference), %.0f (resident difference); recorded event stride %d bytes; target ≤ 150\n\n",
                perEvent, retainedPerEvent, Tracer.recordedEventStride))
    }
}
