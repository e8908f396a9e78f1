/// One diff measured on one case of the diff benchmarks: the figures the diff table and the
/// hash-floor table both print, each beside its own baseline.
struct DiffMeasurement {
  /// Items in the case.
  var count: Int
  /// Sections the items are spread over.
  var sections: Int
  /// Median seconds of one `difference(from:)`.
  var seconds: Double
  /// Item moves in the changeset, over all its stages.
  var moves: Int
  /// What one diff allocates beyond its input, where the platform reports it.
  var extraMemory: Int?
}
