import Foundation
import Testing
import UndercurrentLessons

/// A new learner, at a real terminal: the built `undercurrent` runs in tmux, and the test
/// types as a learner would — from lesson 1 to the end of lesson 3, running steps,
/// answering questions, pasting solutions and checking them — and reads the screen.
@Suite(.serialized) struct LessonsTerminalTests {
    /// The built program: beside the test bundle, or in the repository's .build/debug.
    static var binary: URL? {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executablePath ?? CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: bundle).deletingLastPathComponent()
            for _ in 0..<3 {
                candidates.append(directory.appendingPathComponent("undercurrent"))
                directory.deleteLastPathComponent()
            }
        }
        candidates.append(TestPaths.repository.appendingPathComponent(".build/debug/undercurrent"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A tmux server of its own, holding one session that runs the program.
    final class Terminal {
        let tmux: String
        let socket = "undercurrent-test-\(UUID().uuidString.prefix(8))"
        let session = "learner"

        init(tmux: String, command: [String], configuration: URL) throws {
            self.tmux = tmux
            try Data("set -g history-limit 100000\n".utf8).write(to: configuration)
            try run(
                ["-f", configuration.path, "new-session", "-d", "-s", session, "-x", "150", "-y", "50"] + command,
                output: false)
        }

        /// Runs a tmux command and returns what it printed. Spawned directly and waited for
        /// with waitpid: the tmux server that `new-session` starts outlives its client and
        /// keeps the descriptors it inherits, which makes Foundation's Process wait for ever.
        @discardableResult
        func run(_ arguments: [String], output: Bool = true) throws -> String {
            let file =
                output
                ? FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
                : "/dev/null"
            defer { if output { unlink(file) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, tmux, &actions, nil, argv, environ) == 0 else {
                throw TerminalError.timedOut("could not start tmux")
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            return output ? ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "") : ""
        }

        /// Types text and presses Return after each line (a paste, for several lines).
        func type(_ text: String) throws {
            try run(["set-buffer", "--", text + "\n"], output: false)
            try run(["paste-buffer", "-d", "-t", session], output: false)
        }

        /// Everything on the screen and in its scrollback, wrapped lines joined.
        func screen() throws -> String {
            try run(["capture-pane", "-p", "-J", "-t", session, "-S", "-", "-E", "-"])
        }

        /// Waits until `text` is on the screen `count` times.
        func waitFor(_ text: String, count: Int = 1, seconds: Double = 90) throws {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if try screen().components(separatedBy: text).count - 1 >= count { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            let tail = try screen().split(separator: "\n").suffix(40).joined(separator: "\n")
            throw TerminalError.timedOut("waited for \(count)× \"\(text)\"; the screen ends with:\n\(tail)")
        }

        func occurrences(_ text: String) throws -> Int {
            try screen().components(separatedBy: text).count - 1
        }

        var isRunning: Bool {
            ((try? run(["list-sessions"])) ?? "").contains(session)
        }

        /// Ends the server, and the program if it outlives it.
        func kill() {
            let pane = (try? run(["display-message", "-p", "-t", session, "#{pane_pid}"]))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            _ = try? run(["kill-server"], output: false)
            let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            unlink("\(directory)/tmux-\(getuid())/\(socket)")
            // Only if that process is still the program (its id is not yet someone else's).
            if let pane, pane > 0,
                let command = try? String(contentsOfFile: "/proc/\(pane)/cmdline", encoding: .utf8),
                command.contains("undercurrent")
            {
                Glibc.kill(pane, SIGKILL)
            }
        }
    }

    enum TerminalError: Error, CustomStringConvertible {
        case timedOut(String)
        var description: String {
            switch self {
            case .timedOut(let message): return message
            }
        }
    }

    @Test(.timeLimit(.minutes(10)), .enabled(if: tmuxPath != nil, "needs tmux (apt-get install tmux)"))
    func aNewLearnerGoesFromLessonOneToTheEndOfLessonThree() throws {
        let binary = try #require(Self.binary, "the undercurrent program is not built")
        let tmux = try #require(Self.tmuxPath, "tmux is not installed")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("learner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let lessonsDirectory = TestPaths.repository.appendingPathComponent("lessons")
        let environment = [
            "HOME=\(home.path)", "XDG_STATE_HOME=\(home.path)/state", "UNDERCURRENT_LESSONS=\(lessonsDirectory.path)",
            "TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin", "LANG=C.UTF-8",
        ]
        let terminal = try Terminal(
            tmux: tmux, command: ["env", "-i"] + environment + [binary.path],
            configuration: home.appendingPathComponent("tmux.conf"))
        defer { terminal.kill() }

        try terminal.waitFor("Undercurrent — Combine, traced.")
        try terminal.waitFor("undercurrent> ")
        // Input typed while the line editor is still setting up the terminal can be
        // dropped: type the first command again until it is answered.
        for attempt in 1...5 {
            Thread.sleep(forTimeInterval: 0.3 * Double(attempt))
            try terminal.type(":lesson 1")
            if (try? terminal.waitFor("━━ Lesson 1: Publishers and subscribers ━━", seconds: 5)) != nil { break }
        }
        try terminal.waitFor("━━ Lesson 1: Publishers and subscribers ━━")

        let library = LessonLibrary(directory: lessonsDirectory)
        var passed = 0
        var right = 0
        for number in 1...3 {
            let lesson = try #require(library.entry(number: number)?.lesson)
            let total = lesson.steps.count
            for (index, step) in lesson.steps.enumerated() {
                let position = "Lesson \(number): \(lesson.title), step \(index + 1) of \(total):"
                try terminal.waitFor("── Lesson \(number): \(lesson.title) · step \(index + 1) of \(total) ──")
                switch step.kind {
                case .reading:
                    break
                case .example:
                    try terminal.type(":run")
                case .prediction:
                    try terminal.type(step.prediction!.answers[0])
                    right += 1
                    try terminal.waitFor("✓ Right.", count: right)
                case .exercise:
                    try terminal.type(step.exercise!.solution.code)
                    try terminal.type(":check")
                    passed += 1
                    try terminal.waitFor("exercise passed!", count: passed)
                }
                // `:where` answers once everything typed before it has run.
                let before = try terminal.occurrences(position)
                try terminal.type(":where")
                try terminal.waitFor(position, count: before + 1)
                try terminal.type(":next")
            }
            try terminal.waitFor("✓ Lesson \(number): \(lesson.title) is done.")
        }
        try terminal.waitFor("━━ Lesson 4: A well-behaved subscription ━━")
        let screen = try terminal.screen()
        // Traces, with the demand after each call, and printed lines in place.
        #expect(screen.contains("Sequence.receive(subscriber: Sink#"))
        #expect(screen.contains("└─ Sequence.Inner#"))
        #expect(screen.contains("demand 0 → 2"))
        #expect(screen.contains("» Patient got 1"))
        #expect(screen.contains("CountdownSubscription#"))
        #expect(screen.contains("(added to your code for this exercise"))
        let lastExercise = try #require(library.entry(number: 3)?.lesson?.steps.last { $0.exercise != nil }?.exercise)
        #expect(
            screen.contains(
                "✓ All \(lastExercise.checks.count) checks pass in all \(lastExercise.drivers.count) runs: exercise passed!"
            ))
        #expect(!screen.contains("Unknown command"))
        let errors = screen.split(separator: "\n").filter {
            $0.range(of: #":[0-9]+:[0-9]+: (runtime error|syntax error|unsupported)"#, options: .regularExpression)
                != nil
        }
        #expect(errors.isEmpty, "errors on the screen: \(errors)")
        #expect(!screen.contains("\u{1B}["), "NO_COLOR is respected")

        try terminal.type(":lessons")
        try terminal.waitFor("exercises")
        try terminal.type(":quit")
        let deadline = Date().addingTimeInterval(20)
        while terminal.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }

        // The progress survived the session: `undercurrent lessons` shows it.
        let list = Process()
        list.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        list.arguments = ["-i"] + environment + [binary.path, "lessons"]
        let pipe = Pipe()
        list.standardOutput = pipe
        try list.run()
        let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        list.waitUntilExit()
        let lines = listing.split(separator: "\n").map(String.init)
        for number in 1...3 {
            let lesson = try #require(library.entry(number: number)?.lesson)
            let line = lines.first { $0.hasPrefix(String(number).leftPadded(3) + "  ") }
            #expect(line?.contains("done") == true, "\(listing)")
            #expect(line?.contains("\(lesson.exerciseCount)/\(lesson.exerciseCount) passed") == true, "\(listing)")
        }
        #expect(lines.first { $0.hasPrefix("  4  ") }?.contains("in progress") == true, "\(listing)")
        #expect(lines.first { $0.hasPrefix("  5  ") }?.contains("not started") == true, "\(listing)")
        let progress = try Data(contentsOf: home.appendingPathComponent("state/undercurrent/progress.json"))
        #expect(try JSONDecoder().decode(LessonProgressRecord.self, from: progress).lessons.count == 4)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
