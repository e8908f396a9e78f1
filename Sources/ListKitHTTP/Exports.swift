// HTTPPageLoader's API speaks in PageRequest, Page and RequestContext; re-export ListKit so that
// `import ListKitHTTP` is all an app writes to configure one. Neither ListKit nor ListDiff
// declares a free function, so this adds their types, not global names.
@_exported import ListKit

// HTTPTransport and HTTPRequestBuilder speak URLRequest and URLSession, which Linux keeps in
// FoundationNetworking; re-export it so a custom loader's file compiles with the same imports on
// every platform.
#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
