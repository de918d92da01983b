/// Scripts reach no file, process, environment or network API: running a stranger's
/// lesson is safe. The interpreter implements none of these, so nothing could run anyway;
/// naming them here turns "cannot find 'FileManager' in scope" into an error that says
/// why, at the place the script uses the name.
public enum Sandbox {
    private static let files = "scripts cannot read or write files"
    private static let processes = "scripts cannot start, stop or inspect processes"
    private static let environment = "scripts cannot read the environment or the machine"
    private static let network = "scripts cannot reach the network"
    private static let terminal = "the REPL owns the terminal; give the script its values in code"

    /// Every refused name, with the reason shown to the learner.
    public static let refused: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "FileManager", "FileHandle", "NSFileManager", "FileWrapper", "InputStream", "OutputStream",
            "UserDefaults", "Bundle", "NSKeyedArchiver", "NSKeyedUnarchiver", "fopen", "fdopen", "freopen",
            "openat", "creat", "fread", "fwrite", "fclose", "fgets", "fputs", "unlink", "mkdir", "rmdir",
            "opendir", "readdir", "lstat", "chmod", "chdir", "realpath",
            "tmpfile", "mkstemp", "dlopen", "dlsym", "mmap",
        ] {
            names[name] = files
        }
        for name in [
            "Process", "NSTask", "Pipe", "system", "popen", "pclose", "fork", "vfork",
            "execv", "execve", "execvp", "posix_spawn", "kill", "sigaction", "exit",
            "_exit", "abort", "atexit", "getpid", "setuid", "sleep", "usleep", "nanosleep",
        ] {
            names[name] = processes
        }
        for name in [
            "ProcessInfo", "CommandLine", "getenv", "setenv", "unsetenv", "putenv", "environ",
            "Host", "uname", "sysctl", "gethostname",
        ] {
            names[name] = environment
        }
        for name in [
            "URLSession", "URLSessionConfiguration", "URLRequest", "URLSessionTask", "NWConnection",
            "NWListener", "NWPathMonitor", "CFNetwork", "socket", "getaddrinfo", "gethostbyname",
        ] {
            names[name] = network
        }
        for name in ["readLine", "scanf", "getchar", "fgetc", "isatty", "ioctl", "tcgetattr"] {
            names[name] = terminal
        }
        names["NotificationCenter"] = "there is no system to post notifications; a PassthroughSubject broadcasts values"
        names["DistributedNotificationCenter"] = names["NotificationCenter"]
        // `Notification.Name("didLogin")` is where such code starts.
        names["Notification"] = names["NotificationCenter"]
        names["NotificationQueue"] = names["NotificationCenter"]
        names["sleep"] =
            "time is virtual in Undercurrent; use a scheduler's delay (DispatchQueue.main.asyncAfter, .delay)"
        names["usleep"] = names["sleep"]
        names["nanosleep"] = names["sleep"]
        names["exit"] = "a script cannot end the REPL; return from the code, or throw an error"
        names["_exit"] = names["exit"]
        names["abort"] = names["exit"]
        return names
    }()

    /// The error for a refused name, or nil for any other name.
    public static func error(for name: String, at location: SourceLocation) -> ScriptError? {
        guard let reason = refused[name] else { return nil }
        return ScriptError.unsupported("`\(name)` is not available in Undercurrent: \(reason)", at: location)
    }

    /// Initializers of types the script may use that would read files or URLs:
    /// `String(contentsOfFile:)`, `String(contentsOf:encoding:)`. Refused before their
    /// arguments are evaluated (`.utf8` has no type to be read from here).
    static let refusedInitializers: [String: Set<String>] = [
        "String": ["contentsOfFile", "contentsOf"]
    ]

    /// The error for `Type(label: ...)` when its first label names a refused initializer.
    static func error(forInitializerOf typeName: String, labels: [String?], at location: SourceLocation) -> ScriptError?
    {
        guard let first = labels.first ?? nil, refusedInitializers[typeName]?.contains(first) == true else {
            return nil
        }
        let spelled = "\(typeName)(\(labels.map { "\($0 ?? "_"):" }.joined()))"
        return ScriptError.unsupported("`\(spelled)` is not available in Undercurrent: \(files)", at: location)
    }
}
