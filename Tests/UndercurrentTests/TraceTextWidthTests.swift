import Foundation
import Testing

@testable import UndercurrentTrace

/// The trace's columns are padded and measured without Foundation's `NSString` where the
/// text allows; the results must be what `padding(toLength:withPad:startingAt:)` and the
/// Character count outside escape sequences give.
@Suite struct TraceTextWidthTests {
    @Test(arguments: ["", "#7", "#123456", "[12.5ms] ", "→ é", "#1234567890"])
    func paddingIsFoundations(text: String) {
        for length in [0, 1, 3, 6, 7, 12] {
            #expect(
                TraceRenderer.padded(text, to: length) == text.padding(toLength: length, withPad: " ", startingAt: 0),
                "\(text) to \(length)")
        }
    }

    @Test func widthCountsCharactersOutsideEscapes() {
        #expect(TraceRenderer.visibleWidth("#12   ├─ Sink#1.receive(3)") == 26)
        #expect(TraceRenderer.visibleWidth("e\u{301}👍🏽 ok") == 5)
        #expect(TraceRenderer.visibleWidth("\u{1B}[2mdemand\u{1B}[0m 1 → 0") == 12)
        #expect(TraceRenderer.visibleWidth("") == 0)
    }
}
