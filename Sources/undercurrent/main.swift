import Foundation

// Evaluation recurses on the native stack; a large stack lets deep (but finite)
// script recursion reach the interpreter's own depth limit instead of overflowing.
runOnLargeStack {
    Undercurrent.main()
}
