import Foundation
import UndercurrentLessons
import UndercurrentSession

/// Feeds the lesson loader, the linter and the lesson commands broken files: every lesson
/// file mutated as a stranger's might be (lines dropped, tokens swapped, numbers made extreme,
/// control characters, truncation), and progress files mutated the same way, then used by
/// `:lesson`, `:hint`, `:check`, `:solution`, `:next` and `:back`. Input N depends only on the
/// seed and N.
///
/// What passing means: the process never traps and every file is parsed, linted or loaded
/// to an answer (a lesson, diagnostics, a repaired or set-aside progress file).
public final class FileFuzzer {
    public struct Report: Sendable {
        public var lessonFiles = 0
        public var refusedLessons = 0
        public var lintedWithCode = 0
        public var progressFiles = 0
        public var progressMessages = 0
        public var seconds = 0.0

        public var summary: String {
            """
            \(lessonFiles + progressFiles) files in \(String(format: "%.1f", seconds)) s: \(lessonFiles) lesson files \
            (\(refusedLessons) refused with diagnostics, \(lintedWithCode) linted running their code), \
            \(progressFiles) progress files (\(progressMessages) repaired or set aside with a message); 0 traps
            """
        }
    }

    public let seed: UInt64
    public let lessonsDirectory: URL
    private let lessonTexts: [(name: String, text: String)]
    /// Which lessons' code a linted file runs: one in this many.
    public var runCodeEvery = 16
    /// Called with each file's index and kind before it is used (to name the culprit of a trap).
    public var log: ((Int, String) -> Void)?

    public init(seed: UInt64, lessonsDirectory: URL) {
        self.seed = seed
        self.lessonsDirectory = lessonsDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: lessonsDirectory.path)) ?? []
        lessonTexts = names.filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: lessonsDirectory.appendingPathComponent(name), encoding: .utf8)
            else { return nil }
            return (name, text)
        }
    }

    /// Lesson file N, mutated, and where it came from.
    public func lessonFile(at index: Int) -> (name: String, text: String) {
        var rng = SplitMix64.forItem(index, seed: seed)
        guard !lessonTexts.isEmpty else { return ("empty.md", "") }
        let (name, original) = lessonTexts[index % lessonTexts.count]
        var (text, _) = FuzzMutator.mutate(original, rng: &rng)
        if rng.chance(0.2) {
            // Control characters and escape sequences a stranger's file could hold.
            var characters = Array(text)
            let inserted = rng.pick(["\u{1B}[2J", "\u{1B}]52;c;aGk=\u{07}", "\u{0}", "\u{202E}", "\r", "\u{8}"])
            characters.insert(contentsOf: inserted, at: rng.below(characters.count + 1))
            text = String(characters)
        }
        return (name, text)
    }

    /// Progress file N: a valid one for the library's lessons, mutated.
    public func progressFile(at index: Int, lessonIDs: [String]) -> String {
        var rng = SplitMix64.forItem(index, seed: seed ^ 0x5052_4F47)
        let id = lessonIDs.isEmpty ? "demand" : rng.pick(lessonIDs)
        let valid = """
            {"version": 1, "lastLesson": "\(id)", "lessons": {"\(id)": {"currentStep": 3, "completedSteps": [1, 2],
             "predictions": {"2": true}, "exercises": {"3": {"passed": false, "solutionShown": false,
             "hintsShown": 1, "failedChecks": 2}, "4": {"passed": true, "solutionShown": true, "hintsShown": 0,
             "failedChecks": 0}}}}}
            """
        return FuzzMutator.mutate(valid, rng: &rng).0
    }

    /// Runs files `start..<start+count`: even ones lesson files, odd ones progress files.
    /// Call from a thread with a large stack (`LargeStack.run`).
    public func run(start: Int = 0, count: Int) -> Report {
        var report = Report()
        let began = DispatchTime.now().uptimeNanoseconds
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "undercurrent-file-fuzz-\(getpid())-\(seed)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let library = LessonLibrary(directory: lessonsDirectory)
        let lessonIDs = library.entries.compactMap { $0.lesson?.id }
        let end = max(0, count) > Int.max - max(0, start) ? Int.max : max(0, start) + max(0, count)
        for index in max(0, start)..<end {
            if index % 2 == 0 {
                let (name, text) = lessonFile(at: index / 2)
                log?(index, "lesson file from \(name)")
                let path = scratch.appendingPathComponent("lesson-\(index).md").path
                guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: path))) != nil else { continue }
                let runCode = (index / 2) % runCodeEvery == 0
                let diagnostics = LessonLinter.lint(file: path, runCode: runCode)
                report.lessonFiles += 1
                if runCode { report.lintedWithCode += 1 }
                if diagnostics.contains(where: { $0.severity == .error }) { report.refusedLessons += 1 }
                try? FileManager.default.removeItem(atPath: path)
            } else {
                log?(index, "progress file")
                let state = scratch.appendingPathComponent("state-\(index)")
                try? FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
                let json = progressFile(at: index / 2, lessonIDs: lessonIDs)
                try? Data(json.utf8).write(to: state.appendingPathComponent("progress.json"))
                report.progressMessages += useProgress(in: state, library: library)
                report.progressFiles += 1
                try? FileManager.default.removeItem(at: state)
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        return report
    }

    /// Opens the last lesson of a progress file and uses the commands that count with its
    /// numbers; returns how many messages the store had about the file.
    private func useProgress(in state: URL, library: LessonLibrary) -> Int {
        let store = ProgressStore(directory: state)
        var shown = ""
        let session = Session(useColor: false) { shown += $0 }
        session.environment.interpreter.limits.maxSteps = 100_000
        let controller = LessonController(
            library: library, store: store, environment: ["XDG_DATA_HOME": state.path], width: { 80 },
            write: { shown += $0 })
        session.sessionExtension = controller
        controller.reportStoreMessages()
        let messages = shown.components(separatedBy: "note: ").count - 1
        for command in [":lessons", ":lesson 4", ":where", ":hint", ":check", ":solution", ":next", ":back", ":step 3"]
        {
            _ = session.handle(command)
        }
        return messages
    }
}
