import CLibEdit
import CUndercurrentSupport
import Foundation

/// A terminal driven by libedit: editing keys, history, Tab completion.
final class EditLineSource: LineSource {
    var complete: ((String) -> [String])?

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: String?
    /// What the prompt callback hands to libedit: a C string owned here.
    private var prompt: UnsafeMutablePointer<CChar> = strdup("")

    init?(programName: String, historyFile: String?, historyLimit: Int) {
        guard let editLine = uc_el_open(programName) else { return nil }
        guard let history = history_init() else {
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.historyFile = historyFile

        uc_history_set_size(history, Int32(clamping: historyLimit))
        uc_history_set_unique(history, 1)
        if let historyFile {
            uc_history_load(history, historyFile)
            let directory = (historyFile as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }

        uc_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        uc_el_set_editor(editLine, "emacs")
        uc_el_set_history(editLine, history)
        uc_el_set_prompt(
            editLine,
            { editLine in
                guard let editLine, let source = EditLineSource.owning(editLine) else { return nil }
                return source.prompt
            }, CChar(PromptEscapes.marker))
        uc_el_add_command(
            editLine, "uc-complete", "Complete the word before the cursor",
            { editLine, _ in
                guard let editLine, let source = EditLineSource.owning(editLine) else { return UInt8(CC_ERROR) }
                return source.completeWordBeforeCursor()
            })
        uc_el_bind(editLine, "^I", "uc-complete")
        // The user's ~/.editrc, if any, may rebind keys.
        el_source(editLine, nil)
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(prompt)
    }

    private static func owning(_ editLine: OpaquePointer) -> EditLineSource? {
        guard let data = uc_el_client_data(editLine) else { return nil }
        return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
    }

    func readLine(prompt: String) -> LineEditorResult {
        let marked = PromptEscapes.markingInvisibleRuns(in: prompt).map { CChar(bitPattern: $0) } + [0]
        free(self.prompt)
        self.prompt = strdup(marked)
        // A Ctrl-C that arrived while the last input was evaluated is not meant for this prompt.
        _ = uc_take_interrupt()
        while true {
            var count: Int32 = 0
            if let text = el_gets(editLine, &count) {
                var line = String(cString: text)
                if line.hasSuffix("\n") { line.removeLast() }
                return .line(line)
            }
            // Ctrl-C raises SIGINT; without SA_RESTART the read fails with EINTR and el_gets gives up.
            if uc_take_interrupt() != 0 {
                // Reprinting the text after the cursor moves the cursor to the end of the input.
                write(Self.asDisplayed(textAfterCursor()) + "^C\n")
                return .interrupted
            }
            if count == -1 && errno == EINTR { continue }
            write("\n")
            return .endOfFile
        }
    }

    func remember(_ entry: String) {
        uc_history_enter(history, entry)
        if let historyFile {
            uc_history_save(history, historyFile)
        }
    }

    /// Still valid after el_gets returns; libedit resets the buffer when the next read starts.
    private func textAfterCursor() -> String {
        guard let info = el_line(editLine)?.pointee else { return "" }
        let tail = UnsafeRawBufferPointer(start: info.cursor, count: info.lastchar - info.cursor)
        return String(decoding: tail, as: UTF8.self)
    }

    /// Control characters the way libedit draws them (^X), so reprinting lands where libedit drew.
    private static func asDisplayed(_ text: String) -> String {
        String(
            text.unicodeScalars.flatMap { scalar -> [Character] in
                switch scalar.value {
                case 0x0A, 0x09: return [Character(scalar)]
                case 0..<0x20: return ["^", Character(Unicode.Scalar(scalar.value + 0x40)!)]
                case 0x7F: return ["^", "?"]
                default: return [Character(scalar)]
                }
            })
    }

    private func completeWordBeforeCursor() -> UInt8 {
        guard let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let bytes = UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer)
        let beforeCursor = String(decoding: bytes, as: UTF8.self)
        if Completion.indents(after: beforeCursor) {
            return el_insertstr(editLine, Completion.indentation) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_ERROR)
        }
        guard let complete else { return UInt8(CC_REFRESH_BEEP) }
        let word = Completion.word(before: beforeCursor)
        switch Completion.action(for: word, candidates: complete(word)) {
        case .none:
            return UInt8(CC_REFRESH_BEEP)
        case .insert(let suffix):
            if suffix.isEmpty { return UInt8(CC_NORM) }
            return el_insertstr(editLine, suffix) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_REFRESH_BEEP)
        case .list(let candidates):
            // As libedit's own completion does: list below the line, then redraw prompt and line.
            write("\n" + Completion.columns(candidates, width: terminalWidth()) + "\n")
            return UInt8(CC_REDISPLAY)
        }
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Straight to the terminal, after whatever libedit has buffered.
    private func write(_ text: String) {
        fflush(nil)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
