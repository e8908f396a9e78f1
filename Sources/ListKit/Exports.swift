// ListKit's API speaks in ItemPath, BatchUpdate and snapshots; re-export them so that
// `import ListKit` is all an app writes. ListDiff declares no free functions (diffing and
// applying are methods of SectionedSnapshot), so this adds types to an app's namespace, not
// global names.
@_exported import ListDiff
