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
              undercurrent lesson lint my-lesson.md  check a lesson file
            The lesson format is described in lessons/README.md.
            """,
        subcommands: [LessonStartCommand.self, LessonLintCommand.self],
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
