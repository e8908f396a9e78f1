// listkit-demo: parse the command line, then either print the rendered list (--dump) or run
// the interactive screen. Everything testable lives in ListKitDemoSupport.
import Foundation
import ListKit
import ListKitDemoSupport

let command: DemoOptions.Command
do {
  command = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("listkit-demo: \(error) (see --help)\n".utf8))
  exit(2)
}

guard case .run(let options) = command else {
  print(DemoOptions.usage)
  exit(0)
}

do {
  if options.dump {
    print(try await DemoScreen.dump(options: options))
    exit(0)
  }
  exit(try await InteractiveDemo.run(options: options))
} catch {
  FileHandle.standardError.write(Data("listkit-demo: \(error)\n".utf8))
  exit(2)
}
