import UndercurrentSession

// Evaluation recurses on the native stack: run everything on a thread with room for it.
LargeStack.run {
    Undercurrent.main()
}
