// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/init(style:) (style .medium)
// https://developer.apple.com/documentation/uikit/uibutton/init(type:) and setTitle(_:for:)
// https://developer.apple.com/documentation/uikit/uicontrol/addtarget(_:action:for:)
// https://developer.apple.com/documentation/uikit/uistackview/init(arrangedsubviews:)
// https://developer.apple.com/documentation/uikit/uiview/init(frame:) and init(coder:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// A load-more footer with the states users know from MJRefresh: idle, loading, no more data,
  /// and an error with a retry button.
  ///
  /// Set it as a table's `tableFooterView` (height ``preferredHeight``) and bind it to the list:
  ///
  /// ```swift
  /// let footer = LoadMoreFooterView(frame: CGRect(x: 0, y: 0, width: 0, height: LoadMoreFooterView.preferredHeight))
  /// footer.bind(to: photos)        // follows photos.status; Retry calls photos.retry()
  /// tableView.tableFooterView = footer
  /// ```
  ///
  /// It shows the list's `PagedList/status` (the core decides and tests the footer's part of
  /// it), so a refresh resets the footer exactly as it resets a `PagedSection`'s status row:
  /// "no more data" turns back into idle as soon as a refresh starts. For an empty list, or a first
  /// page that failed with nothing shown, the footer hides; an ``EmptyStateView`` shows those.
  @MainActor
  public final class LoadMoreFooterView: UIView {
    /// A height that fits one line of text and the spinner.
    public static let preferredHeight: CGFloat = 44

    /// What the footer shows now.
    package private(set) var state: PagingPresentation.Footer = .idle
    /// The words for loading and no more data (with the total, when the texts have a text for it).
    public var texts = PagingStatusTexts() {
      didSet { render() }
    }
    /// The text while idle.
    ///
    /// Default: empty (the next page loads by itself as the last rows appear).
    public var idleText = "" {
      didSet { render() }
    }
    /// The retry button's title.
    ///
    /// Default: "Retry".
    public var retryTitle = "Retry" {
      didSet { render() }
    }
    /// Whether a failure shows the retry button; when `false` the text says "tap to retry" (as in
    /// a status row, where selecting the row retries).
    public var showsRetryButton = true {
      didSet { render() }
    }
    /// Called when the retry button is tapped; ``bind(to:)`` sets it to the list's `retry()`.
    public var onRetry: (@MainActor () -> Void)?

    /// The text.
    public let label = UILabel()
    /// The spinner shown while loading.
    public let activityIndicator = UIActivityIndicatorView(style: .medium)
    /// The button shown after a failure.
    public let retryButton = UIButton(type: .system)

    private var overrideText: String?
    private let renderer = ObservationRenderer()

    /// Creates an idle footer.
    /// - Parameter frame: The frame; give it ``preferredHeight`` as a table footer.
    public override init(frame: CGRect) {
      super.init(frame: frame)
      setUp()
    }

    /// Creates an idle footer from a storyboard or nib.
    /// - Parameter coder: The decoder.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    /// Shows what a list's presentation says the footer is; `PagingPresentation/Footer/hidden`
    /// hides the footer.
    /// - Parameters:
    ///   - footer: The decision, from `PagingPresentation/footer`.
    ///   - text: Text to show instead of the footer's own, for example a status row's text.
    package func apply(_ footer: PagingPresentation.Footer, text: String? = nil) {
      overrideText = text
      state = footer
      isHidden = footer == .hidden
      render()
    }

    /// Shows what a paged section's status row says, inside that row.
    /// - Parameter statusCell: The core's status cell.
    func show(_ statusCell: PagingStatusCell) {
      apply(PagingPresentation.Footer(statusRow: statusCell.status), text: statusCell.text)
    }

    /// Fills a status cell's content view: the status row's look (no retry button, since
    /// selecting the row retries) at least ``preferredHeight`` tall.
    /// - Parameter contentView: The cell's content view.
    func embedAsStatusRow(in contentView: UIView) {
      showsRetryButton = false
      translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(self)
      NSLayoutConstraint.activate([
        leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
        trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
        topAnchor.constraint(equalTo: contentView.topAnchor),
        bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        heightAnchor.constraint(greaterThanOrEqualToConstant: Self.preferredHeight),
      ])
    }

    /// Follows a paged list (with Observation): shows its footer after every change and retries
    /// it from the button.
    ///
    /// Replaces an earlier binding. The footer holds the list weakly.
    /// - Parameter list: The list.
    public func bind<Item: Identifiable & Sendable>(to list: PagedList<Item>) where Item.ID: Sendable {
      onRetry = { [weak list] in _ = list?.retry() }
      renderer.start(self, following: list) { $0.apply($1.footer) }
    }

    /// Stops following the list bound with ``bind(to:)``.
    public func unbind() {
      renderer.cancel()
      onRetry = nil
    }

    private func setUp() {
      label.font = .preferredFont(forTextStyle: .footnote)
      label.adjustsFontForContentSizeCategory = true
      label.textColor = .secondaryLabel
      label.textAlignment = .center
      label.numberOfLines = 0
      activityIndicator.hidesWhenStopped = true
      retryButton.addTarget(self, action: #selector(retryTapped), for: .touchUpInside)

      let stack = UIStackView(statusViews: [activityIndicator, label, retryButton], axis: .horizontal)
      addSubview(stack)
      NSLayoutConstraint.activate([
        stack.centerXAnchor.constraint(equalTo: centerXAnchor),
        stack.centerYAnchor.constraint(equalTo: centerYAnchor),
        stack.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
        stack.topAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.topAnchor),
        stack.bottomAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.bottomAnchor),
      ])
      render()
    }

    private func render() {
      retryButton.setTitle(retryTitle, for: .normal)
      switch state {
      case .hidden, .idle:
        activityIndicator.stopAnimating()
        label.text = overrideText ?? idleText
        retryButton.isHidden = true
      case .loading:
        activityIndicator.startAnimating()
        label.text = overrideText ?? texts.loading
        retryButton.isHidden = true
      case .reachedEnd(let totalCount):
        activityIndicator.stopAnimating()
        label.text = overrideText ?? texts.text(for: .reachedEnd(totalCount: totalCount))
        retryButton.isHidden = true
      case .failed(let error):
        activityIndicator.stopAnimating()
        let withoutButton = texts.text(for: .failed(error)) ?? error.message
        label.text = overrideText ?? (showsRetryButton ? error.message : withoutButton)
        retryButton.isHidden = !showsRetryButton
      }
      label.isHidden = label.text?.isEmpty ?? true
    }

    @objc private func retryTapped() {
      onRetry?()
    }
  }
#endif
