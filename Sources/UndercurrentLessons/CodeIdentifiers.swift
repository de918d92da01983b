/// The identifiers a piece of code mentions: each run of letters, digits and `_`, as
/// `Character.isLetter` and `Character.isNumber` tell them. The lesson reader checks that a
/// name an exercise's check uses is one its code makes.
enum CodeIdentifiers {
    static func words(in sources: [String]) -> Set<String> {
        var words: Set<String> = []
        for source in sources {
            // Nearly all code is ASCII, read as bytes: reading it as `Character`s, with their
            // Unicode properties, was a quarter of the REPL's start-up (callgrind).
            if source.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiWords(in: source, into: &words)
            } else {
                characterWords(in: source, into: &words)
            }
        }
        return words
    }

    /// The rule itself, a `Character` at a time.
    static func characterWords(in source: String, into words: inout Set<String>) {
        var current = ""
        for character in source {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { words.insert(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
    }

    /// The rule for ASCII text, where a letter is `A`–`Z` or `a`–`z` and a number `0`–`9`.
    static func asciiWords(in source: String, into words: inout Set<String>) {
        let utf8 = source.utf8
        var start: String.Index?
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let inWord =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            if inWord {
                if start == nil { start = index }
            } else if let wordStart = start {
                words.insert(String(source[wordStart..<index]))
                start = nil
            }
            index = utf8.index(after: index)
        }
        if let wordStart = start { words.insert(String(source[wordStart...])) }
    }
}
