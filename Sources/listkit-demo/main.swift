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

if options.url != nil {
  FileHandle.standardError.write(
    Data(
      "listkit-demo: --url needs the HTTP loader (ListKitHTTP), which this build does not include yet\n".utf8)
  )
  exit(1)
}

let loader = DemoPhotoLoader(
  photos: PhotoDataSet.photos(count: options.count, seed: options.seed), latency: options.latency,
  failRate: options.failRate, seed: options.seed, clock: ContinuousClock())

if options.dump {
  print(await DemoScreen.dump(options: options, loader: loader))
  exit(0)
}
exit(await InteractiveDemo.run(options: options, loader: loader))
