import Foundation
import UndercurrentInterpreter
import UndercurrentStreams

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "run" {
    let source = try String(contentsOfFile: arguments[2], encoding: .utf8)
    let interpreter = Interpreter()
    interpreter.install(StreamBridge(interpreter: interpreter))
    do {
        try interpreter.run(source: source, fileName: arguments[2])
    } catch {
        FileHandle.standardError.write("\(error)\n".data(using: .utf8)!)
        exit(1)
    }
}
