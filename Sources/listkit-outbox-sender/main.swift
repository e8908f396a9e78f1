// Test fixture for EditOutboxCrashTests (not a tool): the edits of a stored list, made offline,
// then sent by an EditOutbox to the fixture server's POST /edits until it is killed.
//
// Usage: listkit-outbox-sender <directory> <server URL> create <count> <first>
//          opens the list, prints "ready", makes <count> posts (items 10000 + <first>...) as
//          pending edits, every third one then renamed and every fifth (from the second) then
//          removed, and exits once they are on disk; prints "created".
//        listkit-outbox-sender <directory> <server URL> send
//          opens the list (its pending edits come back from disk), prints "ready", and sends
//          them; prints "done" and exits 0 once none is left.
// Each request says which of the user's edits it is ("tag"), so the server can count how often
// each took effect.
import Foundation
import ListKit
import ListKitSQLite

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Post: Codable, Identifiable, Sendable {
  var id: Int
  var title: String
}

struct Offline: Error {}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("listkit-outbox-sender: \(message)\n".utf8))
  exit(1)
}

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let server = URL(string: arguments[2]) else {
  fail("usage: listkit-outbox-sender <directory> <server URL> create <count> | send")
}
let loader = StoredPageLoader<Post>(
  listName: "posts", directory: URL(fileURLWithPath: arguments[1], isDirectory: true),
  remote: ClosurePageLoader<Post> { _ in throw Offline() }, remoteStyle: .pageIndex(firstIndex: 0),
  remotePageSize: 50)

/// The user's edit a request carries: a post, or the renaming of one.
@Sendable func tag(of edit: ItemEdit<Post>) -> String {
  switch edit {
  case .insert(let post, _): "post \(post.id)"
  case .replace(let post): "rename \(post.id) to \(post.title)"
  case .remove(let id): "remove \(id)"
  case .update(let id, _): "update \(id)"
  }
}

/// POST /edits with the edit's key; the server's answer.
@Sendable func send(_ pending: StoredPendingEdit<Post>, as context: RequestContext) async throws
  -> EditAnswer<Post>
{
  var body: [String: Any] = ["tag": tag(of: pending.edit)]
  switch pending.edit {
  case .insert(let post, _), .replace(let post):
    body["id"] = post.id
    body["title"] = post.title
  case .remove(let id):
    body["id"] = id
    body["remove"] = true
  case .update(let id, _):
    body["id"] = id
  }
  var request = URLRequest(url: server.appendingPathComponent("edits"))
  request.httpMethod = "POST"
  request.setValue("application/json", forHTTPHeaderField: "Content-Type")
  request.setValue(pending.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
  request.httpBody = try JSONSerialization.data(withJSONObject: body)
  let (data, response) = try await URLSession.shared.data(for: request)
  let status = (response as? HTTPURLResponse)?.statusCode ?? 0
  return try EditAnswer(status: status, serverItem: try? JSONDecoder().decode(Post.self, from: data))
}

@MainActor
func main() async {
  let list: PagedList<Post>
  do {
    list = PagedList(
      listName: "posts", configuration: try PagingConfiguration(style: .cursor, pageSize: 50), loader: loader)
  } catch {
    fail("\(error)")
  }
  await loader.open(list, refreshOnLaunch: .never)
  switch arguments[3] {
  case "create":
    guard arguments.count == 6, let count = Int(arguments[4]), let first = Int(arguments[5]) else {
      fail("create needs a count and a first index")
    }
    say("ready")
    for index in first..<first + count {
      let id = 10_000 + index
      list.applyPending(.insert(Post(id: id, title: "post \(index)"), at: .top))
      if index % 3 == 0 { list.applyPending(.update(id: id) { $0.title = "post \(index), renamed" }) }
      if index % 5 == 1 { list.applyPending(.remove(id: id)) }
    }
    await loader.waitForWrites()
    guard loader.problems().isEmpty else { fail("\(loader.problems())") }
    say("created")
  case "send":
    say("ready")
    let outbox = EditOutbox(list: list, loader: loader, firstRetryDelay: .milliseconds(10), send: send)
    await outbox.send().value
    await loader.waitForWrites()
    guard loader.pendingEdits().isEmpty else { fail("edits left: \(outbox.state)") }
    say("done")
  default:
    fail("unknown command \(arguments[3])")
  }
}

await main()
exit(0)
