// HTTPPageLoader's API speaks in PageRequest, Page and RequestContext; re-export ListKit so that
// `import ListKitHTTP` is all an app writes to configure one.
@_exported import ListKit
