import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files the learner's own commands read and write — `:load`, `run FILE`, lesson files,
/// progress, `:export`, `--trace-out` — never a script's (scripts reach no file at all).
///
/// Only regular files are read or written: reading a FIFO or `/dev/zero` would never end,
/// and replacing a device or a named pipe by rename (as writing atomically does) destroys
/// what was there. A symbolic link is followed to the file it names, which is what gets
/// written. Every failure is a sentence for the learner, never a trap.
public enum LocalFile {
    /// What is at a path, as far as reading and writing it goes.
    public enum Kind: Equatable {
        case missing
        case regular(size: Int)
        /// A directory, a device, a FIFO, a socket: with its name for messages.
        case other(String)
    }

    /// Follows symbolic links from `path` to what they finally name (which may not exist).
    /// Fails on a loop of links, or one that cannot be read.
    public static func resolve(_ path: String) -> Result<String, FileProblem> {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there, or a folder on the way is not one: either way, no file.
                if errno == ENOENT || errno == ENOTDIR { return .success(current) }
                return .failure(FileProblem(path, "cannot look at \(current): \(String(cString: strerror(errno)))"))
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return .success(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, Int(PATH_MAX))
            guard length >= 0 else {
                return .failure(
                    FileProblem(path, "cannot follow the link \(current): \(String(cString: strerror(errno)))"))
            }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        return .failure(FileProblem(path, "it is a loop of symbolic links"))
    }

    /// What is at `path` itself (links not followed: `resolve` first).
    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .other("a directory")
        case S_IFCHR, S_IFBLK: return .other("a device")
        case S_IFIFO: return .other("a named pipe (FIFO)")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a regular file")
        }
    }

    /// The bytes of the regular file at `path` (links followed), at most `limit` of them;
    /// nil when nothing is there.
    public static func read(_ path: String, limit: Int) -> Result<Data?, FileProblem> {
        let resolved: String
        switch resolve(path) {
        case .success(let final): resolved = final
        case .failure(let problem): return .failure(problem)
        }
        switch kind(of: resolved) {
        case .missing: return .success(nil)
        case .other(let what): return .failure(FileProblem(path, "it is \(what), not a file"))
        case .regular(let size):
            guard size <= limit else {
                return .failure(
                    FileProblem(path, "it is \(size) bytes; files of more than \(limit) bytes are not read"))
            }
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else {
            return .failure(FileProblem(path, "cannot open it: \(String(cString: strerror(errno)))"))
        }
        defer { try? handle.close() }
        do {
            // A file that grew since it was measured is read no further than the limit allows.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                return .failure(FileProblem(path, "it is more than \(limit) bytes; it is not read"))
            }
            return .success(data)
        } catch {
            return .failure(FileProblem(path, "cannot read it: \(error.localizedDescription)"))
        }
    }

    /// The UTF-8 text of the regular file at `path`: a missing file, one that is not a
    /// regular file, one over `limit` bytes or one that is not UTF-8 is a problem that says so.
    public static func readText(_ path: String, limit: Int) -> Result<String, FileProblem> {
        switch read(path, limit: limit) {
        case .failure(let problem): return .failure(problem)
        case .success(nil): return .failure(FileProblem(path, "it does not exist"))
        case .success(let data?):
            guard let text = String(validating: data, as: UTF8.self) else {
                let offset = firstInvalidUTF8Offset(data)
                return .failure(
                    FileProblem(path, "it is not UTF-8 text (the byte at offset \(offset) is not); save it as UTF-8"))
            }
            return .success(text)
        }
    }

    /// Replaces the regular file at `path` (links followed; created if missing) with `data`,
    /// atomically: a temporary file beside it, renamed over it, keeping its permissions.
    /// Refuses a path that names a directory, a device, a FIFO or a socket.
    public static func write(_ data: Data, to path: String) -> Result<Void, FileProblem> {
        let target: String
        switch resolve(path) {
        case .success(let final): target = final
        case .failure(let problem): return .failure(problem)
        }
        var mode: mode_t = 0o644
        switch kind(of: target) {
        case .other(let what):
            return .failure(FileProblem(path, "it is \(what): only a regular file is written, so it was left alone"))
        case .regular:
            var info = stat()
            if stat(target, &info) == 0 { mode = info.st_mode & 0o7777 }
        case .missing:
            break
        }
        let directory = (target as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        guard case .other("a directory") = kind(of: folder) else {
            return .failure(FileProblem(path, "the folder \(folder) does not exist"))
        }
        let name = (target as NSString).lastPathComponent
        let temporary = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            return .failure(FileProblem(path, String(cString: strerror(errno))))
        }
        var failure = writeAll(data, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        _ = fchmod(descriptor, mode)
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            return .failure(FileProblem(path, failure))
        }
        return .success(())
    }

    private static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var scalarStart = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += String(scalar).utf8.count
                scalarStart = offset
            case .emptyInput: return data.count
            case .error: return scalarStart
            }
        }
    }
}

/// Writes every byte of `data` to an open file; the system's reason when it cannot.
private func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    data.withUnsafeBytes { bytes -> String? in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}

/// Why a file could not be read or written, for the learner: `reason` is a phrase about
/// the file ("it does not exist"), `message` adds the path in front.
public struct FileProblem: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String
    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }
    public var message: String { "\(path): \(reason)" }
    public var description: String { message }
}
