import Foundation
import ListKit
import ListKitDemoSupport
import ListKitTerminal

/// The interactive mode: the terminal in raw mode on the alternate screen, one loop that
/// redraws after every key, resize and content change.
@MainActor
enum InteractiveDemo {
  private enum Event: Sendable {
    case terminal(TerminalEvent)
    case redraw
  }

  /// Runs until the user quits or the terminal goes away.
  /// - Returns: The exit status.
  /// - Throws: ``PagingConfigurationError`` for a page size the list refuses.
  static func run(options: DemoOptions) async throws(PagingConfigurationError) -> Int32 {
    let terminal = Terminal()
    guard terminal.isInteractive else {
      report("standard input and output must be a terminal (use --dump to print the screen)")
      return 1
    }
    do {
      try terminal.start()
    } catch {
      report("cannot take over the terminal: \(error)")
      return 1
    }
    defer { terminal.stop() }
    var size = terminal.size() ?? TerminalSize(columns: 80, rows: 24)
    let screen = try DemoScreen(options: options, size: size)
    let (events, continuation) = AsyncStream<Event>.makeStream()
    screen.onChange = { continuation.yield(.redraw) }
    terminal.readEvents { continuation.yield(.terminal($0)) }
    screen.start()
    terminal.draw(screen.render(size: size), rows: size.rows)
    for await event in events {
      switch event {
      case .redraw:
        break
      case .terminal(.key(let key)):
        if screen.handle(key) == .quit {
          await screen.leave()
          return 0
        }
      case .terminal(.resize):
        size = terminal.size() ?? size
      case .terminal(.inputClosed):
        await screen.leave()
        return 0
      }
      terminal.draw(screen.render(size: size), rows: size.rows)
    }
    return 0
  }

  private static func report(_ message: String) {
    FileHandle.standardError.write(Data("listkit-demo: \(message)\n".utf8))
  }
}
