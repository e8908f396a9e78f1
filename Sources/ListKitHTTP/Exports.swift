// HTTPPageLoader's API speaks in PageRequest, Page and RequestContext; re-export ListKit so that
// `import ListKitHTTP` is all an app writes to configure one. Neither ListKit nor ListDiff
// declares a free function, so this adds their types, not global names.
@_exported import ListKit
