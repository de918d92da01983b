import Testing

@testable import UndercurrentLessons

/// The lesson reader finds control characters in a line by its UTF-8 bytes; it must find
/// exactly the scalars `LessonText.isControl` names, alone, between other text, at a line's
/// ends, and beside the multi-byte characters whose first bytes the controls share.
@Suite struct LessonTextControlScanTests {
    /// Every scalar up to U+2100 (the controls and their neighbours), and some beyond.
    static let scalars: [Unicode.Scalar] =
        (0...0x2100).compactMap(Unicode.Scalar.init)
        + [0x1F600, 0x10FFFF, 0xFEFF, 0x2028].compactMap(Unicode.Scalar.init)

    @Test func theByteScanAgreesWithTheScalarRule() {
        for scalar in Self.scalars {
            let alone = String(Character(scalar))
            for line in [alone, "a\(alone)b", "— \(alone)", "\(alone)—", "é\(alone)"] {
                let expected = line.unicodeScalars.contains(where: LessonText.isControl)
                #expect(LessonText.hasControl(line) == expected, "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func aLineOfPlainTextHasNone() {
        #expect(!LessonText.hasControl("Prose with — dashes, “quotes”, café and\ta tab"))
        #expect(LessonText.hasControl("a \u{202E}reversed word"))
        #expect(LessonText.hasControl("a C1 \u{9B} control"))
    }
}
