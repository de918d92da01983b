import Foundation

/// Every program an exercise's judging runs, as a stand-alone Swift file: the given code,
/// one solution (the lesson's, or one of its correct or wrong variants), and one run's code.
/// `scripts/oracle-lessons` compiles them against Combine to check that what the checks
/// expect is what compiled code prints.
public enum LessonPrograms {
    public struct Program: Sendable {
        /// `demand-e2-solution-run2`: lesson, exercise, solution, run.
        public var name: String
        public var source: String
    }

    public static func programs(_ lesson: Lesson) -> [Program] {
        var programs: [Program] = []
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
