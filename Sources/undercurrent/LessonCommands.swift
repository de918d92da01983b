import ArgumentParser
import Foundation
import UndercurrentLessons
import UndercurrentSession

/// `undercurrent lessons`: the lessons with the learner's progress.
struct LessonsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons", abstract: "List the lessons, with your progress in each.")

    @Flag(name: .customLong("no-color"), help: "Do not colour the output.")
    var noColor = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let library = LessonLibrary(directory: LessonLibrary.locate(environment: environment))
        let store = ProgressStore(directory: StateDirectory.resolve(environment: environment))
        for message in store.takeMessages() { FileHandle.standardError.write(Data(("note: " + message + "\n").utf8)) }
        let colored = !noColor && environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) != 0
        let renderer = LessonTextRenderer(useColor: colored, width: TerminalWidth.forText(environment: environment))
        print(LessonListing.lines(library, store, renderer: renderer).joined(separator: "\n"))
        if !library.entries.isEmpty {
            print("\n`undercurrent lesson N` starts or resumes lesson N.")
        }
    }
}

/// `undercurrent lesson N`, `undercurrent lesson FILE`, `undercurrent lesson lint FILE`.
struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Start or resume a lesson in the REPL, or check a lesson file.",
        discussion: """
            Examples:
              undercurrent lesson 3                  start or resume lesson 3
              undercurrent lesson my-lesson.md       take a lesson file of your own
              undercurrent lesson check 3.2          judge your code for lesson 3, exercise 2
              undercurrent lesson watch              judge the current exercise on every save
              undercurrent lesson lint my-lesson.md  check a lesson file
            The lesson format is described in lessons/README.md.
            """,
        subcommands: [
            LessonStartCommand.self, LessonCheckCommand.self, LessonWatchCommand.self, LessonLintCommand.self,
        ],
        defaultSubcommand: LessonStartCommand.self)
}

struct LessonStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Open the REPL at a lesson: a number from `undercurrent lessons`, or a lesson file of your own.")

    @Argument(help: "A lesson number, or the path of a lesson file.")
    var lesson: String

    @Flag(name: .customLong("no-color"), help: "Do not colour the output.")
    var noColor = false

    func validate() throws {
        if let number = Int(lesson) {
            let count = LessonLibrary(directory: LessonLibrary.locate()).entries.count
            guard count > 0 else {
                throw ValidationError("no lessons were found: set UNDERCURRENT_LESSONS to the lessons directory")
            }
            guard (1...count).contains(number) else {
                throw ValidationError("there is no lesson \(number): lessons go from 1 to \(count)")
            }
        } else {
            guard FileManager.default.fileExists(atPath: (lesson as NSString).expandingTildeInPath) else {
                throw ValidationError("\(lesson) is neither a lesson number nor a lesson file")
            }
            let parsed = LessonParser.parseFile(at: (lesson as NSString).expandingTildeInPath)
            if !parsed.errors.isEmpty {
                let report = parsed.errors.map { $0.formatted(file: lesson) }.joined(separator: "\n")
                throw ValidationError(
                    "\(lesson) has format errors (undercurrent lesson lint shows them all):\n\(report)")
            }
        }
    }

    func run() throws {
        try REPLCommand.parse((noColor ? ["--no-color"] : []) + ["--lesson", lesson]).run()
    }
}

struct LessonLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Check a lesson file: its format, and that its code runs, its solutions pass and its starters do not.",
        discussion: "Problems are listed as FILE:LINE: error: message. The exit status is 1 when there is an error.")

    @Argument(help: "Lesson files to check.")
    var files: [String]

    @Flag(name: .customLong("no-run"), help: "Check the format only; do not run the lesson's code.")
    var noRun = false

    @Option(
        name: .customLong("programs"),
        help: ArgumentHelp(
            "Also write every exercise's programs (given code, a solution, a run's code) to DIRECTORY as .swift files, to compare with compiled Combine (scripts/oracle-lessons).",
            valueName: "DIRECTORY"))
    var programs: String?

    func run() throws {
        var failed = false
        if let programs {
            for file in files {
                let parsed = LessonParser.parseFile(at: (file as NSString).expandingTildeInPath)
                guard let lesson = parsed.lesson else { continue }
                try LessonPrograms.write(lesson, to: URL(fileURLWithPath: programs))
            }
        }
        for file in files {
            let diagnostics = LessonLinter.lint(file: (file as NSString).expandingTildeInPath, runCode: !noRun)
            for diagnostic in diagnostics { print(diagnostic.formatted(file: file)) }
            let errors = diagnostics.filter { $0.severity == .error }.count
            if errors > 0 { failed = true }
            let warnings = diagnostics.count - errors
            if diagnostics.isEmpty {
                print("\(file): no problems found" + (noRun ? " (format only)" : ""))
            } else {
                print(
                    "\(file): \(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")"
                )
            }
        }
        if failed { throw ExitCode(1) }
    }
}

/// What the REPL needs for lessons: the lesson controller joined to its session, and the
/// lesson to open first.
enum LessonREPL {
    static func attach(to session: Session, startingWith lesson: String?) {
        let controller = LessonController.attach(to: session) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        controller.reportStoreMessages()
        if let lesson { controller.startLesson(lesson, in: session) }
    }
}

/// What the shell commands on exercises share: the lessons, the learner's progress and
/// exercise files, and how to write.
/// Unchecked: a command hands it to the large-stack thread once, and waits.
struct ExerciseShell: @unchecked Sendable {
    let environment = ProcessInfo.processInfo.environment
    let library: LessonLibrary
    let store: ProgressStore
    let files: ExerciseFiles
    let renderer: LessonTextRenderer

    init(noColor: Bool) {
        library = LessonLibrary(directory: LessonLibrary.locate(environment: environment))
        store = ProgressStore(directory: StateDirectory.resolve(environment: environment))
        files = ExerciseFiles.resolve(environment: environment, stateDirectory: store.directory)
        let colored = !noColor && environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) != 0
        renderer = LessonTextRenderer(useColor: colored, width: TerminalWidth.forText(environment: environment))
        for message in store.takeMessages() { Self.complain("note: " + message) }
    }

    static func complain(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func say(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

/// `undercurrent lesson check N.M [FILE]`: judges a solution as `:check` does.
struct LessonCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Judge your code for an exercise, as :check does.",
        discussion: """
            N.M is lesson N's Mth exercise. Without FILE, your exercise file is judged (the one
            :edit opens; it is made from the starter code if it does not exist yet).
            Exit status: 0 when every check passes, 1 when one fails, 2 when it could not run
            (no such exercise, a file that cannot be read).
            """)

    @Argument(help: "The exercise: LESSON.EXERCISE, like 3.2.")
    var exercise: String

    @Argument(help: "A Swift file to judge instead of your exercise file.")
    var file: String?

    @Flag(name: .customLong("no-color"), help: "Do not colour the output.")
    var noColor = false

    func run() throws {
        let shell = ExerciseShell(noColor: noColor)
        let target: ShellExercise
        switch ShellExercise.locate(exercise, in: shell.library) {
        case .success(let found): target = found
        case .failure(let error):
            ExerciseShell.complain("undercurrent lesson check: \(error)")
            throw ExitCode(2)
        }
        let url: URL
        if let file {
            url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        } else if let own = shell.files.ensureFile(for: target.lesson, step: target.stepIndex) {
            url = own
        } else {
            ExerciseShell.complain(
                "undercurrent lesson check: there is nowhere to keep your exercise file (set HOME or XDG_DATA_HOME), so name a FILE"
            )
            throw ExitCode(2)
        }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            ExerciseShell.complain("undercurrent lesson check: cannot read \(url.path)")
            throw ExitCode(2)
        }
        ExerciseShell.say(target.introduction(file: url, renderer: shell.renderer) + [""])
        let (lines, passed) = LargeStack.run {
            target.check(code: LessonController.parts(of: text), store: shell.store, renderer: shell.renderer)
        }
        ExerciseShell.say(lines)
        for message in shell.store.takeMessages() { ExerciseShell.complain("note: " + message) }
        if !passed { throw ExitCode(1) }
    }
}

/// `undercurrent lesson watch [N.M]`: judges the current exercise on every save of its file.
struct LessonWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Judge the current exercise every time its file is saved; move on when it passes.",
        discussion: """
            Without N.M, the exercise is the one you are at: the first not yet passed, from where
            you left the last lesson. Edit its file (the path is shown) in any editor; every save
            is judged as :check judges. Ctrl-C stops.
            """)

    @Argument(help: "The exercise to start from: LESSON.EXERCISE, like 3.2.")
    var exercise: String?

    @Flag(name: .customLong("no-color"), help: "Do not colour the output.")
    var noColor = false

    @Option(name: .customLong("interval"), help: "Seconds between looks at the file.")
    var interval: Double = 0.5

    func run() throws {
        let shell = ExerciseShell(noColor: noColor)
        var start: ShellExercise?
        if let exercise {
            switch ShellExercise.locate(exercise, in: shell.library) {
            case .success(let found): start = found
            case .failure(let error):
                ExerciseShell.complain("undercurrent lesson watch: \(error)")
                throw ExitCode(2)
            }
        } else {
            start = ShellExercise.current(in: shell.library, store: shell.store)
        }
        let watcher = ExerciseWatcher(
            starting: start, library: shell.library, store: shell.store, files: shell.files,
            renderer: shell.renderer, write: { FileHandle.standardOutput.write(Data($0.utf8)) })
        if start != nil, watcher.file == nil {
            ExerciseShell.complain(
                "undercurrent lesson watch: there is nowhere to keep your exercise file (set HOME or XDG_DATA_HOME)")
            throw ExitCode(2)
        }
        LargeStack.run {
            watcher.start()
            while watcher.poll() {
                Thread.sleep(forTimeInterval: max(0.05, interval))
            }
        }
    }
}
