/// The list of lessons with the learner's progress, for `undercurrent lessons` and `:lessons`.
public enum LessonListing {
    public static func lines(_ library: LessonLibrary, _ store: ProgressStore, renderer: LessonTextRenderer) -> [String]
    {
        guard !library.entries.isEmpty else {
            if let directory = library.directory {
                return ["No lessons in \(directory.path)."]
            }
            return ["No lessons found: set UNDERCURRENT_LESSONS to the lessons directory."]
        }
        let titleWidth = min(40, library.entries.map { ($0.lesson?.title ?? $0.fileName).count }.max() ?? 10)
        var lines = [
            renderer.bold("  #  " + "lesson".padding(titleWidth) + "  " + "progress".padding(12) + "  exercises")
        ]
        for (offset, entry) in library.entries.enumerated() {
            let number = String(offset + 1).leftPadded(3)
            guard let lesson = entry.lesson else {
                let errors = entry.diagnostics.filter { $0.severity == .error }.count
                lines.append(
                    "\(number)  "
                        + renderer.red("\(entry.fileName): \(errors) format \(errors == 1 ? "error" : "errors")")
                        + renderer.dim(" (undercurrent lesson lint \(entry.path))"))
                continue
            }
            let progress = store.progress(for: lesson.id)
            let status = progress?.status(stepCount: lesson.steps.count) ?? .notStarted
            let passed = progress?.passedExercises ?? 0
            var statusText = status.rawValue.padding(12)
            switch status {
            case .done: statusText = renderer.green(statusText)
            case .inProgress: statusText = renderer.yellow(statusText)
            case .notStarted: statusText = renderer.dim(statusText)
            }
            var line =
                "\(number)  \(String(lesson.title.prefix(titleWidth)).padding(titleWidth))  \(statusText)  "
                + "\(passed)/\(lesson.exerciseCount) passed"
            if status == .inProgress, let progress {
                line += renderer.dim(
                    "   step \(min(progress.currentStep, lesson.steps.count)) of \(lesson.steps.count)")
            }
            lines.append(line)
        }
        return lines
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
