/// What kind of file system object stands where a cache entry should be, when it is not a
/// regular file.
///
/// A cache reads regular files only. Opening anything else can block (a named pipe waits for a
/// writer), have side effects (a device) or lead outside the cache (a symbolic link), so the cache
/// reports the kind as ``PageCacheMiss/notARegularFile(_:)`` without reading it.
public enum PageCacheFileKind: Hashable, Sendable {
  /// A directory.
  case directory
  /// A symbolic link; the cache never follows one.
  case symbolicLink
  /// A named pipe (FIFO).
  case namedPipe
  /// A Unix domain socket.
  case socket
  /// A character device.
  case characterDevice
  /// A block device.
  case blockDevice
  /// A kind the system reports that is none of the above.
  case other
}
