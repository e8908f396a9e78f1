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

/// One database file per account: private, named by a hash, removed whole at sign-out.
@MainActor
@Suite struct SQLiteListStoreIsolationTests {
  static func mode(_ path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Int(info.st_mode) & 0o7777
  }

  /// The files the process's descriptors point at, or `nil` where `/proc/self/fd` is absent.
  ///
  /// A file removed while open reads as its path followed by ` (deleted)`.
  static func openFiles() -> [String]? {
    #if os(Linux)
      guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
        return nil
      }
      return descriptors.compactMap {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
      }
    #else
      return nil
    #endif
  }

  @Test func eachAccountHasAPrivateFileNamedByAHashWithNoTokenInIt() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let server = StoreTestServer(count: 200)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName,
      context: RequestContext(accountID: "alice@example.com", userToken: "secret-a"),
      configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    await list.switchContext(to: RequestContext(accountID: "bob@example.com", userToken: "secret-b"))?.value
    #expect(list.items.count == 50)

    let alice = loader.store(for: .account("alice@example.com")).fileURL.path
    let bob = loader.store(for: .account("bob@example.com")).fileURL.path
    #expect(alice != bob)
    #expect(Self.mode(directory.path) == 0o700)
    var besides = 0
    for path in [alice, bob] {
      #expect(Self.mode(path) == 0o600, "\(path)")
      let name = URL(fileURLWithPath: path).lastPathComponent
      #expect(!name.contains("alice") && !name.contains("bob") && !name.contains("secret"))
      // SQLite creates the -wal and -shm itself, with the mode of the database file.
      for file in [path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
        #expect(Self.mode(file) == 0o600, "\(file)")
        besides += 1
      }
    }
    #expect(besides > 0, "both stores are open in WAL mode, with a -wal and -shm beside them")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    for name in names {
      let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
      for secret in ["secret-a", "secret-b", "alice@example.com", "bob@example.com"] {
        #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(name) holds \(secret)")
      }
    }
  }

  @Test func signOutRemovesTheAccountsFileWithItsWalAndShmAndLeavesTheOthers() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let alice = UserIdentity.account("alice")
    let bob = UserIdentity.account("bob")
    try await StoreFixtures.seed(directory, user: alice, count: 100)
    try await StoreFixtures.seed(directory, user: bob, count: 100)
    let server = StoreTestServer(count: 100)
    let loader = StoreFixtures.loader(directory, server: server)
    // Open both, so that each has its -wal and -shm beside it.
    #expect(try await loader.store(for: alice).rowCount(StoreFixtures.listName) == 100)
    #expect(try await loader.store(for: bob).rowCount(StoreFixtures.listName) == 100)
    let path = loader.store(for: alice).fileURL.path
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(FileManager.default.fileExists(atPath: path + "-shm"))

    if let open = Self.openFiles() {
      #expect(open.contains(path), "the store holds its file open, as the check below expects")
    }

    await loader.removeStore(for: alice)
    for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: file), "\(file) is still there")
    }
    // Closed, not only unlinked: a removed file still open would stay readable through its
    // descriptor (on Linux, as `<path> (deleted)`).
    if let open = Self.openFiles() {
      let left = open.filter { $0.hasPrefix(path) }
      #expect(left.isEmpty, "descriptors still open on \(left)")
    }
    #expect(try await loader.store(for: bob).rowCount(StoreFixtures.listName) == 100)
    // A new session of the signed-out account starts empty.
    #expect(try await loader.store(for: alice).rowCount(StoreFixtures.listName) == 0)
  }

  @Test func aFolderOpenToOthersIsMadePrivateAndASharedOneIsRefused() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    chmod(directory.path, 0o755)
    let store = SQLiteListStore(directory: directory, user: nil)
    #expect(try await store.open() == nil)
    #expect(Self.mode(directory.path) == 0o700)

    let shared = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(shared) }
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    chmod(shared.path, 0o1777)
    let refused = SQLiteListStore(directory: shared, user: nil)
    await #expect {
      try await refused.open()
    } throws: { error in
      guard case .untrustedDirectory(let text) = error as? SQLiteStoreError else { return false }
      return text.contains(shared.path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).isEmpty)
  }
}
