import Testing

/// A script reaches no file, process, environment or network API. Each is refused by
/// name, where the script uses it, with a reason; the session carries on.
@Suite struct SandboxTests {
    func expectRefused(_ source: String, _ name: String, line: Int = 1, column: Int, because reason: String) {
        let shown = runSession(["let kept = 41", source, "print(kept + 1)"])
        #expect(
            shown[1].contains("<input 2>:\(line):\(column): unsupported: `\(name)` is not available in Undercurrent"),
            "got: \(shown[1])")
        #expect(shown[1].contains(reason), "got: \(shown[1])")
        #expect(shown[2] == "42\n")
    }

    @Test func files() {
        expectRefused(
            "let files = FileManager.default.contentsOfDirectory(atPath: \"/\")", "FileManager",
            column: 13, because: "scripts cannot read or write files")
        expectRefused(
            "let h = FileHandle(forReadingAtPath: \"/etc/passwd\")", "FileHandle",
            column: 9, because: "cannot read or write files")
        expectRefused("let f = fopen(\"/etc/passwd\", \"r\")", "fopen", column: 9, because: "files")
        expectRefused("let d = UserDefaults.standard", "UserDefaults", column: 9, because: "files")
        expectRefused("print(Bundle.main.bundlePath)", "Bundle", column: 7, because: "files")
        expectRefused(
            "import Foundation\nlet text = try String(contentsOfFile: \"/etc/passwd\")", "String(contentsOfFile:)",
            line: 2, column: 16, because: "files")
        expectRefused(
            "let text = try String(contentsOfFile: \"/etc/passwd\", encoding: .utf8)",
            "String(contentsOfFile:encoding:)", column: 16, because: "files")
    }

    @Test func processes() {
        expectRefused(
            "let p = Process()", "Process", column: 9, because: "scripts cannot start, stop or inspect processes")
        expectRefused("system(\"rm -rf /\")", "system", column: 1, because: "processes")
        expectRefused("exit(0)", "exit", column: 1, because: "a script cannot end the REPL")
        expectRefused("let pid = fork()", "fork", column: 11, because: "processes")
        expectRefused("sleep(5)", "sleep", column: 1, because: "time is virtual")
    }

    @Test func environment() {
        expectRefused(
            "print(ProcessInfo.processInfo.environment)", "ProcessInfo", column: 7,
            because: "scripts cannot read the environment")
        expectRefused("let home = getenv(\"HOME\")", "getenv", column: 12, because: "environment")
        expectRefused("print(CommandLine.arguments)", "CommandLine", column: 7, because: "environment")
        expectRefused("setenv(\"X\", \"1\", 1)", "setenv", column: 1, because: "environment")
    }

    @Test func network() {
        expectRefused(
            "let task = URLSession.shared.dataTask(with: URL(string: \"https://example.com\")!)", "URLSession",
            column: 12, because: "scripts cannot reach the network")
        expectRefused("let s = socket(2, 1, 0)", "socket", column: 9, because: "network")
    }

    @Test func terminalAndNotifications() {
        expectRefused("let line = readLine()", "readLine", column: 12, because: "the REPL owns the terminal")
        expectRefused(
            "let c = NotificationCenter.default.publisher(for: .init(\"x\"))", "NotificationCenter",
            column: 9, because: "PassthroughSubject")
        expectRefused(
            "let didLogin = Notification.Name(\"didLogin\")", "Notification", column: 16,
            because: "there is no system to post notifications")
    }

    @Test func asATypeAnnotation() {
        let shown = runSession(["let manager: FileManager = .default"])
        #expect(shown[0].contains("`FileManager` is not available in Undercurrent"), "got: \(shown[0])")
    }

    @Test func theLearnersOwnDeclarationsWin() {
        // A name the sandbox refuses is the learner's to declare.
        let shown = runSession([
            "struct Process { let id: Int }", "print(Process(id: 3).id)",
            "func getenv(_ name: String) -> String { \"fake \\(name)\" }", "print(getenv(\"HOME\"))",
        ])
        #expect(shown[1] == "3\n")
        #expect(shown[3] == "fake HOME\n")
    }

    @Test func importsOfSystemModulesAreRefused() {
        for module in ["Glibc", "Darwin", "Network"] {
            let shown = runSession(["import \(module)"])
            #expect(shown[0].contains("`import \(module)` is not available here"), "got: \(shown[0])")
        }
    }
}
