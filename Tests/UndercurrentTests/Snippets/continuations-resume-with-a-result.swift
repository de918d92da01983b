import Combine

// An API that reports with a Result converts in one call: resume(with:) returns the
// success's value or throws the failure's error.
enum LoadError: Error { case offline }
func load(_ name: String, completion: @escaping (Result<String, LoadError>) -> Void) {
    if name == "offline" {
        completion(Result.failure(LoadError.offline))
    } else {
        completion(Result.success("contents of \(name)"))
    }
}
func load(_ name: String) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        load(name) { result in continuation.resume(with: result) }
    }
}
print(try await load("notes.txt"))
do {
    print(try await load("offline"))
} catch {
    print("failed:", error)
}
