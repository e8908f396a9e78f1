// A Linux stand-in for the parts of UIKit that ListKitUIKit and the example app use, written from
// the Swift declarations on Apple's documentation pages (the ones each ListKitUIKit file cites),
// with UIKit's @MainActor isolation. Only for `.ci/uikit-typecheck`: it catches type, optionality
// and isolation mistakes on Linux; it is not UIKit, and `@objc` conformance is not checked with it.
// Add a declaration here when ListKitUIKit starts using a new UIKit API.
@_exported import Foundation

public struct Selector { public init(_ name: String) {} }

extension IndexPath {
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  public var item: Int { self[1] }
  public var row: Int { self[1] }
  public var section: Int { self[0] }
}

@MainActor open class UIResponder: NSObject {}

@MainActor public final class NSLayoutConstraint {
  public enum Axis: Int { case horizontal, vertical }
  public static func activate(_ constraints: [NSLayoutConstraint]) {}
}
@MainActor public final class NSLayoutAnchor {
  public func constraint(equalTo anchor: NSLayoutAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
  public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
  public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
  public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}
@MainActor public final class UILayoutGuide {
  public var leadingAnchor = NSLayoutAnchor()
  public var trailingAnchor = NSLayoutAnchor()
  public var topAnchor = NSLayoutAnchor()
  public var bottomAnchor = NSLayoutAnchor()
}
public final class UIColor: @unchecked Sendable {
  public static let secondaryLabel = UIColor()
  public static let tertiaryLabel = UIColor()
}
public final class UIFont: @unchecked Sendable {
  public struct TextStyle: Sendable { public static let footnote = TextStyle(); public static let headline = TextStyle(); public static let subheadline = TextStyle() }
  public class func preferredFont(forTextStyle style: TextStyle) -> UIFont { UIFont() }
}
public final class UIImage {}
public final class NSCoder {}

@MainActor open class UIView: UIResponder {
  public enum ContentMode: Int { case scaleAspectFit }
  public init(frame: CGRect) { super.init() }
  public convenience override init() { self.init(frame: .zero) }
  public required init?(coder: NSCoder) { super.init() }
  open func layoutIfNeeded() {}
  open var frame: CGRect = .zero
  open var isHidden = false
  open var tintColor: UIColor!
  open var contentMode: ContentMode = .scaleAspectFit
  open var translatesAutoresizingMaskIntoConstraints = true
  open var layoutMarginsGuide = UILayoutGuide()
  open var leadingAnchor = NSLayoutAnchor()
  open var trailingAnchor = NSLayoutAnchor()
  open var topAnchor = NSLayoutAnchor()
  open var bottomAnchor = NSLayoutAnchor()
  open var centerXAnchor = NSLayoutAnchor()
  open var centerYAnchor = NSLayoutAnchor()
  open var heightAnchor = NSLayoutAnchor()
  open var window: UIView? { nil }
  open func addSubview(_ view: UIView) {}
}
@MainActor open class UILabel: UIView {
  public enum Alignment: Int { case center }
  open var text: String?
  open var font: UIFont!
  open var textColor: UIColor!
  open var textAlignment: NSTextAlignmentStub = .center
  open var numberOfLines = 1
  open var adjustsFontForContentSizeCategory = false
}
public enum NSTextAlignmentStub: Int { case center }
@MainActor open class UIImageView: UIView { open var image: UIImage? }
@MainActor open class UIStackView: UIView {
  public enum Alignment: Int { case center }
  public init(arrangedSubviews: [UIView]) { super.init(frame: .zero) }
  public required init?(coder: NSCoder) { super.init(frame: .zero) }
  open var axis: NSLayoutConstraint.Axis = .horizontal
  open var alignment: Alignment = .center
  open var spacing: CGFloat = 0
}
@MainActor open class UIActivityIndicatorView: UIView {
  public enum Style: Int { case medium }
  public init(style: Style) { super.init(frame: .zero) }
  public required init?(coder: NSCoder) { super.init(frame: .zero) }
  open var hidesWhenStopped = true
  open func startAnimating() {}
  open func stopAnimating() {}
}
@MainActor open class UIControl: UIView {
  public struct Event: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchUpInside = Event(rawValue: 1); public static let valueChanged = Event(rawValue: 2) }
  public struct State: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal: State = [] }
  open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {}
  open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {}
}
@MainActor open class UIButton: UIControl {
  public enum ButtonType: Int { case system }
  public convenience init(type: ButtonType) { self.init(frame: .zero) }
  open func setTitle(_ title: String?, for state: UIControl.State) {}
}
@MainActor open class UIRefreshControl: UIControl {
  public init() { super.init(frame: .zero) }
  public required init?(coder: NSCoder) { super.init(frame: .zero) }
  open var isRefreshing: Bool { false }
  open func endRefreshing() {}
}
@MainActor open class UIScrollView: UIView {
  open var refreshControl: UIRefreshControl?
  open var contentOffset: CGPoint = .zero
}

@MainActor open class UIContextualAction: NSObject {
  public enum Style: Int { case normal, destructive }
  public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void
  public convenience init(style: Style, title: String?, handler: @escaping Handler) { self.init() }
}
@MainActor open class UISwipeActionsConfiguration: NSObject {
  public convenience init(actions: [UIContextualAction]) { self.init() }
  open var performsFirstActionWithFullSwipe = true
}

@MainActor open class UITableViewCell: UIView {
  public enum CellStyle: Int { case `default`, subtitle }
  public enum EditingStyle: Int { case none, delete, insert }
  public enum SelectionStyle: Int { case none, `default` }
  public init(style: CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
  public convenience init() { self.init(style: .default, reuseIdentifier: nil) }
  public required init?(coder: NSCoder) { super.init(frame: .zero) }
  open var contentView = UIView(frame: .zero)
  open var selectionStyle: SelectionStyle = .default
}
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}
@MainActor public protocol UITableViewDelegate: NSObjectProtocol {}
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
}
@MainActor open class UITableView: UIScrollView {
  public enum RowAnimation: Int { case automatic, fade }
  public static let automaticDimension: CGFloat = -1
  open weak var dataSource: (any UITableViewDataSource)?
  open weak var delegate: (any UITableViewDelegate)?
  open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
  open var rowHeight: CGFloat = -1
  open var estimatedRowHeight: CGFloat = -1
  open var sectionHeaderHeight: CGFloat = -1
  open var sectionFooterHeight: CGFloat = -1
  open var indexPathsForVisibleRows: [IndexPath]? { nil }
  open var visibleCells: [UITableViewCell] { [] }
  open func indexPath(for cell: UITableViewCell) -> IndexPath? { nil }
  open func rectForRow(at indexPath: IndexPath) -> CGRect { .zero }
  public enum ScrollPosition: Int { case none, top, middle, bottom }
  open var numberOfSections: Int { 0 }
  open func numberOfRows(inSection section: Int) -> Int { 0 }
  open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell { UITableViewCell(style: .default, reuseIdentifier: identifier) }
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { nil }
  open func reloadData() {}
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {}
  open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {}
  open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
  open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
  open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
}

@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  open var frame: CGRect = .zero
}
@MainActor open class UICollectionViewCell: UIView {
  open var contentView = UIView(frame: .zero)
}
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}
@MainActor public protocol UICollectionViewDelegate: NSObjectProtocol {}
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
}
@MainActor open class UICollectionView: UIScrollView {
  open weak var dataSource: (any UICollectionViewDataSource)?
  open weak var delegate: (any UICollectionViewDelegate)?
  open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
  open var indexPathsForVisibleItems: [IndexPath] { [] }
  public struct ScrollPosition: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
  }
  open var numberOfSections: Int { 0 }
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  open var visibleCells: [UICollectionViewCell] { [] }
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { nil }
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell(frame: .zero) }
  open func reloadData() {}
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  open func deleteSections(_ sections: IndexSet) {}
  open func insertSections(_ sections: IndexSet) {}
  open func reloadSections(_ sections: IndexSet) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func deleteItems(at indexPaths: [IndexPath]) {}
  open func insertItems(at indexPaths: [IndexPath]) {}
  open func reloadItems(at indexPaths: [IndexPath]) {}
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
}

public struct UIListContentConfiguration {
  public struct TextProperties { public var color: UIColor = .secondaryLabel; public var font: UIFont = UIFont() }
  public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public var text: String?
  public var secondaryText: String?
  public var textProperties = TextProperties()
}
extension UITableViewCell {
  public var contentConfiguration: UIListContentConfiguration? { get { nil } set {} }
}
extension UITableView {
  public var tableFooterView: UIView? { get { nil } set {} }
  public var backgroundView: UIView? { get { nil } set {} }
}
@MainActor open class UIViewController: UIResponder {
  public override init() { super.init() }
  open var title: String?
  open func viewDidLoad() {}
}
@MainActor open class UITableViewController: UIViewController {
  public init(style: UITableView.Style) { super.init() }
  public required init?(coder: NSCoder) { super.init() }
  open var tableView = UITableView(frame: .zero)
}
extension UITableView { public enum Style: Int { case plain } }
