/// The pure part of Tab completion: which word to complete and what to do with the candidates.
enum Completion {
    enum Action: Equatable {
        /// Nothing matches.
        case none
        /// Type these characters after the cursor.
        case insert(String)
        /// Several candidates and nothing more in common: show them.
        case list([String])
    }

    /// What Tab inserts at the start of a line.
    static let indentation = "    "

    /// Tab at the start of a line (only blanks before the cursor) indents, for multi-line input.
    static func indents(after textBeforeCursor: String) -> Bool {
        textBeforeCursor.reversed().prefix { $0 != "\n" }.allSatisfy(\.isWhitespace)
    }

    /// The word that ends at the cursor: identifier characters, plus `:` so colon commands complete.
    static func word(before text: String) -> String {
        String(text.reversed().prefix(while: isWordCharacter).reversed())
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$" || character == ":"
    }

    /// Candidates not starting with `word` are ignored.
    static func action(for word: String, candidates: [String]) -> Action {
        let matches = Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
        guard let first = matches.first else { return .none }
        let common = matches.dropFirst().reduce(first) { commonPrefix($0, $1) }
        if common.count > word.count {
            return .insert(String(common.dropFirst(word.count)))
        }
        return matches.count == 1 ? .insert("") : .list(matches)
    }

    static func commonPrefix(_ a: String, _ b: String) -> String {
        String(zip(a, b).prefix(while: { $0 == $1 }).map(\.0))
    }

    /// Candidates in columns, filled down then across, like `ls`.
    static func columns(_ items: [String], width: Int) -> String {
        let cell = (items.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / cell)
        let rows = (items.count + perRow - 1) / perRow
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<perRow {
                let index = column * rows + row
                guard index < items.count else { break }
                let item = items[index]
                let isLast = index + rows >= items.count || column == perRow - 1
                line += isLast ? item : item + String(repeating: " ", count: cell - item.count)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
