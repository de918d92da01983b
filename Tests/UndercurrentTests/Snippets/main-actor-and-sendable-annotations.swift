import Combine

// Isolation annotations are accepted. Here everything runs on one thread, one task at a
// time between awaits, which is what @MainActor code sees too.
@MainActor
final class ViewModel {
    private(set) var title = "loading"
    func show(_ text: String) { title = text }
    nonisolated func describe() -> String { "a view model" }
}
struct Headline: Sendable {
    let text: String
}
@MainActor
func refresh(_ model: ViewModel) async {
    let headline = await fetchHeadline()
    model.show(headline.text)
}
func fetchHeadline() async -> Headline {
    try? await Task.sleep(nanoseconds: 5_000_000)
    return Headline(text: "Swift concurrency, traced")
}
let model = ViewModel()
print(model.title, "/", model.describe())
await refresh(model)
print(model.title)
let work: @Sendable () async -> Int = { 7 }
print(await work())
