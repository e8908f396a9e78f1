import Foundation
import ListKit
import Testing

@testable import ListKitCache

@Suite struct FilePageCacheTests {
  private func makeCache(
    _ directory: URL, clock: CacheFixtures.ManualClock = .init(), schemaVersion: Int = 1,
    timeToLive: Duration = .seconds(3_600), byteLimit: Int = 1 << 20
  ) -> FilePageCache<Photo> {
    FilePageCache(
      directory: directory, schemaVersion: schemaVersion, timeToLive: timeToLive, byteLimit: byteLimit,
      now: clock.now)
  }

  /// Saves a page and returns the path of the one entry file it made.
  private func saveOne(_ cache: FilePageCache<Photo>, _ key: PageCacheKey, in directory: URL) async throws
    -> URL
  {
    try await cache.saveFirstPage(CacheFixtures.page(5), for: key)
    let names = CacheFixtures.entryNames(in: directory)
    try #require(names.count == 1)
    return directory.appendingPathComponent(names[0])
  }

  /// Saves a page for each key, signs `user` out, and checks that exactly the `removed` keys lost
  /// their entries.
  private func expectSigningOut(
    _ user: UserIdentity, of cache: FilePageCache<Photo>, removes removed: [PageCacheKey],
    keeps kept: [PageCacheKey], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for key in removed + kept {
      try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
    }
    await cache.removeEntries(forUser: user)
    let left = try CacheFixtures.entryNames(in: cache.directory).reduce(0) {
      $0 + (try Data(contentsOf: cache.directory.appendingPathComponent($1))).count
    }
    #expect(
      await cache.totalBytes == left, "the signed-out entries are still counted",
      sourceLocation: sourceLocation)
    for key in removed {
      #expect(
        await cache.loadFirstPage(for: key) == .miss(.notFound), "\(key)", sourceLocation: sourceLocation)
    }
    for key in kept {
      #expect(
        await cache.loadFirstPage(for: key).hit != nil, "\(key) was removed with \(user)'s entries",
        sourceLocation: sourceLocation)
    }
  }

  // MARK: Round trip and keys

  @Test func savedPageComesBackWithItsSaveDate() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    let cache = makeCache(directory, clock: clock)
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "token-1"))
    let page = Page(items: CacheFixtures.photos(3), hasMore: false, nextCursor: nil, totalCount: 3)
    try await cache.saveFirstPage(page, for: key)
    clock.advance(by: 10)
    #expect(await cache.loadFirstPage(for: key) == .hit(CachedPage(page: page, savedAt: clock.date - 10)))
  }

  @Test func everyPartOfTheKeySelectsItsOwnEntry() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let keys = [
      PageCacheKey(listName: "photos"),
      PageCacheKey(listName: "videos"),
      PageCacheKey(listName: "photos", context: RequestContext(userToken: "alice")),
      PageCacheKey(listName: "photos", context: RequestContext(userToken: "bob")),
      PageCacheKey(listName: "photos", context: RequestContext(userToken: "alice"), query: "cats"),
      PageCacheKey(listName: "photos", context: RequestContext(userToken: "alice"), query: ""),
      PageCacheKey(listName: "photos", query: "shared"),
      // Naive concatenation would give these two the same file.
      PageCacheKey(listName: "ab", query: "c"),
      PageCacheKey(listName: "a", query: "bc"),
    ]
    for (number, key) in keys.enumerated() {
      try await cache.saveFirstPage(CacheFixtures.page(2, from: number * 10), for: key)
    }
    #expect(CacheFixtures.entryNames(in: directory).count == keys.count)
    for (number, key) in keys.enumerated() {
      guard case .hit(let cached) = await cache.loadFirstPage(for: key) else {
        Issue.record("no entry for \(key)")
        continue
      }
      #expect(cached.page.items.first?.id == number * 10, "wrong entry for \(key)")
    }
    await cache.removeFirstPage(for: keys[2])
    #expect(await cache.loadFirstPage(for: keys[2]) == .miss(.notFound))
    #expect(CacheFixtures.entryNames(in: directory).count == keys.count - 1)
  }

  @Test func savingAgainReplacesTheEntry() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))
    try await cache.saveFirstPage(CacheFixtures.page(50), for: key)
    let second = CacheFixtures.page(2, from: 100)
    try await cache.saveFirstPage(second, for: key)
    let cached = try #require(await cache.loadFirstPage(for: key).hit, "no entry")
    #expect(cached.page == second)
    let entries = CacheFixtures.entryNames(in: directory)
    #expect(entries.count == 1)
    let size = try Data(contentsOf: directory.appendingPathComponent(entries[0])).count
    #expect(await cache.totalBytes == size)
  }

  /// The directory is listed once, when the cache first needs its index: a read costs the same
  /// few file operations however many entries the directory holds.
  @Test func onlyTheFirstReadListsTheDirectory() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let key = PageCacheKey(listName: "photos")
    let writer = makeCache(directory)
    for name in ["photos", "a", "b", "c"] {
      try await writer.saveFirstPage(CacheFixtures.page(5), for: PageCacheKey(listName: name))
    }
    let cache = makeCache(directory)
    var costs: [Int] = []
    for _ in 0..<4 {
      let before = cache.ioAudit.counts.onExecutor
      #expect(await cache.loadFirstPage(for: key).hit != nil)
      costs.append(cache.ioAudit.counts.onExecutor - before)
    }
    // The first read also lists the directory (one operation); the others only read and touch.
    #expect(costs.dropFirst().allSatisfy { $0 == costs[1] }, "\(costs)")
    #expect(costs[0] == costs[1] + 1, "\(costs)")
  }

  // MARK: Missing directory

  @Test func missingDirectoryIsAnEmptyCacheAndAReadDoesNotCreateIt() async {
    let parent = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(parent) }
    let directory = parent.appendingPathComponent("never-made")
    let cache = makeCache(directory)
    #expect(await cache.loadFirstPage(for: PageCacheKey(listName: "photos")) == .miss(.notFound))
    #expect(await cache.totalBytes == 0)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func purgedDirectoryIsRecreatedOnTheNextSave() async throws {
    let parent = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(parent) }
    let directory = parent.appendingPathComponent("a/b/cache")
    let cache = makeCache(directory)
    let key = PageCacheKey(listName: "photos")
    try await cache.saveFirstPage(CacheFixtures.page(40), for: key)
    try await cache.saveFirstPage(CacheFixtures.page(40), for: PageCacheKey(listName: "other"))
    try FileManager.default.removeItem(at: parent.appendingPathComponent("a"))
    #expect(await cache.loadFirstPage(for: key) == .miss(.notFound))
    #expect(await cache.totalBytes == 0, "the read found the entries gone")

    try await cache.saveFirstPage(CacheFixtures.page(3), for: key)
    let cached = try #require(
      await cache.loadFirstPage(for: key).hit, "no entry after the directory came back")
    #expect(cached.page.items.count == 3)
    #expect(CacheFixtures.mode(of: directory) == 0o700)
    // The purged entries no longer count against the limit.
    let size = try Data(
      contentsOf: directory.appendingPathComponent(CacheFixtures.entryNames(in: directory)[0]))
    #expect(await cache.totalBytes == size.count)

    // Purged again and saved to at once, with no read in between to notice.
    try await cache.saveFirstPage(CacheFixtures.page(40), for: PageCacheKey(listName: "other"))
    try FileManager.default.removeItem(at: parent.appendingPathComponent("a"))
    try await cache.saveFirstPage(CacheFixtures.page(3), for: key)
    #expect(await cache.totalBytes == size.count, "only the entry saved since counts")
  }

  @Test func directoryThatCannotBeCreatedIsAWriteFailureAndReadsAreMisses() async throws {
    let parent = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(parent) }
    // A file stands where a parent directory of the cache should be.
    try Data("in the way".utf8).write(to: parent.appendingPathComponent("blocker"))
    let cache = makeCache(parent.appendingPathComponent("blocker/cache"))
    let key = PageCacheKey(listName: "photos")
    do {
      try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
      Issue.record("the save claimed to succeed")
    } catch {
      guard case .writeFailed(let reason) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(reason.contains("blocker"))
    }
    #expect(await cache.loadFirstPage(for: key) == .miss(.notFound))
    #expect(await cache.totalBytes == 0)
  }

  // MARK: Expiry and schema

  /// Saves an entry, moves the clock `edge` seconds, where the entry must still be served, then
  /// `past` seconds more, where it must be the miss `miss` and be removed.
  private func expectServedAtTheEdgeThenRemoved(
    timeToLive: Duration, edge: Double, past: Double, miss: PageCacheMiss, _ what: String
  ) async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    let cache = makeCache(directory, clock: clock, timeToLive: timeToLive)
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))
    try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
    clock.advance(by: edge)
    _ = try #require(await cache.loadFirstPage(for: key).hit, "\(what) should be served")
    clock.advance(by: past)
    #expect(await cache.loadFirstPage(for: key) == .miss(miss))
    #expect(CacheFixtures.entryNames(in: directory).isEmpty)
    #expect(await cache.loadFirstPage(for: key) == .miss(.notFound))
  }

  @Test func entryIsServedUntilItsTimeToLiveAndThenRemoved() async throws {
    try await expectServedAtTheEdgeThenRemoved(
      timeToLive: .seconds(100), edge: 100, past: 0.5, miss: .expired(age: .seconds(100.5)),
      "an entry exactly as old as its time-to-live")
  }

  @Test func entryDatedFurtherInTheFutureThanTheSkewAllowanceIsAMissAndIsRemoved() async throws {
    #expect(FilePageCache<Photo>.clockSkewAllowance == .seconds(60))
    try await expectServedAtTheEdgeThenRemoved(
      timeToLive: .seconds(3_600), edge: -60, past: -0.5, miss: .datedInTheFuture(by: .seconds(60.5)),
      "an entry dated exactly the allowance ahead")
  }

  @Test func entryDatedAYearAheadIsAMissEvenWithALongTimeToLive() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    let cache = makeCache(directory, clock: clock, timeToLive: .seconds(10 * 365 * 86_400))
    let key = PageCacheKey(listName: "photos")
    try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
    clock.advance(by: -365 * 86_400)
    #expect(await cache.loadFirstPage(for: key) == .miss(.datedInTheFuture(by: .seconds(365 * 86_400))))
  }

  @Test func clockSetBackFurtherThanAShortTimeToLiveExpiresTheEntry() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    // A time-to-live shorter than the skew allowance: a step back within the allowance but
    // beyond the time-to-live is as untrustworthy as an old entry.
    let cache = makeCache(directory, clock: clock, timeToLive: .seconds(30))
    let key = PageCacheKey(listName: "photos")
    try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
    clock.advance(by: -20)
    _ = try #require(
      await cache.loadFirstPage(for: key).hit, "a small clock step back should not expire the entry")
    clock.advance(by: -11)
    #expect(await cache.loadFirstPage(for: key) == .miss(.expired(age: .seconds(-31))))
  }

  @Test func entryOfAnotherSchemaVersionIsAMissAndIsRemoved() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let key = PageCacheKey(listName: "photos")
    try await makeCache(directory, schemaVersion: 1).saveFirstPage(CacheFixtures.page(2), for: key)
    let newer = makeCache(directory, schemaVersion: 2)
    #expect(await newer.loadFirstPage(for: key) == .miss(.schemaMismatch(found: 1, expected: 2)))
    #expect(CacheFixtures.entryNames(in: directory).isEmpty)
    #expect(await newer.loadFirstPage(for: key) == .miss(.notFound))
  }

  @Test func itemsThatNoLongerDecodeAreAMissAndAreRemoved() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let key = PageCacheKey(listName: "photos")
    let clock = CacheFixtures.ManualClock()
    try await makeCache(directory, clock: clock).saveFirstPage(CacheFixtures.page(2), for: key)
    let changed = FilePageCache<CacheFixtures.PhotoWithCaption>(directory: directory, now: clock.now)
    let lookup = await changed.loadFirstPage(for: key)
    guard case .miss(.undecodable(let reason)) = lookup else {
      Issue.record("expected an undecodable miss, got \(lookup)")
      return
    }
    #expect(reason.contains("caption"))
    #expect(CacheFixtures.entryNames(in: directory).isEmpty)
  }

  // MARK: Corrupt files

  /// Ways a file can be damaged, each applied to a good entry.
  static let damages: [(String, @Sendable (Data) -> Data)] = [
    ("empty", { _ in Data() }),
    ("cut to one byte", { $0.prefix(1) }),
    ("cut in half", { $0.prefix($0.count / 2) }),
    ("last byte lost", { $0.dropLast() }),
    ("not JSON", { _ in Data("this is not json".utf8) }),
    ("binary noise", { _ in Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151) }) }),
    ("JSON array", { _ in Data("[1,2,3]".utf8) }),
    ("header field missing", { _ in Data(#"{"schemaVersion":1,"items":[]}"#.utf8) }),
    (
      "items missing",
      { _ in Data(#"{"schemaVersion":1,"savedAt":1800000000,"itemCount":0,"hasMore":false}"#.utf8) }
    ),
    (
      "item count disagrees",
      { data in
        Data(
          String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: #""itemCount":5"#, with: #""itemCount":6"#
          ).utf8)
      }
    ),
  ]

  @Test(arguments: damages.indices)
  func damagedFileIsACorruptMissAndIsRemoved(damage: Int) async throws {
    let (what, damaged) = Self.damages[damage]
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    let cache = makeCache(directory, clock: clock)
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "t"))
    let file = try await saveOne(cache, key, in: directory)
    try damaged(try Data(contentsOf: file)).write(to: file)

    guard case .miss(.corrupt(let reason)) = await cache.loadFirstPage(for: key) else {
      Issue.record("\(what): expected a corrupt miss")
      return
    }
    #expect(!reason.isEmpty, "\(what)")
    #expect(!FileManager.default.fileExists(atPath: file.path), "\(what): the bad file stayed")
    #expect(await cache.totalBytes == 0, "\(what)")
    await CacheFixtures.expectKeyRecovers(cache, key, what)
  }

  /// An entry's first line alone is a whole envelope, of an empty payload; one byte less is too
  /// short to be one.
  @Test func theFirstLineAloneIsAnEmptyPayloadAndOneByteLessIsTooShort() {
    let line = CacheEnvelope.header(for: Data())
    guard case .success(let payload) = CacheEnvelope.payload(of: line) else {
      Issue.record("the first line alone was refused: \(CacheEnvelope.payload(of: line))")
      return
    }
    #expect(payload.isEmpty)
    guard case .failure(.tooShort(let bytes)) = CacheEnvelope.payload(of: line.dropLast()) else {
      Issue.record("a first line cut short was not too short: \(CacheEnvelope.payload(of: line.dropLast()))")
      return
    }
    #expect(bytes == line.count - 1)
  }

  @Test func everyTruncationOfAnEntryIsACorruptMissNeverAHit() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let key = PageCacheKey(listName: "photos")
    let file = try await saveOne(cache, key, in: directory)
    let whole = try Data(contentsOf: file)
    for length in 0..<whole.count {
      try whole.prefix(length).write(to: file)
      guard case .miss(.corrupt) = await cache.loadFirstPage(for: key) else {
        Issue.record("a file cut to \(length) of \(whole.count) bytes was not a corrupt miss")
        return
      }
    }
  }

  @Test func directoryInAnEntrysPlaceIsANotARegularFileMissAndIsKept() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let key = PageCacheKey(listName: "photos")
    // A directory where the entry file should be: it cannot be read as a file, and removing it
    // (with what it may hold) is not the cache's business.
    let path = directory.appendingPathComponent(CacheFileName(key: key).value)
    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
    #expect(await cache.loadFirstPage(for: key) == .miss(.notARegularFile(.directory)))
    #expect(FileManager.default.fileExists(atPath: path.path))
    #expect(await cache.totalBytes == 0)
  }

  // MARK: Security

  @Test func tokenNeverAppearsInAFileNameOrInAFile() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let token = "eyJhbGciOiJIUzI1NiJ9.SECRET-token-7731"
    let cache = makeCache(directory, byteLimit: 4_000)
    for list in ["photos", "videos", "likes", "token", token] {
      try await cache.saveFirstPage(
        CacheFixtures.page(20), for: PageCacheKey(listName: list, context: RequestContext(userToken: token)))
      try await cache.saveFirstPage(
        CacheFixtures.page(3),
        for: PageCacheKey(listName: "photos", context: RequestContext(userToken: token), query: list))
    }
    _ = await cache.loadFirstPage(
      for: PageCacheKey(listName: "photos", context: RequestContext(userToken: token)))

    let needles = [token, "SECRET-token-7731", "eyJhbGciOiJIUzI1NiJ9"]
    let names = CacheFixtures.fileNames(in: directory)
    #expect(!names.isEmpty)
    for name in names {
      for needle in needles {
        #expect(!name.contains(needle), "\(needle) in the file name \(name)")
      }
      let contents = try Data(contentsOf: directory.appendingPathComponent(name))
      for needle in needles {
        #expect(contents.firstRange(of: Data(needle.utf8)) == nil, "\(needle) inside \(name)")
      }
    }
    // The file names do carry the one-way user scope.
    let scope = String(CacheFileName.userScope(for: .token(token)).prefix(16))
    #expect(names.allSatisfy { $0.hasPrefix("\(scope)~") })
  }

  @Test func signingOutRemovesOnlyThatUsersEntries() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let alice = PageCacheKey(listName: "photos", context: RequestContext(userToken: "alice-token"))
    let aliceSearch = PageCacheKey(
      listName: "search", context: RequestContext(userToken: "alice-token"), query: "cats")
    let bob = PageCacheKey(listName: "photos", context: RequestContext(userToken: "bob-token"))
    let shared = PageCacheKey(listName: "photos")
    try await expectSigningOut(
      .token("alice-token"), of: cache, removes: [alice, aliceSearch], keeps: [bob, shared])
    await cache.removeAll()
    #expect(CacheFixtures.entryNames(in: directory).isEmpty)
    #expect(await cache.totalBytes == 0)
  }

  /// An entry whose file went (another process, the system clearing caches) is forgotten at its
  /// next load: no longer counted in the cache's size.
  @Test func anEntryWhoseFileWentIsForgottenAtItsNextLoad() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let key = PageCacheKey(listName: "photos")
    try await cache.saveFirstPage(CacheFixtures.page(2), for: key)
    #expect(await cache.totalBytes > 0)
    for name in CacheFixtures.entryNames(in: directory) {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
    #expect(await cache.loadFirstPage(for: key) == .miss(.notFound))
    #expect(await cache.totalBytes == 0)
  }

  @Test func signingOutAnAccountRemovesItsEntriesWhateverTheTokenTheyWereSavedWith() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory)
    let alice = PageCacheKey(listName: "photos", context: RequestContext(accountID: "alice", userToken: "t1"))
    let aliceRotated = PageCacheKey(
      listName: "search", context: RequestContext(accountID: "alice", userToken: "t2"), query: "cats")
    // A token that happens to read like the account id is another user.
    let lookalike = PageCacheKey(listName: "photos", context: RequestContext(userToken: "alice"))
    let bob = PageCacheKey(listName: "photos", context: RequestContext(accountID: "bob", userToken: "t1"))
    try await expectSigningOut(
      .account("alice"), of: cache, removes: [alice, aliceRotated], keeps: [lookalike, bob])
  }

  @Test func keysCannotReachOutsideTheDirectory() async throws {
    let parent = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(parent) }
    let directory = parent.appendingPathComponent("cache")
    let cache = makeCache(directory, byteLimit: 1 << 24)
    let hostile = [
      "../../escaped", "../", "..", ".", "/tmp/absolute", "a/b/c", "nul\u{0}byte", "\u{0}",
      String(repeating: "long", count: 5_000), "~", "x~shared~y", ".json", "名前 📷", "",
      "back\\slash", "new\nline",
    ]
    var keys: [PageCacheKey] = []
    for text in hostile {
      keys.append(PageCacheKey(listName: text))
      keys.append(PageCacheKey(listName: "photos", context: RequestContext(userToken: text)))
      keys.append(PageCacheKey(listName: "photos", query: text))
    }
    for (number, key) in keys.enumerated() {
      try await cache.saveFirstPage(CacheFixtures.page(1, from: number), for: key)
    }
    #expect(CacheFixtures.fileNames(in: parent) == ["cache"], "something was written beside the cache")
    let names = CacheFixtures.fileNames(in: directory)
    #expect(Set(names).count == Set(keys).count)
    for name in names {
      #expect(name.utf8.count <= 120, "\(name) is too long")
      #expect(
        name.utf8.allSatisfy { byte in
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "_-~.".utf8.contains(byte)
        }, "\(name) has an unsafe character")
      #expect(!name.hasPrefix("."), "\(name) is hidden or relative")
      #expect(CacheFileName.isEntryName(name), "\(name) is not recognised as an entry")
    }
    for (number, key) in keys.enumerated() {
      guard case .hit(let cached) = await cache.loadFirstPage(for: key), cached.page.items.first?.id == number
      else {
        Issue.record("key \(number) did not come back as its own entry")
        continue
      }
    }
  }

  /// The directories the cache makes are its own (0700); those that were there keep their mode.
  @Test func entriesAreMode0600AndTheDirectory0700() async throws {
    let parent = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(parent) }
    chmod(parent.path, 0o755)
    let directory = parent.appendingPathComponent("new/cache")
    let cache = makeCache(directory)
    try await cache.saveFirstPage(CacheFixtures.page(2), for: PageCacheKey(listName: "photos"))
    #expect(CacheFixtures.mode(of: directory) == 0o700)
    #expect(CacheFixtures.mode(of: parent.appendingPathComponent("new")) == 0o700)
    #expect(CacheFixtures.mode(of: parent) == 0o755, "a directory that was there is not the cache's")
    for name in CacheFixtures.fileNames(in: directory) {
      #expect(CacheFixtures.mode(of: directory.appendingPathComponent(name)) == 0o600, "\(name)")
    }
  }

  @Test func defaultDirectoryFollowsXDGAndStaysInsideIt() {
    let home = URL(fileURLWithPath: "/home/someone")
    let xdg = FilePageCacheLocation.defaultDirectory(
      named: "photos", environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"], home: home)
    #expect(xdg.path == "/var/cache/me/ListKit/photos")
    let fallback = FilePageCacheLocation.defaultDirectory(
      named: "photos", environment: ["HOME": "/home/me"], home: home)
    #expect(fallback.path == "/home/me/.cache/ListKit/photos")
    let relative = FilePageCacheLocation.defaultDirectory(
      named: "photos", environment: ["XDG_CACHE_HOME": "relative/dir"], home: home)
    #expect(relative.path == "/home/someone/.cache/ListKit/photos")
    #expect(
      xdg.hasDirectoryPath && fallback.hasDirectoryPath && relative.hasDirectoryPath,
      "a directory's URL says so")
    let hostile = FilePageCacheLocation.defaultDirectory(
      named: "../../etc", environment: ["XDG_CACHE_HOME": "/c"], home: home)
    #expect(hostile.deletingLastPathComponent().path == "/c/ListKit")
    #expect(!hostile.lastPathComponent.contains("."))
    // Names that differ only in a character the directory name cannot hold stay apart.
    let names = ["a/b", "a_b", "a.b", "a b"].map {
      FilePageCacheLocation.defaultDirectory(named: $0, environment: ["XDG_CACHE_HOME": "/c"], home: home)
    }
    #expect(Set(names).count == names.count, "\(names.map(\.lastPathComponent))")
    // No name leaves the directory without a name of its own, or with one too long.
    for name in ["", String(repeating: "p", count: 200)] {
      let component = FilePageCacheLocation.defaultDirectory(
        named: name, environment: ["XDG_CACHE_HOME": "/c"], home: home
      ).lastPathComponent
      #expect(component != "ListKit" && !component.isEmpty && component.count <= 64, "\(component)")
    }
    // Long names that differ only past what a directory name keeps stay apart too.
    let long = [String(repeating: "p", count: 200), String(repeating: "p", count: 199) + "q"].map {
      FilePageCacheLocation.defaultDirectory(named: $0, environment: ["XDG_CACHE_HOME": "/c"], home: home)
    }
    #expect(long[0] != long[1])
    // A name of exactly the longest length, every character allowed, is kept as it is.
    let longest = String(repeating: "p", count: 64)
    #expect(
      FilePageCacheLocation.defaultDirectory(
        named: longest, environment: ["XDG_CACHE_HOME": "/c"], home: home
      ).lastPathComponent == longest)
    #if os(Linux)
      #expect(FilePageCache<Photo>.defaultDirectory(named: "photos").path.hasSuffix("/ListKit/photos"))
    #endif
  }

  // MARK: Size limit and eviction

  @Test func entryLargerThanTheWholeLimitIsRefusedAndTheOldOneKept() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = makeCache(directory, byteLimit: 2_000)
    let key = PageCacheKey(listName: "photos")
    try await cache.saveFirstPage(CacheFixtures.page(3), for: key)
    do {
      try await cache.saveFirstPage(CacheFixtures.page(500), for: key)
      Issue.record("a page over the limit was accepted")
    } catch {
      guard case .entryTooLarge(let bytes, let limit) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(bytes > 2_000)
      #expect(limit == 2_000)
    }
    let cached = try #require(await cache.loadFirstPage(for: key).hit, "the old entry was lost")
    #expect(cached.page.items.count == 3)
    #expect(CacheFixtures.fileNames(in: directory).count == 1, "a file was left behind")
  }

  @Test func anEntryOfExactlyTheLimitIsServedAndCounted() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let key = PageCacheKey(listName: "photos")
    try await makeCache(directory).saveFirstPage(CacheFixtures.page(10), for: key)
    let entrySize = await makeCache(directory).totalBytes
    // The limit is the most bytes allowed: an entry that takes all of it is still served, and
    // a cache that starts over the directory counts it.
    let cache = makeCache(directory, byteLimit: entrySize)
    #expect(await cache.totalBytes == entrySize)
    #expect(await cache.loadFirstPage(for: key).hit?.page.items.count == 10)
    // Saved again at the same size (the same page and save time): it still fits.
    try await cache.saveFirstPage(CacheFixtures.page(10), for: key)
    #expect(await cache.totalBytes == entrySize)
    let tooSmall = makeCache(directory, byteLimit: entrySize - 1)
    #expect(await tooSmall.loadFirstPage(for: key).hit == nil)
  }

  @Test func leastRecentlyUsedEntriesAreEvictedFirst() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    let probe = makeCache(CacheFixtures.temporaryDirectory(), clock: clock)
    try await probe.saveFirstPage(CacheFixtures.page(10), for: PageCacheKey(listName: "a"))
    let entrySize = await probe.totalBytes
    CacheFixtures.removeDirectory(probe.directory)

    // Room for three entries of this size, not four.
    let cache = makeCache(directory, clock: clock, byteLimit: entrySize * 3 + entrySize / 2)
    let keys = ["a", "b", "c", "d", "e"].map { PageCacheKey(listName: $0) }
    for key in keys[0..<3] {
      try await cache.saveFirstPage(CacheFixtures.page(10), for: key)
      clock.advance(by: 1)
    }
    _ = await cache.loadFirstPage(for: keys[0])  // a is now the most recently used
    clock.advance(by: 1)
    try await cache.saveFirstPage(CacheFixtures.page(10), for: keys[3])  // evicts b
    clock.advance(by: 1)
    #expect(await cache.loadFirstPage(for: keys[1]) == .miss(.notFound))
    #expect(await cache.totalBytes <= cache.byteLimit)

    // A new instance rebuilds the order from the files: c is now the least recently used.
    let restarted = makeCache(directory, clock: clock, byteLimit: cache.byteLimit)
    try await restarted.saveFirstPage(CacheFixtures.page(10), for: keys[4])
    for (key, expected) in [(keys[0], true), (keys[2], false), (keys[3], true), (keys[4], true)] {
      let isHit: Bool
      if case .hit = await restarted.loadFirstPage(for: key) { isHit = true } else { isHit = false }
      #expect(isHit == expected, "\(key.listName)")
    }
    #expect(await restarted.totalBytes <= restarted.byteLimit)
  }

  @Test func aSmallerLimitAtStartEvictsDownToIt() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let clock = CacheFixtures.ManualClock()
    let roomy = makeCache(directory, clock: clock)
    for name in ["a", "b", "c", "d"] {
      try await roomy.saveFirstPage(CacheFixtures.page(10), for: PageCacheKey(listName: name))
      clock.advance(by: 1)
    }
    let total = await roomy.totalBytes
    let tight = makeCache(directory, clock: clock, byteLimit: total / 2)
    #expect(await tight.totalBytes <= total / 2)
    #expect(await tight.loadFirstPage(for: PageCacheKey(listName: "a")) == .miss(.notFound))
    #expect(
      await tight.loadFirstPage(for: PageCacheKey(listName: "d")).hit != nil, "the newest entry was evicted")
  }

  @Test func filesTheCacheDidNotMakeAreNeverCountedEvictedOrRemoved() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let foreign = [
      "notes.json", "readme.txt", "shared~abc.json",
      "0123456789abcdef~\(String(repeating: "g", count: 64)).json",
      "SHARED~\(String(repeating: "a", count: 64)).json",
    ]
    for name in foreign {
      try Data(repeating: 65, count: 5_000).write(to: directory.appendingPathComponent(name))
    }
    let cache = makeCache(directory, byteLimit: 3_000)
    #expect(await cache.totalBytes == 0)
    for name in ["a", "b", "c", "d"] {
      try await cache.saveFirstPage(CacheFixtures.page(10), for: PageCacheKey(listName: name))
    }
    await cache.removeEntries(forUser: nil)
    await cache.removeAll()
    #expect(CacheFixtures.fileNames(in: directory) == foreign.sorted())
  }

  @Test func abandonedTemporaryFilesAreRemovedAtStartAndFreshOnesKept() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    // Temporary files are stamped with the real time, which the cache reads to judge them.
    let now = Int(Date().timeIntervalSince1970)
    let abandoned = ".tmp-\(now - 3_600)-DEAD"
    let fresh = ".tmp-\(now)-LIVE"
    for name in [abandoned, fresh] {
      try Data("partial".utf8).write(to: directory.appendingPathComponent(name))
    }
    let cache = makeCache(directory)
    #expect(await cache.totalBytes == 0)
    #expect(CacheFixtures.fileNames(in: directory) == [fresh])
  }

  /// A temporary file is abandoned once it is older than `abandonedTemporaryAge` by the wall
  /// clock: one exactly that old may still be a writer's, and a writer stamps by the same clock.
  @Test func aTemporaryFileIsAbandonedOnlyPastItsAge() throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let now = 1_000_000
    let age = Int(CacheDirectory.abandonedTemporaryAge)
    let files = CacheDirectory(
      url: directory, audit: BlockingWorkAudit(executor: BlockingWorkExecutor(label: "test")),
      wallClock: { Double(now) })
    let atTheAge = ".tmp-\(now - age)-EDGE"
    let pastIt = ".tmp-\(now - age - 1)-DEAD"
    for name in [atTheAge, pastIt] {
      try Data("partial".utf8).write(to: directory.appendingPathComponent(name))
    }
    #expect(files.listEntries(limit: 1_000).isEmpty)
    #expect(CacheFixtures.fileNames(in: directory) == [atTheAge])
  }
}
