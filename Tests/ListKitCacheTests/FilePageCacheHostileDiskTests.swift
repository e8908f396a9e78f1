import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListKitCache

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The cache on a disk that fights back, every case made on the real file system.
///
/// Pipes, sockets, devices and links in an entry's place, files that are huge or grow, altered
/// bytes, files and directories others could have written, and keys spelled two ways.
@Suite struct FilePageCacheHostileDiskTests {

  private func makeCache(
    _ directory: URL, clock: CacheFixtures.ManualClock = .init(), byteLimit: Int = 1 << 20
  ) -> FilePageCache<Photo> {
    FilePageCache(directory: directory, timeToLive: .seconds(3_600), byteLimit: byteLimit, now: clock.now)
  }

  /// Runs `body` with a new cache in a new temporary directory (named after `directoryName`),
  /// removed afterwards, and the key the test works on.
  private func withCache(
    _ key: PageCacheKey = PageCacheKey(listName: "photos"), directoryName: String = #function,
    byteLimit: Int = 1 << 20, _ body: (FilePageCache<Photo>, PageCacheKey) async throws -> Void
  ) async throws {
    let directory = CacheFixtures.temporaryDirectory(directoryName)
    defer { CacheFixtures.removeDirectory(directory) }
    try await body(makeCache(directory, byteLimit: byteLimit), key)
  }

  /// Records an issue unless `lookup` is the miss `reason`, the entry's `file` is gone and no longer
  /// counted in the cache's size, and the key then saves and loads again; `what` names the case in
  /// every failure.
  private func expectMissRemovingTheEntry(
    _ lookup: PageCacheLookup<Photo>?, _ reason: PageCacheMiss, file: URL, _ cache: FilePageCache<Photo>,
    _ key: PageCacheKey, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    #expect(lookup == .miss(reason), "\(what): the load misread the entry", sourceLocation: sourceLocation)
    #expect(!CacheFixtures.exists(file), "\(what): the entry stayed", sourceLocation: sourceLocation)
    #expect(
      await cache.totalBytes == 0, "\(what): the removed entry is still counted",
      sourceLocation: sourceLocation)
    await CacheFixtures.expectKeyRecovers(cache, key, what)
  }

  /// Records an issue unless both a load and a save of `key` are refused for `issue` with the
  /// cache's directory.
  private func expectDirectoryRefused(
    _ cache: FilePageCache<Photo>, _ key: PageCacheKey, _ issue: PageCacheTrustIssue,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    #expect(
      await cache.loadFirstPage(for: key) == .miss(.untrustedDirectory(issue)), sourceLocation: sourceLocation
    )
    do {
      try await cache.saveFirstPage(CacheFixtures.page(1), for: key)
      Issue.record("a save into a directory refused for \(issue) succeeded", sourceLocation: sourceLocation)
    } catch {
      #expect(error == .untrustedDirectory(issue), sourceLocation: sourceLocation)
    }
  }

  private func entryURL(_ key: PageCacheKey, in directory: URL) -> URL {
    directory.appendingPathComponent(CacheFileName(key: key).value)
  }

  /// Saves a small page for `key` and returns its file.
  private func saveOne(_ cache: FilePageCache<Photo>, _ key: PageCacheKey, count: Int = 5) async throws -> URL
  {
    try await cache.saveFirstPage(CacheFixtures.page(count), for: key)
    let file = entryURL(key, in: cache.directory)
    try #require(CacheFixtures.exists(file))
    return file
  }

  /// A cache in `parent/cache`, and a good entry of `key` saved by another cache in
  /// `parent/elsewhere`, for a link in the cache's directory to point at.
  private func cacheBesideAnEntryElsewhere(_ parent: URL, _ key: PageCacheKey) async throws
    -> (cache: FilePageCache<Photo>, outside: URL, outsideBytes: Data)
  {
    let outside = try await saveOne(makeCache(parent.appendingPathComponent("elsewhere")), key)
    let directory = parent.appendingPathComponent("cache")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    return (makeCache(directory), outside, try Data(contentsOf: outside))
  }

  // MARK: Only regular files are read

  @Test func namedPipeInAnEntrysPlaceIsAMissAtOnceAndIsRemoved() async throws {
    try await withCache(PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))) {
      cache, key in
      // The index knows a good entry; then a pipe takes its place (no writer ever comes).
      let file = try await saveOne(cache, key)
      try FileManager.default.removeItem(at: file)
      try #require(mkfifo(file.path, 0o600) == 0, "mkfifo: \(errno)")

      let lookup = await CacheFixtures.loadWithoutHanging(cache, key, pipe: file)
      await expectMissRemovingTheEntry(
        lookup, .notARegularFile(.namedPipe), file: file, cache, key, "pipe (nil: the load blocked on it)")
    }
  }

  @Test func namedPipeFoundAtStartIsNeitherCountedNorOpened() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let key = PageCacheKey(listName: "photos")
    let file = entryURL(key, in: directory)
    try #require(mkfifo(file.path, 0o600) == 0, "mkfifo: \(errno)")
    let cache = makeCache(directory)
    #expect(await cache.totalBytes == 0)
    // Saving over a pipe replaces the name; the pipe is never opened.
    try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
    let lookup = await CacheFixtures.loadWithoutHanging(cache, key, pipe: file)
    let cached = try #require(
      lookup?.hit, "expected a hit after saving over a pipe, got \(String(describing: lookup))")
    #expect(cached.page.items.count == 2)
  }

  @Test func socketInAnEntrysPlaceIsAMissAndIsRemoved() async throws {
    // A socket's path must fit in `sun_path` (108 bytes): bind a short name, then move it.
    try await withCache(directoryName: "s") { cache, key in
      let file = entryURL(key, in: cache.directory)
      let socketPath = cache.directory.appendingPathComponent("s").path
      let fd = try #require(Self.boundSocket(at: socketPath), "cannot bind a socket at \(socketPath)")
      defer { close(fd) }
      try #require(rename(socketPath, file.path) == 0, "rename: \(errno)")

      await expectMissRemovingTheEntry(
        await cache.loadFirstPage(for: key), .notARegularFile(.socket), file: file, cache, key, "socket")
    }
  }

  @Test func deviceInAnEntrysPlaceIsAMissAndIsNeverRead() async throws {
    try await withCache { cache, key in
      let file = entryURL(key, in: cache.directory)
      // A copy of /dev/zero: read as a file it never ends.
      var zero = stat()
      try #require(stat("/dev/zero", &zero) == 0)
      guard mknod(file.path, S_IFCHR | 0o600, zero.st_rdev) == 0 else {
        // Creating devices needs CAP_MKNOD; without it a link to the device stands in.
        try #require(symlink("/dev/zero", file.path) == 0)
        #expect(await cache.loadFirstPage(for: key) == .miss(.notARegularFile(.symbolicLink)))
        return
      }
      await expectMissRemovingTheEntry(
        await cache.loadFirstPage(for: key), .notARegularFile(.characterDevice), file: file, cache, key,
        "device")
    }
  }

  /// A link in an entry's place, to a good entry of the same key outside the cache's directory.
  enum LinkKind: String, CaseIterable {
    case symbolic, hard
  }

  @Test(arguments: LinkKind.allCases)
  func linkToAGoodEntryOutsideIsAMissAndTheOutsideFileIsKept(_ kind: LinkKind) async throws {
    let parent = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(parent) }
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))
    // A genuine entry of the same key, saved by a cache elsewhere.
    let (cache, outside, outsideBytes) = try await cacheBesideAnEntryElsewhere(parent, key)
    let entry = entryURL(key, in: cache.directory)
    let reason: PageCacheMiss
    switch kind {
    case .symbolic:
      try #require(symlink(outside.path, entry.path) == 0, "symlink: \(errno)")
      reason = .notARegularFile(.symbolicLink)
    case .hard:
      try #require(link(outside.path, entry.path) == 0, "link: \(errno)")
      reason = .untrusted(.hardLinked(linkCount: 2))
    }

    let lookup = await cache.loadFirstPage(for: key)
    #expect(try Data(contentsOf: outside) == outsideBytes, "\(kind) link: the load changed the outside file")
    await expectMissRemovingTheEntry(lookup, reason, file: entry, cache, key, "\(kind) link")
    #expect(
      try Data(contentsOf: outside) == outsideBytes, "\(kind) link: the save wrote through the old link")
  }

  // MARK: Bounded reads

  @Test func sparseMultiGigabyteEntryIsATooLargeMissWithoutBeingRead() async throws {
    try await withCache(byteLimit: 1 << 20) { cache, key in
      let file = try await saveOne(cache, key)
      // The index was built with the small file; it now grows to 4 GiB (sparse: no disk used).
      let hugeSize = 4 << 30
      try #require(truncate(file.path, off_t(hugeSize)) == 0, "truncate: \(errno)")

      await expectMissRemovingTheEntry(
        await cache.loadFirstPage(for: key), .tooLarge(bytes: hugeSize, limit: 1 << 20), file: file, cache,
        key,
        "sparse file")
    }
  }

  @Test func sparseMultiGigabyteEntryFoundAtStartIsNotCountedAndItsReadRemovesIt() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let huge = PageCacheKey(listName: "huge")
    let good = PageCacheKey(listName: "good")
    let first = makeCache(directory)
    let hugeFile = try await saveOne(first, huge)
    _ = try await saveOne(first, good)
    try #require(truncate(hugeFile.path, off_t(6 << 30)) == 0, "truncate: \(errno)")

    // A new instance lists the directory: a 6 GiB file would push every good entry out.
    let restarted = makeCache(directory)
    let goodBytes = try Data(contentsOf: entryURL(good, in: directory)).count
    #expect(await restarted.totalBytes == goodBytes)
    _ = try #require(
      await restarted.loadFirstPage(for: good).hit, "the good entry was evicted for the huge one")
    #expect(await restarted.loadFirstPage(for: huge) == .miss(.tooLarge(bytes: 6 << 30, limit: 1 << 20)))
    #expect(!CacheFixtures.exists(hugeFile))
  }

  @Test func entryByteLimitIsTheByteLimitCappedAt64MiB() {
    let directory = URL(fileURLWithPath: "/nonexistent/listkit")
    #expect(FilePageCache<Photo>(directory: directory, byteLimit: 2_000).entryByteLimit == 2_000)
    #expect(FilePageCache<Photo>(directory: directory, byteLimit: 1 << 40).entryByteLimit == 64 << 20)
    #expect(FilePageCache<Photo>(directory: directory, byteLimit: -5).entryByteLimit == 0)
  }

  /// A file that holds more than its size said when it was opened — it grew, or lied — is read
  /// no further than the limit, and the buffer never grows past it.
  @Test(arguments: [0, 10, 4_096, 100_000])
  func boundedReadStopsOneByteAfterTheLimitWhateverTheSizeSaid(sizeHint: Int) throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let file = directory.appendingPathComponent("grown")
    // Limits below and above the 64 KiB the buffer first grows to.
    for limit in [50_000, 200_000] {
      for size in [0, 1, limit - 1, limit, limit + 1, 3 * limit] {
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let read = CacheDirectory.readBounded(fd, sizeHint: sizeHint, limit: limit)
        if size > limit {
          #expect(read == .tooLarge(bytes: limit + 1), "file of \(size) bytes, hint \(sizeHint)")
        } else {
          #expect(read == .data(bytes), "file of \(size) bytes, hint \(sizeHint)")
        }
      }
    }
  }

  /// A read the system refuses (here a directory's: `EISDIR`) ends with its error, at once.
  @Test func aReadTheSystemRefusesEndsWithItsError() throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
    try #require(fd != -1)
    defer { close(fd) }
    #expect(CacheDirectory.readBounded(fd, sizeHint: 0, limit: 100) == .failed(EISDIR))
  }

  /// A write the system refuses (here to a file open only for reading: `EBADF`) ends with its
  /// error, at once; a write it takes is whole.
  @Test func aWriteTheSystemRefusesEndsWithItsError() throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let file = directory.appendingPathComponent("entry")
    try Data("old".utf8).write(to: file)
    let reading = open(file.path, O_RDONLY | O_CLOEXEC)
    try #require(reading != -1)
    defer { close(reading) }
    #expect(CacheDirectory.writeAll(Data("new".utf8), to: reading) == EBADF)
    let writing = open(file.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    try #require(writing != -1)
    defer { close(writing) }
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    #expect(CacheDirectory.writeAll(bytes, to: writing) == nil)
    #expect(try Data(contentsOf: file) == bytes)
  }

  // MARK: Integrity

  @Test func everySingleChangedByteOfAnEntryIsACorruptMissNeverAHit() async throws {
    try await withCache(PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))) {
      cache, key in
      let file = try await saveOne(cache, key, count: 2)
      let whole = try Data(contentsOf: file)
      var hits = 0
      for position in whole.indices {
        for flip: UInt8 in [0x01, 0x20, 0x80, 0xFF] {
          var damaged = whole
          damaged[position] ^= flip
          try damaged.write(to: file)
          let lookup = await cache.loadFirstPage(for: key)
          guard case .miss(.corrupt) = lookup else {
            hits += 1
            Issue.record("byte \(position) ^ \(flip): \(lookup)")
            continue
          }
          #expect(!CacheFixtures.exists(file), "byte \(position) ^ \(flip): the file stayed")
        }
      }
      #expect(hits == 0)
      // The untouched entry is still a hit: the damage, not the test, made the misses.
      try whole.write(to: file)
      #expect(await cache.loadFirstPage(for: key).hit != nil, "the restored entry was not served")
    }
  }

  @Test func randomMultiByteDamageIsACorruptMissNeverAHit() async throws {
    let seed = UInt64(ProcessInfo.processInfo.environment["LISTKIT_SEED"] ?? "") ?? 0xC0_22_0B_7E
    var random = SplitMix64(seed: seed)
    let cases = Sweep.runs(300, heavy: 5_000)
    try await withCache(PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))) {
      cache, key in
      let file = try await saveOne(cache, key, count: 3)
      let whole = try Data(contentsOf: file)
      for number in 0..<cases {
        var damaged = whole
        var changed: [Int] = []
        for _ in 0..<Int.random(in: 2...8, using: &random) {
          let position = Int.random(in: whole.indices, using: &random)
          damaged[position] ^= UInt8.random(in: 1...255, using: &random)
          changed.append(position)
        }
        // Two changes at one position can cancel out; such a file is the original.
        guard damaged != whole else { continue }
        try damaged.write(to: file)
        let lookup = await cache.loadFirstPage(for: key)
        guard case .miss(.corrupt) = lookup else {
          Issue.record("seed \(seed), case \(number), bytes \(changed): \(lookup)")
          return
        }
        #expect(!CacheFixtures.exists(file), "seed \(seed), case \(number): the file stayed")
      }
    }
  }

  // MARK: Ownership and permissions

  @Test(.enabled(if: CacheFixtures.canChangeOwners, "chown needs root"))
  func entryOwnedByAnotherUserIsAMissAndIsRemoved() async throws {
    try await withCache { cache, key in
      let file = try await saveOne(cache, key)
      try #require(chown(file.path, CacheFixtures.otherUserID, gid_t(CacheFixtures.otherUserID)) == 0)

      await expectMissRemovingTheEntry(
        await cache.loadFirstPage(for: key),
        .untrusted(.ownedByAnotherUser(ownerID: UInt32(CacheFixtures.otherUserID))), file: file, cache, key,
        "foreign owner")
    }
  }

  @Test(arguments: [0o620, 0o602, 0o666, 0o777])
  func entryWritableByGroupOrOthersIsAMissAndIsRemoved(permissions: Int) async throws {
    try await withCache { cache, key in
      let file = try await saveOne(cache, key)
      try #require(chmod(file.path, mode_t(permissions)) == 0)

      await expectMissRemovingTheEntry(
        await cache.loadFirstPage(for: key), .untrusted(.openToOthers(permissions: permissions)), file: file,
        cache, key, "mode \(String(permissions, radix: 8))")
    }
  }

  @Test func entryOthersMayOnlyReadIsServed() async throws {
    try await withCache { cache, key in
      let file = try await saveOne(cache, key)
      try #require(chmod(file.path, 0o644) == 0)
      #expect(await cache.loadFirstPage(for: key).hit != nil, "a 0644 entry of the current user was refused")
    }
  }

  @Test func untrustworthyEntriesFoundAtStartAreNotCountedAndRemoveAllRemovesThem() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let first = makeCache(directory)
    let open = try await saveOne(first, PageCacheKey(listName: "open"))
    let linked = try await saveOne(first, PageCacheKey(listName: "linked"))
    let good = try await saveOne(first, PageCacheKey(listName: "good"))
    let pipe = directory.appendingPathComponent(CacheFileName(key: PageCacheKey(listName: "pipe")).value)
    try #require(mkfifo(pipe.path, 0o600) == 0)
    try #require(chmod(open.path, 0o666) == 0)
    let secondName = directory.appendingPathComponent("second-name")
    try #require(link(linked.path, secondName.path) == 0)

    let restarted = makeCache(directory)
    #expect(await restarted.totalBytes == (try Data(contentsOf: good)).count)
    await restarted.removeAll()
    #expect(CacheFixtures.fileNames(in: directory) == ["second-name"])
  }

  @Test func looseExistingDirectoryIsMadePrivateOnFirstUse() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    try #require(chmod(directory.path, 0o777) == 0)
    let cache = makeCache(directory)
    #expect(await cache.loadFirstPage(for: PageCacheKey(listName: "photos")) == .miss(.notFound))
    #expect(CacheFixtures.mode(of: directory) == 0o700)

    try #require(chmod(directory.path, 0o755) == 0)
    try await cache.saveFirstPage(CacheFixtures.page(1), for: PageCacheKey(listName: "photos"))
    #expect(CacheFixtures.mode(of: directory) == 0o700)
  }

  @Test func sharedStickyDirectoryIsRefusedAndLeftAsItIs() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    try #require(chmod(directory.path, 0o1777) == 0)
    await expectDirectoryRefused(
      makeCache(directory), PageCacheKey(listName: "photos"), .openToOthers(permissions: 0o1777))
    var info = stat()
    try #require(stat(directory.path, &info) == 0)
    #expect(Int(info.st_mode) & 0o7777 == 0o1777, "the shared directory was changed")
    #expect(CacheFixtures.entryNames(in: directory).isEmpty)
  }

  @Test(.enabled(if: CacheFixtures.canChangeOwners, "chown needs root"))
  func directoryOwnedByAnotherUserIsRefusedForReadsAndSaves() async throws {
    try await withCache { cache, key in
      let file = try await saveOne(cache, key)
      let directory = cache.directory
      try #require(chown(directory.path, CacheFixtures.otherUserID, gid_t(CacheFixtures.otherUserID)) == 0)
      let issue = PageCacheTrustIssue.ownedByAnotherUser(ownerID: UInt32(CacheFixtures.otherUserID))

      // A new instance, which checks the directory on its first use.
      await expectDirectoryRefused(makeCache(directory), key, issue)
      #expect(CacheFixtures.exists(file), "an entry was removed from a directory the cache refused")
      #expect(CacheFixtures.owner(of: directory) == UInt32(CacheFixtures.otherUserID))
    }
  }

  @Test(.enabled(if: CacheFixtures.canChangeOwners, "chattr +i needs root"))
  func looseDirectoryThatCannotBeMadePrivateIsRefused() async throws {
    try await withCache { cache, key in
      let file = try await saveOne(cache, key)
      let directory = cache.directory
      try #require(chmod(directory.path, 0o777) == 0)
      // An immutable directory refuses chmod even to root. Not every file system has the flag
      // (tmpfs has not); there the case cannot be made, and the test has nothing to check.
      // `chattr` is a child process: a thread of the test's own waits for it, not the pool.
      guard await offPool({ Self.chattr("+i", directory) }) else { return }
      await expectDirectoryRefused(makeCache(directory), key, .openToOthers(permissions: 0o777))
      #expect(await offPool { Self.chattr("-i", directory) }, "the directory stayed immutable")
      #expect(CacheFixtures.exists(file), "an entry was removed from a directory the cache refused")
    }
  }

  // MARK: One entry per key

  /// Pairs of texts that are equal by `String ==` (canonically equivalent) but spelled with
  /// different bytes.
  static let equivalentSpellings: [(String, String)] = [
    ("caf\u{E9}", "cafe\u{301}"),  // precomposed é, e + combining acute
    ("\u{212B}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m"),  // Angstrom sign, A + ring
    ("a\u{301}\u{323}", "a\u{323}\u{301}"),  // combining marks in either order
    ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),  // Hangul syllable, its jamo
  ]

  @Test(arguments: equivalentSpellings.indices)
  func keysEqualByEqualityShareOneEntry(pair: Int) async throws {
    let (composed, decomposed) = Self.equivalentSpellings[pair]
    try #require(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let variants: [(PageCacheKey, PageCacheKey)] = [
      (PageCacheKey(listName: composed), PageCacheKey(listName: decomposed)),
      (
        PageCacheKey(listName: "l", context: RequestContext(userToken: composed)),
        PageCacheKey(listName: "l", context: RequestContext(userToken: decomposed))
      ),
      (PageCacheKey(listName: "l", query: composed), PageCacheKey(listName: "l", query: decomposed)),
    ]
    for (number, (saved, asked)) in variants.enumerated() {
      #expect(saved == asked && saved.hashValue == asked.hashValue)
      #expect(CacheFileName(key: saved) == CacheFileName(key: asked), "variant \(number)")
      try await cache.saveFirstPage(CacheFixtures.page(1, from: number), for: saved)
      guard case .hit(let cached) = await cache.loadFirstPage(for: asked),
        cached.page.items.first?.id == number
      else {
        Issue.record("pair \(pair), variant \(number): the other spelling missed")
        continue
      }
    }
    #expect(CacheFixtures.entryNames(in: directory).count == variants.count)
    // Signing out with the other spelling of the token removes that user's entry.
    await cache.removeEntries(forUser: .token(decomposed))
    #expect(await cache.loadFirstPage(for: variants[1].0) == .miss(.notFound))
    #expect(CacheFixtures.entryNames(in: directory).count == variants.count - 1)
  }

  @Test func cacheNamesEqualByEqualityShareOneDirectory() {
    for (composed, decomposed) in Self.equivalentSpellings {
      #expect(
        FilePageCache<Photo>.defaultDirectory(named: composed)
          == FilePageCache<Photo>.defaultDirectory(named: decomposed), "\(composed.debugDescription)")
    }
    #expect(
      FilePageCache<Photo>.defaultDirectory(named: "caf\u{E9}")
        != FilePageCache<Photo>.defaultDirectory(named: "cafe"))
  }

  // MARK: Helpers

  /// Runs `chattr` on a path; whether it succeeded.
  private static func chattr(_ flag: String, _ url: URL) -> Bool {
    guard let process = try? SpawnedProcess(["/usr/bin/chattr", flag, url.path]) else { return false }
    return process.wait() == .exit(0)
  }

  /// A Unix domain socket bound at a path (which makes the socket file), or `nil`.
  private static func boundSocket(at path: String) -> Int32? {
    #if canImport(Glibc) || canImport(Musl)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(fd)
      return nil
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: bytes)
    }
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      close(fd)
      return nil
    }
    return fd
  }
}
