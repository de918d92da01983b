import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process for measurements: either on a pseudo-terminal of its own (so it is
/// interactive, shows its prompt, and gets SIGINT from a typed Ctrl-C), or with standard
/// input and output redirected to /dev/null.
final class ChildProcess {
    let pid: pid_t
    /// The terminal's controlling side, when the child runs on a pseudo-terminal.
    private let master: Int32
    /// Everything the child wrote to its terminal so far.
    private(set) var transcript: [UInt8] = []
    private var exited = false

    enum Failure: Error, CustomStringConvertible {
        case spawn(String)
        var description: String {
            switch self {
            case .spawn(let why): return why
            }
        }
    }

    /// `TIOCSPTLCK` and `TIOCGPTN` (function-like macros that Swift does not import).
    private static let setPtyLock: UInt32 = 0x4004_5431
    private static let getPtyNumber: UInt32 = 0x8004_5430

    /// The running executable (`/proc/self/exe`), to spawn a copy of ourselves.
    static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments[0]
    }

    /// Starts `executable` on a new pseudo-terminal (120×40) as the leader of a new session,
    /// so the terminal is its controlling terminal and Ctrl-C reaches it as SIGINT.
    init(onTerminal executable: String, arguments: [String], environment: [String: String]) throws {
        // posix_openpt/unlockpt/ptsname are not visible to Swift's Glibc module: do what
        // they do on Linux (grantpt is a no-op with devpts).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(Self.setPtyLock), &unlock) == 0,
            ioctl(master, UInt(Self.getPtyNumber), &number) == 0
        else {
            if master >= 0 { close(master) }
            throw Failure.spawn("cannot open a pseudo-terminal")
        }
        let slavePath = "/dev/pts/\(number)"
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (without O_NOCTTY): it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID
        self.pid = try Self.spawn(executable, arguments, environment, &actions, &attributes)
        self.master = master
    }

    /// Starts `executable` with standard input, output and error on /dev/null.
    init(silent executable: String, arguments: [String], environment: [String: String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        self.pid = try Self.spawn(executable, arguments, environment, &actions, &attributes)
        self.master = -1
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String],
        _ actions: inout posix_spawn_file_actions_t,
        _ attributes: inout posix_spawnattr_t
    ) throws -> pid_t {
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure.spawn("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if master >= 0 { close(master) }
    }

    /// The environment for a measured child: the current one, with history kept out of the
    /// user's files and a plain terminal type.
    static func environment(stateDirectory: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateDirectory
        environment["TERM"] = "xterm"
        environment["NO_COLOR"] = "1"
        return environment
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Waits until `text` appears in the terminal's output at or after byte `offset`;
    /// returns the time it was seen (uptime nanoseconds) and where it ends, or nil on timeout.
    func waitFor(_ text: String, after offset: Int, timeout: Double) -> (seen: UInt64, end: Int)? {
        let needle = Array(text.utf8)
        let deadline = Measure.now() + UInt64(timeout * 1e9)
        var searchFrom = offset
        while true {
            if let found = Self.find(needle, in: transcript, from: searchFrom) {
                return (Measure.now(), found + needle.count)
            }
            searchFrom = max(offset, transcript.count - needle.count + 1)
            let now = Measure.now()
            guard now < deadline else { return nil }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, (deadline - now) / 1_000_000)))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }  // the child closed its terminal
            transcript += chunk[..<count]
        }
    }

    var transcriptText: String { String(decoding: transcript, as: UTF8.self) }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = max(0, start)
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// Waits for the child to exit (reading its terminal meanwhile so it never blocks on
    /// output); returns its exit status, or nil if it had to be killed after `timeout`.
    @discardableResult
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Measure.now() + UInt64(timeout * 1e9)
        while Measure.now() < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exited = true
                return status
            }
            if master >= 0 {
                _ = waitFor("\u{0}never\u{0}", after: transcript.count, timeout: 0.002)
            } else {
                usleep(200)
            }
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        exited = true
        return nil
    }
}
