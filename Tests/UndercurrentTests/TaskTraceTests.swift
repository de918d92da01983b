import Foundation
import Testing
import UndercurrentTrace

/// Each task is a lane of the trace: its start, each wait (and what for), each resumption
/// (and with what) and its end are events among the Combine calls, in the order they
/// happened; every event says which task made it.
@Suite struct TaskTraceTests {
    static let loop = """
        import Combine
        let subject = PassthroughSubject<Int, Never>()
        let consumer = Task {
            for await value in subject.values {
                print("got", value)
                if value == 2 { break }
            }
        }
        try await Task.sleep(nanoseconds: 1_000_000)
        subject.send(1)
        subject.send(99)
        try await Task.sleep(nanoseconds: 1_000_000)
        subject.send(2)
        await consumer.value
        """

    @Test func aTaskIsALaneAndItsWaitsAreEvents() {
        let run = CheckedRun.run(Self.loop)
        #expect(run.diagnostic == nil)
        let tasks = run.events.filter(\.isTaskEvent).map { "\($0.target) \($0.kind.rawValue) \($0.argument)" }
        #expect(
            tasks == [
                "top level taskAwait Task.sleep(nanoseconds: 1000000)",
                "Task#1 taskStart ",
                "Task#1 taskAwait AsyncPublisher.Inner#1.next()",
                "top level taskResume ",
                "top level taskAwait Task.sleep(nanoseconds: 1000000)",
                "Task#1 taskResume 1",
                "Task#1 taskAwait AsyncPublisher.Inner#1.next()",
                "top level taskResume ",
                "top level taskAwait Task#1.value",
                "Task#1 taskResume 2",
                "Task#1 taskEnd returns",
                "top level taskResume ",
            ])
        // The task's requests are in its lane; the top level's sends, and the drop, in lane 0.
        let requests = run.calls.filter { $0.kind == .request }
        #expect(requests.count == 2 && requests.allSatisfy { $0.lane == 1 })
        let dropped = run.calls.filter { $0.kind == .dropped }
        #expect(dropped.map(\.argument) == ["99"] && dropped[0].lane == 0)
        let printed = run.events.filter { $0.kind == .output }
        #expect(printed.map(\.lane) == [1, 1])
    }

    @Test func theRendererGivesEachTaskAColumn() {
        let run = CheckedRun.run(Self.loop)
        let lines = TraceRenderer().render(run.events)
        #expect(lines.contains { $0.hasSuffix("Task#1 awaits AsyncPublisher.Inner#1.next()") })
        #expect(lines.contains { $0.contains("Task#1 PassthroughSubject.Conduit#1.request(.max(1))") })
        #expect(lines.contains { $0.contains("       top level awaits Task#1.value") })
        #expect(lines.contains { $0.hasSuffix("Task#1 » got 1") })
        #expect(lines.contains { $0.hasSuffix("Task#1 resumes with 2") })
        // Without tasks there is no lane column.
        let plain = CheckedRun.run("import Combine\n_ = Just(1).sink { print($0) }")
        #expect(TraceRenderer().render(plain.events).first == "#1    Just.receive(subscriber: Sink#1)")
    }

    @Test func exportsKeepTheLanes() throws {
        let run = CheckedRun.run(Self.loop)
        let json = TraceJSON.document(run.events)
        #expect(json.events.contains { $0.task == "Task#1" && $0.kind == "request" })
        #expect(json.events.contains { $0.task == nil && $0.kind == "send" })
        let chrome = TraceChrome.document(run.events)
        let entries = try #require(chrome["traceEvents"] as? [[String: Any]])
        #expect(entries.contains { $0["name"] as? String == "thread_name" && $0["tid"] as? Int == 2 })
        #expect(
            entries.contains {
                $0["cat"] as? String == "taskAwait" && $0["tid"] as? Int == 2 && $0["ph"] as? String == "i"
            })
        let mermaid = TraceMermaid.render(run.events)
        #expect(mermaid.contains("participant p2 as Task#35;1"))
        #expect(mermaid.contains("p2->>"), "a call the task made comes from the task's participant")
        // `:trace --only Task#1` keeps what the task did.
        let only = TraceFilter(only: "Task#1").apply(to: run.events)
        #expect(!only.isEmpty && only.filter(\.isCall).allSatisfy { $0.lane == 1 || $0.target == "Task#1" })
    }
}
