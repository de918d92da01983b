import ArgumentParser

struct Undercurrent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undercurrent",
        abstract: "Learn how Combine works inside: run Combine code and watch every call it makes.",
        subcommands: [
            REPLCommand.self, RunCommand.self, BenchCommand.self, FuzzCommand.self, LessonsCommand.self,
            LessonCommand.self,
        ],
        defaultSubcommand: REPLCommand.self)
}
