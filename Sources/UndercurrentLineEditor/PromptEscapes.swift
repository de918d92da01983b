enum PromptEscapes {
    /// The byte libedit is told (EL_PROMPT_ESC) brackets characters that take no room on screen.
    static let marker: UInt8 = 1

    /// Brackets each ANSI CSI sequence (ESC [ ... final byte), so coloured prompts
    /// do not throw off libedit's idea of the cursor column.
    static func markingInvisibleRuns(in prompt: String) -> [UInt8] {
        let bytes = Array(prompt.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
                end += 1
            }
            end = min(end + 1, bytes.count)
            result.append(marker)
            result.append(contentsOf: bytes[index..<end])
            result.append(marker)
            index = end
        }
        return result
    }
}
