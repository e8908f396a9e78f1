// ListKit's API speaks in ItemPath, BatchUpdate and snapshots; re-export them so that
// `import ListKit` is all an app writes. ListDiff declares no free functions (diffing and
// applying are methods of SectionedSnapshot), so this adds types to an app's namespace, not
// global names.
@_exported import ListDiff
// The paged list (PagedList, its loaders, cache protocol, edits and status) is a module of its
// own below the managers and views, so that it can use nothing of theirs; a PagedSection shows
// it in a table. Re-exported so that `import ListKit` still brings it, as it did before the
// split. It declares no free functions either.
@_exported import ListKitPaging
