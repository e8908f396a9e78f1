extension PagedList {
  /// Applies an edit the server already has: it shows at once and stays, as if a page had
  /// brought it.
  ///
  /// The change reaches the view as one batch update (``ItemsChange/edited(removed:inserted:updated:)``
  /// through ``onItemsChanged`` and the sections). The next page that brings the item brings the
  /// server's copy, which replaces it; the first-page cache saves only what pages brought.
  ///
  /// ```swift
  /// photos.apply(.update(id: photo.id) { $0.title = newTitle })
  /// photos.apply(.remove(id: photo.id))
  /// photos.apply(.insert(uploaded, at: .top))
  /// ```
  /// - Parameter edit: The edit.
  /// - Complexity: O(1) for an update or replace while no edit waits for the server; O(*n*) for
  ///   *n* items otherwise, an insert or a remove included.
  public func apply(_ edit: ItemEdit<Item>) {
    reportingAppInsert(edit) { _ = transition { $0.applyEdit(edit, pending: false).actions } }
    editRecorder?(.applied(edit, pending: nil))
  }

  /// Runs `body` with ``isReportingAppInsert`` telling whether `edit` is an insert.
  private func reportingAppInsert(_ edit: ItemEdit<Item>, _ body: () -> Void) {
    if case .insert = edit { isReportingAppInsert = true }
    defer { isReportingAppInsert = false }
    body()
  }

  /// Shows an edit at once and keeps it on top of every load until the app reports the server's
  /// answer: an optimistic like, a message being sent.
  ///
  /// Pending edits survive next and previous pages, page dropping and refreshes: when fresh
  /// pages arrive, the edit is applied to them again (an update to an item that is not loaded
  /// waits for it). ``switchContext(to:query:)`` drops every pending edit. The first-page cache
  /// never saves one.
  ///
  /// ```swift
  /// let like = photos.applyPending(.update(id: photo.id) { $0.isLiked = true })
  /// do {
  ///   try await api.like(photo.id)
  ///   photos.confirm(like)
  /// } catch {
  ///   photos.rollBack(like)  // the row animates back
  /// }
  /// ```
  /// - Parameter edit: The edit.
  /// - Returns: Its handle, for ``confirm(_:serverItem:)`` or ``rollBack(_:)``.
  /// - Complexity: O(1) for an update or replace while the pending edits are all updates or
  ///   replaces (after the first, which copies the items once); O(*n*) for *n* items otherwise.
  @discardableResult
  public func applyPending(_ edit: ItemEdit<Item>) -> PendingEdit {
    var handle: PendingEdit?
    reportingAppInsert(edit) {
      _ = transition { machine in
        let result = machine.applyEdit(edit, pending: true)
        handle = result.handle
        return result.actions
      }
    }
    guard let handle else { preconditionFailure("internal inconsistency: an edit without a handle") }
    editRecorder?(.applied(edit, pending: handle))
    return handle
  }

  /// Keeps a pending edit: the server accepted it.
  ///
  /// The items shown do not move: the edit becomes part of the loaded items (once no earlier
  /// pending edit touches the same item). When the server answers with its copy of the item,
  /// pass it: it takes the edit's place, and its row reloads. For an update or a replace that is
  /// the item as the server now has it (a like count, a server timestamp). For an insert it may
  /// carry another id than the one the app made up: a sent message with a temporary id then
  /// shows the server's id and content, and a page that brings it later replaces it instead of
  /// adding it twice. An item whose id the server echoes needs no copy: a page that brings that
  /// id replaces the inserted item even before the confirmation.
  /// - Parameters:
  ///   - edit: The handle ``applyPending(_:)`` returned; an edit already confirmed, rolled
  ///     back, or of a previous context does nothing.
  ///   - serverItem: The server's copy of the item, if it sent one: any for an insert; for an
  ///     update or a replace, one of the edited item's id (another is ignored); ignored for a
  ///     remove.
  public func confirm(_ edit: PendingEdit, serverItem: Item? = nil) {
    _ = transition { $0.confirmEdit(edit, serverItem: serverItem) }
    editRecorder?(.confirmed(edit, serverItem: serverItem))
  }

  /// Undoes a pending edit: the server refused it, or the request failed.
  ///
  /// The items shown go back to what is loaded with the other pending edits applied, as one
  /// batch update (a like's row animates back; an unsent message disappears).
  /// - Parameter edit: The handle ``applyPending(_:)`` returned; an edit already confirmed,
  ///   rolled back, or of a previous context does nothing.
  public func rollBack(_ edit: PendingEdit) {
    _ = transition { $0.rollBackEdit(edit) }
    editRecorder?(.rolledBack(edit))
  }

  /// Whether an edit is still waiting for ``confirm(_:serverItem:)`` or ``rollBack(_:)``.
  /// - Parameter edit: The handle ``applyPending(_:)`` returned.
  /// - Returns: `true` until it is confirmed, rolled back, or dropped by a context switch.
  public func isPending(_ edit: PendingEdit) -> Bool {
    machine.isPending(edit)
  }
}
