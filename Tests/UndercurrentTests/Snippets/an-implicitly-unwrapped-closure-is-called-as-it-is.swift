// A closure property declared `!` is set later and called without unwrapping, as
// delegate-style callbacks often are.
final class Downloader {
    var onFinish: ((String) -> Void)!
    func finish() { onFinish("done") }
}
let downloader = Downloader()
downloader.onFinish = { print("finished:", $0) }
downloader.finish()

var handler: ((Int) -> Int)!
handler = { $0 * 2 }
print(handler(21))
