import Foundation

/// The lessons in a directory: every `*.md` file but README.md, in file-name order
/// (`01-…`, `02-…`); lesson N is the Nth file.
public final class LessonLibrary: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var lesson: Lesson?
        public var diagnostics: [LessonDiagnostic]

        public var fileName: String { (path as NSString).lastPathComponent }
    }

    public let directory: URL?
    public let entries: [Entry]

    public init(directory: URL?) {
        self.directory = directory
        guard let directory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else {
            entries = []
            return
        }
        entries =
            names
            .filter { $0.hasSuffix(".md") && $0.lowercased() != "readme.md" && !$0.hasPrefix(".") }
            .sorted()
            .map { name in
                let path = directory.appendingPathComponent(name).path
                let parsed = LessonParser.parseFile(at: path)
                return Entry(path: path, lesson: parsed.lesson, diagnostics: parsed.diagnostics)
            }
    }

    /// Lesson `number` (1-based), when it exists and reads without errors.
    public func entry(number: Int) -> Entry? {
        guard number >= 1, number <= entries.count else { return nil }
        return entries[number - 1]
    }

    public func number(of lessonID: String) -> Int? {
        entries.firstIndex { $0.lesson?.id == lessonID }.map { $0 + 1 }
    }

    /// Where the lessons are: `$UNDERCURRENT_LESSONS`; else a `lessons` directory beside
    /// the program or above it (a build in the repository, or `share/undercurrent/lessons`
    /// of an install); else `./lessons`; else the repository this program was built from.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) -> URL? {
        let fileManager = FileManager.default
        func isLessonDirectory(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                && fileManager.fileExists(atPath: url.appendingPathComponent("README.md").path)
        }
        if let configured = environment["UNDERCURRENT_LESSONS"], !configured.isEmpty {
            return URL(fileURLWithPath: (configured as NSString).expandingTildeInPath)
        }
        if let executablePath {
            var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<6 {
                for candidate in [
                    directory.appendingPathComponent("lessons"),
                    directory.appendingPathComponent("share/undercurrent/lessons"),
                ]
                where isLessonDirectory(candidate) {
                    return candidate
                }
                directory.deleteLastPathComponent()
            }
        }
        let current = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("lessons")
        if isLessonDirectory(current) { return current }
        // Sources/UndercurrentLessons/LessonLibrary.swift → the repository's lessons/
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lessons")
        return isLessonDirectory(source) ? source : nil
    }
}
