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
  ) async throws -> (
    PagedList<StoredItem>, StoredPageLoader<StoredItem>, StoreTestServer, StoreLaunch<StoredItem.ID>
  ) {
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
    #expect(list.loadStates.next == .reachedEnd)
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

// MARK: - Faults while the app runs

extension SQLiteListStoreHostileFileTests {
  /// A row found altered ahead of the screen while the list is deep in it: the store replaces
  /// the file, and the list's cursor into the old file is refused, not read in the new one, where
  /// its position names other rows (or the end of an empty list, which a fill would continue with
  /// the network's first page after the rows on screen).
  @Test(.timeLimit(.minutes(5)))
  func aRowAlteredAheadOfTheScreenFailsTheScrollAndARefreshRefetchesWithoutAGap() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 300)
    try await SQLiteListStore(directory: directory, user: nil)
      .saveAnchor(StoreFixtures.listName, id: "100", itemVersion: 1)
    let server = StoreTestServer(count: 300, title: "server")
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    #expect(list.items.map(\.id) == Array(100..<150))

    // Another writer alters row 170, on the next page, and leaves its checksum.
    let writer = try SQLiteConnection(path: loader.store(for: nil).fileURL.path)
    try writer.execute(
      """
      UPDATE item SET body = CAST(replace(CAST(body AS TEXT), 'item 170', 'itex 170') AS BLOB)
      WHERE id = '170'
      """)
    #expect(writer.changes == 1)
    writer.close()

    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(100..<150), "no row of the altered page is served")
    guard case .failed(let altered) = list.loadStates.next,
      case .corrupt? = altered.underlying as? SQLiteStoreError
    else {
      Issue.record("next page \(list.loadStates.next)")
      return
    }
    // The list tries again with its cursor into the replaced file.
    await list.retry()?.value
    #expect(list.items.map(\.id) == Array(100..<150), "no unrelated row is served")
    guard case .failed(let stale) = list.loadStates.next,
      case .staleCursor? = stale.underlying as? StoredPageLoaderError
    else {
      Issue.record("next page \(list.loadStates.next)")
      return
    }
    #expect(server.requests.isEmpty, "no fill from the network's first page after the rows on screen")

    await list.refresh()?.value
    #expect(list.loadStates.refresh == .idle)
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<100))
    #expect(list.items.allSatisfy { $0.title == "server \($0.id)" })
    #expect(try await loader.store(for: nil).integrityCheck() == "ok")
  }

  /// A folder that can no longer be written, with a working database in it (a volume remounted
  /// read-only, a backup restored without write permission): the launch reports a typed problem
  /// and the list works, from the stored rows or the network, never crashing or hanging.
  ///
  /// Made read-only by its permissions (0500, the files 0400), which root does not obey; as root
  /// the folder and its files are made immutable instead (`chattr +i`), which binds root too. Where
  /// neither can be done (root on a file system without the flag), the test does not run.
  @Test(.timeLimit(.minutes(5)), .enabled(if: ReadOnlyFolder.canMake, "root, and no immutable flag here"))
  func aReadOnlyFolderWithAStoredListLeavesTheListWorking() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer {
      ReadOnlyFolder.undo(directory)
      StoreFixtures.remove(directory)
    }
    try await StoreFixtures.seed(directory, count: 100)
    try ReadOnlyFolder.make(directory)
    let server = StoreTestServer(count: 200, title: "server")
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .always)
    let path = loader.store(for: nil).fileURL.path
    switch launch.problem {
    case .unreadable(let text)?, .writeFailed(let text)?: #expect(text.contains(path))
    default: Issue.record("problem \(String(describing: launch.problem))")
    }
    #expect(list.items.map(\.id) == Array(0..<50))
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<200))
    #expect(list.items.allSatisfy { $0.title == "server \($0.id)" })
    #expect(list.loadStates.next == .reachedEnd)
    #expect(server.requests.count == 4)

    // The file was not the problem: it is left as it was, for a launch that can write again.
    ReadOnlyFolder.undo(directory)
    let reopened = SQLiteListStore(directory: directory, user: nil)
    #expect(try await reopened.rowCount(StoreFixtures.listName) == 100)
    #expect(try await reopened.integrityCheck() == "ok")
  }
}

/// A folder the store cannot write, even as root.
enum ReadOnlyFolder {
  /// `FS_IOC_GETFLAGS`, `FS_IOC_SETFLAGS` and `FS_IMMUTABLE_FL` of Linux's `<linux/fs.h>`.
  private static let getFlags: UInt = 0x8008_6601
  private static let setFlags: UInt = 0x4008_6602
  private static let immutable: Int32 = 0x10

  /// Whether this process can make a folder it cannot write.
  static let canMake: Bool = {
    guard geteuid() == 0 else { return true }
    let probe = StoreFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: probe) }
    guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil,
      setImmutable(probe.path, true)
    else { return false }
    return setImmutable(probe.path, false)
  }()

  /// Makes `directory` and its files read-only for this process.
  static func make(_ directory: URL) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .map { directory.appendingPathComponent($0).path }
    if geteuid() == 0 {
      for path in files + [directory.path] where !setImmutable(path, true) {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
      }
    } else {
      for path in files { chmod(path, 0o400) }
      chmod(directory.path, 0o500)
    }
  }

  /// Makes `directory` and its files writable again.
  static func undo(_ directory: URL) {
    if geteuid() == 0 { _ = setImmutable(directory.path, false) }
    chmod(directory.path, 0o700)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
      let path = directory.appendingPathComponent(name).path
      if geteuid() == 0 { _ = setImmutable(path, false) }
      chmod(path, 0o600)
    }
  }

  private static func setImmutable(_ path: String, _ on: Bool) -> Bool {
    #if os(Linux)
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var flags: Int32 = 0
      guard ioctl(descriptor, getFlags, &flags) == 0 else { return false }
      flags = on ? flags | immutable : flags & ~immutable
      return ioctl(descriptor, setFlags, &flags) == 0
    #else
      return false
    #endif
  }
}
