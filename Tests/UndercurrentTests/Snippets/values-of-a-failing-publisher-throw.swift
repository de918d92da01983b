import Combine

// A publisher that can fail gives values that throw: the loop is `for try await`, and the
// failure ends it by throwing.
enum Feed: Error { case lost }
let subject = PassthroughSubject<String, Feed>()
let reader = Task { () -> [String] in
    var lines: [String] = []
    do {
        for try await line in subject.values {
            lines.append(line)
        }
    } catch {
        lines.append("error: \(error)")
    }
    return lines
}
try await Task.sleep(nanoseconds: 10_000_000)
subject.send("one")
try await Task.sleep(nanoseconds: 10_000_000)
subject.send("two")
try await Task.sleep(nanoseconds: 10_000_000)
subject.send(completion: .failure(.lost))
print(await reader.value)

// Finishing ends the loop without an error.
let words = ["a", "b"].publisher.setFailureType(to: Feed.self)
for try await word in words.values { print(word) }
print("finished")
