import Combine

class Search {
    @Published var query = ""
}

let search = Search()
var cancellables = Set<AnyCancellable>()
search.$query
    .removeDuplicates()
    .filter { !$0.isEmpty }
    .print("query")
    .sink { print("searching for", $0) }
    .store(in: &cancellables)
search.query = "swift"
search.query = "swift"
search.query = ""
search.query = "combine"
cancellables.removeAll()
search.query = "ignored"
print("final", search.query)
