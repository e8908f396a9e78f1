// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uistackview/init(arrangedsubviews:)
#if canImport(UIKit)
  import UIKit

  extension UIStackView {
    /// The stack of a status view's parts (the empty-state view's, the load-more footer's):
    /// centred, 8 points apart, placed by constraints its owner adds.
    /// - Parameters:
    ///   - views: The parts, in order.
    ///   - axis: Along which the parts follow one another.
    convenience init(statusViews views: [UIView], axis: NSLayoutConstraint.Axis) {
      self.init(arrangedSubviews: views)
      self.axis = axis
      alignment = .center
      spacing = 8
      translatesAutoresizingMaskIntoConstraints = false
    }
  }
#endif
