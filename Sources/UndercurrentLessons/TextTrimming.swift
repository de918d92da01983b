extension StringProtocol where UnicodeScalarView.SubSequence == Substring.UnicodeScalarView {
    /// The text without the spaces and tabs around it: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives, worked out on the text's scalars. On
    /// Linux Foundation's goes through `NSString`, and reading the lessons with it was two
    /// fifths of the REPL's start-up.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }),
            let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })
        else { return "" }
        // A slice of the text's own storage: rebuilding it a scalar at a time cost more than
        // the rest of reading a lesson.
        return String(Substring(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// A member of Foundation's `CharacterSet.whitespaces`, as Linux's Foundation has it: the
    /// tab, the space separators, and the zero-width space.
    var isSpaceOrTab: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
