// ListKit's API speaks in ItemPath, BatchUpdate and snapshots; re-export them so that
// `import ListKit` is all an app writes.
@_exported import ListDiff
