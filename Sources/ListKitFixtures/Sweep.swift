import Foundation

/// How long the property tests' random sweeps run, chosen by the environment.
///
/// `LISTKIT_HEAVY=1` runs the long sweeps (minutes), for the rarest cases; `LISTKIT_LIGHT=1`
/// runs a tenth of the standard ones, for the sanitizer runs of `.ci/run`: there every test runs
/// several times slower on the same cores, and the sweeps, which exercise no concurrency, would
/// only take the processor from the tests that do. Without either, the standard sweeps run.
package enum Sweep: Sendable {
  case light, standard, heavy

  /// The size the environment asks for.
  package static let current: Sweep = {
    let environment = ProcessInfo.processInfo.environment
    if environment["LISTKIT_HEAVY"] == "1" { return .heavy }
    if environment["LISTKIT_LIGHT"] == "1" { return .light }
    return .standard
  }()

  /// `standard` runs; `heavy` when heavy; when light, `light` or else a tenth of `standard` (at
  /// least one).
  package static func runs(_ standard: Int, heavy: Int, light: Int? = nil) -> Int {
    switch current {
    case .light: light ?? max(1, standard / 10)
    case .standard: standard
    case .heavy: heavy
    }
  }
}
