import SwiftSyntax

/// The line and column of a position in an input, as swift-syntax's `SourceLocationConverter`
/// reports a physical location: both from 1, the column counted in UTF-8 bytes.
///
/// The converter finds the line breaks by walking every token and piece of trivia of the tree,
/// after copying the tree's text out: a tenth of the time of lowering an input. The parser's
/// tree holds the source's bytes exactly, so a scan of those bytes for the same breaks (`\n`,
/// `\r`, `\r\n`, the language's line breaks) finds the same lines. What the walk adds,
/// `#sourceLocation`, only changes presumed lines, which Undercurrent does not report.
struct SourceLines {
    /// The offset just after each line break, in order.
    private var lineEnds: [Int] = []
    /// The offset of the end of the text.
    private let length: Int

    init(_ source: String) {
        var utf8 = source
        length = utf8.utf8.count
        utf8.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\r") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                } else if byte != UInt8(ascii: "\n") {
                    continue
                }
                lineEnds.append(index)
            }
        }
    }

    /// The line and column of a UTF-8 offset; one outside the text is taken as its nearest end.
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, length))
        // The first line that ends after the offset (an upper bound, as the converter's).
        var start = 0
        var end = lineEnds.count
        while end > start {
            let middle = (end - start) / 2 + start
            if offset < lineEnds[middle] { end = middle } else { start = middle + 1 }
        }
        let lineStart = start == 0 ? 0 : lineEnds[start - 1]
        return (start + 1, offset - lineStart + 1)
    }

    /// Where a node's text starts, after its leading trivia (`startLocation(converter:)`).
    func start(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
