import Foundation

/// Paths the tests read: the repository, the project's own oracle-backed snippets, and the
/// shared reference corpus that may stand beside the repository (an extra check, not needed).
enum TestPaths {
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        // Tests/UndercurrentTests/Support/TestPaths.swift → repository root
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    static let sharedCorpus = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var sharedCorpusIsPresent: Bool { !snippetPairs(in: sharedCorpus).isEmpty }
    static let snippets = repository.appendingPathComponent("Tests/UndercurrentTests/Snippets")
    /// Fewer snippets than this means the folder was lost or misread, not that all is well.
    static let minimumSnippetCount = 90
    /// Apple's expected output for snippets where OpenCombine differs (see its README.md).
    static let appleDifferences = repository.appendingPathComponent("Tests/UndercurrentTests/AppleDifferences")
    static let mustPassList = repository.appendingPathComponent("Tests/UndercurrentTests/corpus-must-pass.txt")

    /// Apple's expected output for the snippet `name`, when it differs from OpenCombine's.
    static func appleExpectation(for name: String) -> URL? {
        let url = appleDifferences.appendingPathComponent(name + ".out")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The names of the files in AppleDifferences, without `.out`.
    static var appleDifferenceNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: appleDifferences.path)) ?? []
        return files.filter { $0.hasSuffix(".out") }.map { String($0.dropLast(".out".count)) }.sorted()
    }

    /// `NAME.swift` files that have a `NAME.out` beside them.
    static func snippetPairs(in directory: URL) -> [(name: String, source: URL, expected: URL)] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { file in
            let name = String(file.dropLast(".swift".count))
            let expected = directory.appendingPathComponent(name + ".out")
            guard FileManager.default.fileExists(atPath: expected.path) else { return nil }
            return (name, directory.appendingPathComponent(file), expected)
        }
    }
}
