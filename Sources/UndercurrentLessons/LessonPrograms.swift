import Foundation

/// Every program a lesson runs, as a stand-alone Swift file: its steps' code in order, and
/// for each exercise the programs its judging runs — the given code, one solution (the
/// lesson's, or one of its correct or wrong variants), and one run's code.
/// `scripts/oracle-lessons` compiles them against Combine to check that what the checks
/// expect is what compiled code prints.
public enum LessonPrograms {
    public struct Program: Sendable {
        /// `demand-e2-solution-run2`: lesson, exercise, solution, run.
        public var name: String
        public var source: String
    }

    public static func programs(_ lesson: Lesson) -> [Program] {
        // The steps' code, in order, as a learner who runs every step has it.
        let steps = lesson.steps.enumerated().flatMap { offset, step in
            (step.prediction?.code ?? step.code).map { "// step \(offset + 1)\n\($0.code)" }
        }
        var programs: [Program] = []
        if !steps.isEmpty {
            programs.append(
                Program(
                    name: "\(lesson.id)-steps",
                    source: "import Combine\nimport Foundation\n\n" + steps.joined(separator: "\n\n") + "\n"))
        }
        var number = 0
        for step in lesson.steps {
            guard let exercise = step.exercise else { continue }
            number += 1
            var solutions = [("solution", exercise.solution.code)]
            for (index, variant) in exercise.correct.enumerated() {
                solutions.append(("correct\(index + 1)", variant.code.code))
            }
            for (index, variant) in exercise.wrong.enumerated() {
                solutions.append(("wrong\(index + 1)", variant.code.code))
            }
            for (label, code) in solutions {
                for (run, driver) in exercise.drivers.enumerated() {
                    let pieces = exercise.pieces(learnerCode: [code], driver: driver)
                    let source =
                        "import Combine\nimport Foundation\n\n"
                        + pieces.map { "// \($0.name)\n\($0.source)" }.joined(separator: "\n\n") + "\n"
                    programs.append(Program(name: "\(lesson.id)-e\(number)-\(label)-run\(run + 1)", source: source))
                }
            }
        }
        return programs
    }

    public static func write(_ lesson: Lesson, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for program in programs(lesson) {
            try program.source.write(
                to: directory.appendingPathComponent(program.name + ".swift"), atomically: true, encoding: .utf8)
        }
    }
}
