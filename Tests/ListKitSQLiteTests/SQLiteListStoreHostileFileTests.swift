import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whatever stands at the database's path, the list gets a typed problem and a clean refetch:
/// never a crash, a hang, or an altered row.
@MainActor
@Suite struct SQLiteListStoreHostileFileTests {
  /// Seeds 200 stored rows, spoils the file with `spoil`, relaunches with the network up, and
  /// returns the list, its loader and the server.
  func relaunch(
    after spoil: (_ path: String, _ directory: URL) throws -> Void, in directory: URL
  ) async throws -> (PagedList<StoredItem>, StoredPageLoader<StoredItem>, StoreTestServer, StoreLaunch) {
    try await StoreFixtures.seed(directory, count: 200)
    let path = SQLiteListStore(directory: directory, user: nil).fileURL.path
    try spoil(path, directory)
    let server = StoreTestServer(count: 200, title: "server")
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .never)
    return (list, loader, server, launch)
  }

  /// Expects the list to show the server's rows (a refetch), and the store to hold them again.
  func expectCleanRefetch(
    _ list: PagedList<StoredItem>, _ loader: StoredPageLoader<StoredItem>, _ server: StoreTestServer,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(list.items.map(\.id) == Array(0..<50), sourceLocation: sourceLocation)
    #expect(list.items.allSatisfy { $0.title.hasPrefix("server") }, sourceLocation: sourceLocation)
    #expect(server.requests.count == 1, sourceLocation: sourceLocation)
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<100), sourceLocation: sourceLocation)
    let store = loader.store(for: nil)
    #expect(try await store.rowCount(StoreFixtures.listName) == 100, sourceLocation: sourceLocation)
    #expect(try await store.integrityCheck() == "ok", sourceLocation: sourceLocation)
  }

  @Test func aFileOfGarbageIsReplacedAndTheListRefetches() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let (list, loader, server, launch) = try await relaunch(
      after: { path, _ in
        try Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
          .write(to: URL(fileURLWithPath: path))
      }, in: directory)
    guard case .corrupt(let text)? = launch.problem else {
      Issue.record("problem \(String(describing: launch.problem))")
      return
    }
    #expect(text.contains(loader.store(for: nil).fileURL.path))
    try await expectCleanRefetch(list, loader, server)
  }

  @Test func aTruncatedFileIsReplacedOrServesOnlyWholeRows() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let (list, loader, server, launch) = try await relaunch(
      after: { path, _ in
        var info = stat()
        stat(path, &info)
        truncate(path, off_t(info.st_size / 3))
      }, in: directory)
    // Either SQLite sees the file is short at once, or on a later read: every row served is one
    // that was written, and the first bad read replaces the file.
    if launch.problem != nil {
      try await expectCleanRefetch(list, loader, server)
    } else {
      var pages = 0
      while list.hasMore, pages < 10 {
        await list.loadNextPage()?.value
        pages += 1
      }
      for item in list.items {
        #expect(item.title == "item \(item.id)" || item.title == "server \(item.id)")
      }
      StoreFixtures.expectConsecutive(list)
      #expect(!loader.problems().isEmpty || list.items.count == 200)
    }
  }

  @Test func anAlteredRowIsNeverServed() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let (list, loader, server, launch) = try await relaunch(
      after: { path, _ in
        let url = URL(fileURLWithPath: path)
        var bytes = try Data(contentsOf: url)
        let target = try #require(bytes.range(of: Data("\"item 7\"".utf8)), "the row is in the file")
        bytes[target.lowerBound + 4] = UInt8(ascii: "x")
        try bytes.write(to: url)
      }, in: directory)
    #expect(launch.problem == nil, "the file itself is sound")
    #expect(!list.items.contains { $0.title == "itex 7" })
    #expect(
      loader.problems().contains {
        if case .corrupt(let text) = $0 { text.contains("checksum") } else { false }
      })
    try await expectCleanRefetch(list, loader, server)
  }

  @Test func aSymbolicLinkAtThePathIsRemovedNotFollowed() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let decoy = directory.appendingPathComponent("decoy.sqlite")
    let (list, loader, server, launch) = try await relaunch(
      after: { path, _ in
        try FileManager.default.moveItem(atPath: path, toPath: decoy.path)
        symlink(decoy.path, path)
      }, in: directory)
    guard case .untrustedFile(let text)? = launch.problem else {
      Issue.record("problem \(String(describing: launch.problem))")
      return
    }
    #expect(text.contains("symbolic link"))
    #expect(FileManager.default.fileExists(atPath: decoy.path), "the link's target is left alone")
    try await expectCleanRefetch(list, loader, server)
  }

  @Test func aFileOpenToOthersIsReplaced() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let (list, loader, server, launch) = try await relaunch(
      after: { path, _ in chmod(path, 0o666) }, in: directory)
    guard case .untrustedFile(let text)? = launch.problem else {
      Issue.record("problem \(String(describing: launch.problem))")
      return
    }
    #expect(text.contains("open to others"))
    try await expectCleanRefetch(list, loader, server)
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another owner"))
  func aFileOfAnotherOwnerIsReplaced() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let (list, loader, server, launch) = try await relaunch(
      after: { path, _ in chown(path, 65_534, 65_534) }, in: directory)
    guard case .untrustedFile(let text)? = launch.problem else {
      Issue.record("problem \(String(describing: launch.problem))")
      return
    }
    #expect(text.contains("belongs to user 65534"))
    try await expectCleanRefetch(list, loader, server)
  }

  @Test func aFolderThatCannotBeWrittenLeavesTheListWorkingFromTheNetwork() async throws {
    // Under /proc no one, not even root, can create a folder: a read-only file system.
    let directory = URL(fileURLWithPath: "/proc/listkit-store-\(UUID().uuidString)")
    let server = StoreTestServer(count: 120)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .always)
    guard case .writeFailed? = launch.problem else {
      Issue.record("problem \(String(describing: launch.problem))")
      return
    }
    #expect(list.items.map(\.id) == Array(0..<50))
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<120))
    #expect(list.nextPageState == .reachedEnd)
    #expect(server.requests.count == 3)
  }

  @Test func aFullDiskEndsTheFillNotTheList() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 50)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    // The file may grow no more: the next fill fails as on a full disk.
    try await loader.store(for: nil).limitSize(toPages: 1)
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<150))
    #expect(loader.problems().contains { if case .writeFailed = $0 { true } else { false } })
    let store = loader.store(for: nil)
    #expect(try await store.rowCount(StoreFixtures.listName) == 50, "the failed fill wrote nothing")
    #expect(try await store.integrityCheck() == "ok")
  }
}
