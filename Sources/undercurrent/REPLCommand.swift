import ArgumentParser
import Foundation
import UndercurrentLineEditor
import UndercurrentSession

struct REPLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Start the interactive prompt (the default).")

    @Flag(name: .customLong("no-color"), help: "Do not colour the output.")
    var noColor = false

    @Option(help: "Open this lesson first: its number (see `undercurrent lessons`) or a lesson file.")
    var lesson: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let editor = LineEditor(historyFile: LineEditor.defaultHistoryPath(environment: environment))
        let colored = !noColor && environment["NO_COLOR"] == nil && editor.isInteractive
        let session = Session(useColor: colored) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        editor.completer = { prefix in session.completions(for: prefix) }
        if editor.isInteractive {
            print("Undercurrent — Combine, traced. Type :help for commands, :quit to leave.")
        }
        LessonREPL.attach(to: session, startingWith: lesson)
        loop: while true {
            switch editor.readInput(
                prompt: session.prompt, continuationPrompt: "          ...> ",
                isComplete: InputCompleteness.isComplete)
            {
            case .line(let input):
                if session.handle(input) == .quit { break loop }
            case .interrupted:
                continue
            case .endOfFile:
                if editor.isInteractive { print("") }
                break loop
            }
        }
    }
}
