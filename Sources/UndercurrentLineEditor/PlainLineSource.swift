import CUndercurrentSupport
import Foundation

/// Standard input that is not a terminal (a pipe or a file): no prompt, no editing, no history.
///
/// Reads with read(2) rather than Swift's readLine, which retries getline after EINTR and
/// spins forever once Ctrl-C has set the stream's error flag.
final class PlainLineSource: LineSource {
    var complete: ((String) -> [String])?

    private var pending: [UInt8] = []
    private var reachedEnd = false

    func readLine(prompt: String) -> LineEditorResult {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<newline]
                pending.removeSubrange(...newline)
                return .line(Self.decode(line))
            }
            if reachedEnd {
                guard !pending.isEmpty else { return .endOfFile }
                defer { pending.removeAll() }
                return .line(Self.decode(pending[...]))
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                if uc_take_interrupt() != 0 { return .interrupted }
            } else {
                reachedEnd = true
            }
        }
    }

    func remember(_ entry: String) {}

    private static func decode(_ line: ArraySlice<UInt8>) -> String {
        let withoutReturn = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        return String(decoding: withoutReturn, as: UTF8.self)
    }
}
