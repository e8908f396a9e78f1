// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uiimageview/init(image:)
// https://developer.apple.com/documentation/uikit/uistackview/init(arrangedsubviews:)
// https://developer.apple.com/documentation/uikit/uibutton/init(type:) and setTitle(_:for:)
// https://developer.apple.com/documentation/uikit/uitableview/backgroundview
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The view shown instead of an empty list: a title, a message, an optional image, and a retry
  /// button when the first page failed to load.
  ///
  /// Set it as the table's `backgroundView` and bind it to the list:
  ///
  /// ```swift
  /// let empty = EmptyStateView()
  /// empty.title = "No photos yet"
  /// empty.bind(to: photos)
  /// tableView.backgroundView = empty
  /// ```
  ///
  /// It shows the list's `PagedList/status` when it is the empty state's: an empty first
  /// page, or a failure while no item is shown; it hides otherwise.
  @MainActor
  public final class EmptyStateView: UIView {
    /// The title shown for an empty list.
    ///
    /// Default: "Nothing here yet".
    public var title = "Nothing here yet" {
      didSet { render() }
    }
    /// The message under the title for an empty list.
    public var message = "" {
      didSet { render() }
    }
    /// The title shown when the first page failed; the message is the error's.
    ///
    /// Default: "Couldn't load".
    public var failureTitle = "Couldn't load" {
      didSet { render() }
    }
    /// The retry button's title.
    ///
    /// Default: "Retry".
    public var retryTitle = "Retry" {
      didSet { render() }
    }
    /// Called when the retry button is tapped; ``bind(to:)`` sets it to the list's `retry()`.
    public var onRetry: (@MainActor () -> Void)?

    /// The image above the title; hidden while `nil`.
    public let imageView = UIImageView()
    /// The title label.
    public let titleLabel = UILabel()
    /// The message label.
    public let messageLabel = UILabel()
    /// The button shown after a failure.
    public let retryButton = UIButton(type: .system)

    private var failureMessage: String?
    private let renderer = ObservationRenderer()

    /// Creates a hidden empty-state view.
    /// - Parameter frame: The frame.
    public override init(frame: CGRect) {
      super.init(frame: frame)
      setUp()
    }

    /// Creates a hidden empty-state view from a storyboard or nib.
    /// - Parameter coder: The decoder.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    /// Shows what a list's presentation says the empty state is, or hides.
    /// - Parameter emptyState: The decision, from `PagingPresentation/emptyState`.
    package func apply(_ emptyState: PagingPresentation.EmptyState) {
      switch emptyState {
      case .hidden:
        failureMessage = nil
        isHidden = true
      case .empty:
        failureMessage = nil
        isHidden = false
      case .failed(let error):
        failureMessage = error.message
        isHidden = false
      }
      render()
    }

    /// Follows a paged list (with Observation) and retries it from the button.
    ///
    /// Replaces an earlier binding; holds the list weakly.
    /// - Parameter list: The list.
    public func bind<Item: Identifiable & Sendable>(to list: PagedList<Item>) where Item.ID: Sendable {
      onRetry = { [weak list] in _ = list?.retry() }
      renderer.start(self, following: list) { $0.apply($1.emptyState) }
    }

    /// Stops following the list bound with ``bind(to:)``.
    public func unbind() {
      renderer.cancel()
      onRetry = nil
    }

    private func setUp() {
      isHidden = true
      imageView.contentMode = .scaleAspectFit
      imageView.tintColor = .tertiaryLabel
      titleLabel.font = .preferredFont(forTextStyle: .headline)
      titleLabel.adjustsFontForContentSizeCategory = true
      titleLabel.textAlignment = .center
      titleLabel.numberOfLines = 0
      messageLabel.font = .preferredFont(forTextStyle: .subheadline)
      messageLabel.adjustsFontForContentSizeCategory = true
      messageLabel.textColor = .secondaryLabel
      messageLabel.textAlignment = .center
      messageLabel.numberOfLines = 0
      retryButton.addTarget(self, action: #selector(retryTapped), for: .touchUpInside)

      let stack = UIStackView(
        statusViews: [imageView, titleLabel, messageLabel, retryButton], axis: .vertical)
      addSubview(stack)
      NSLayoutConstraint.activate([
        stack.centerYAnchor.constraint(equalTo: centerYAnchor),
        stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      ])
      render()
    }

    private func render() {
      imageView.isHidden = imageView.image == nil
      retryButton.setTitle(retryTitle, for: .normal)
      if let failureMessage {
        titleLabel.text = failureTitle
        messageLabel.text = failureMessage
        retryButton.isHidden = false
      } else {
        titleLabel.text = title
        messageLabel.text = message
        retryButton.isHidden = true
      }
      messageLabel.isHidden = messageLabel.text?.isEmpty ?? true
    }

    @objc private func retryTapped() {
      onRetry?()
    }
  }
#endif
