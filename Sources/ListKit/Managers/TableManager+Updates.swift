extension TableManager {
  /// Shows the current sections, rows and conditions in the view: an animated batch update
  /// computed by ListDiff, or a full reload.
  ///
  /// The view reloads instead of animating when `animated` is `false`, on the first update,
  /// when the change counts more than ``reloadThreshold`` changes, and when the view rejects a
  /// batch (reported as ``ListDiagnostic/Kind/batchUpdateRejected(_:)``). A row's identity is
  /// scoped to its section: one model may be shown in two sections (a pinned photo and the same
  /// photo in the paged list), and a row moving to another section is deleted and inserted. Rows
  /// of one section, or sections, that share an identity with an earlier one are left out and
  /// reported as ``ListDiagnostic/Kind/duplicateIdentifier(_:)``.
  ///
  /// A large animated update (several thousand rows before and after) is diffed off the main
  /// actor: the view and the data source keep showing the previous state until the result is
  /// applied, in one main-actor turn. Updates asked for meanwhile wait and coalesce (the latest
  /// wins), and reach the view in order. Await ``updatesApplied()`` to know the view is in step.
  ///
  /// - Parameter animated: Whether to animate the change; `false` reloads at once, and an
  ///   update still being diffed is dropped.
  /// - Complexity: On the main actor, O(s + r) for s sections and the r rows of the sections
  ///   whose rows changed since the last update, plus, for a small update, the diff's cost.
  public func update(animated: Bool = true) {
    unscheduleUpdate()
    // A view is attached with a reload (`attach(to:)`): one shown is one updated before.
    guard animated, listView != nil else {
      updates.cancelAll()
      reloadWithoutDiff()
      scrollToPendingRow()
      return
    }
    updates.enqueue { [weak self] in self?.performAnimatedUpdate() }
  }

  /// Returns once every update asked for so far (and every change that scheduled one) has
  /// reached the view.
  ///
  /// Large updates are diffed off the main actor, so the view may still show an earlier state
  /// right after ``update(animated:)`` returns; await this before reading the view.
  public func updatesApplied() async {
    while scheduledUpdate != nil || !updates.isIdle {
      if scheduledUpdate != nil { update() }
      await updates.idle()
    }
  }

  /// Shows the candidate state with one reload, without diffing.
  func reloadWithoutDiff() {
    let candidate = candidateState(registeringAll: true)
    // No diff to find duplicates: apply the same rule directly.
    let deduplicated = candidate.snapshot.deduplicated()
    let report = DuplicateReport(targetSections: deduplicated.sections, targetItems: deduplicated.items)
    commit(removingDuplicates(report, from: candidate, target: deduplicated.snapshot))
    listView?.reloadData()
  }

  /// Diffs the candidate state against what the view shows (off the main actor when large) and
  /// shows the result.
  func performAnimatedUpdate() {
    unscheduleUpdate()
    guard let listView else { return }
    if updateKnownRows(in: listView) { return }
    diffedUpdateCount += 1
    let candidate = candidateState(registeringAll: false)
    let (source, shown) = (displayedSnapshot, displayedSections)
    updates.runDiff(
      from: source, to: candidate.snapshot, options: DiffOptions(reloadThreshold: reloadThreshold)
    ) { [weak self] result in
      self?.show(result, candidate: candidate, shown: shown)
    }
  }

  /// Shows a diff's result: its stages, each with its state, or a reload.
  func show(_ result: DiffResult<SectionKey, RowKey>, candidate: ResolvedState, shown: [SectionManager]) {
    let changeset = result.changeset
    // The diff found duplicate identities (first kept, later ones dropped) in the same pass.
    let target = outdatingRowsChangedSince(
      removingDuplicates(changeset.duplicates, from: candidate, target: changeset.target))
    StageDriver.perform(
      changeset.stages, on: listView, animated: true, reloadRecommended: changeset.isReloadRecommended,
      states: {
        // One batch: the state after it is the target, with no replay.
        if changeset.stages.count == 1 { return [DisplayState(sections: target.sections, rows: target.rows)] }
        let lookup = ManagerLookup(old: shown, new: target, table: self)
        return result.intermediateStates?.map(lookup.state(for:))
      },
      show: apply(_:),
      finish: {
        if changeset.stages.count == 1 { record(target) } else { commit(target) }
      },
      showTarget: { commit(target) },
      reportRejection: reportRejection(_:))
    scrollToPendingRow()
  }

  /// `state` with the keys of rows whose content changed since it was taken marked outdated.
  ///
  /// While a diff runs off the main actor a row's model can change again; the view configures
  /// the row with its content now, not the diffed one, so the key recorded as shown must not
  /// claim otherwise: an outdated key makes the next update (already scheduled by the change)
  /// reload the row. Only sections whose kept keys were dropped since can hold such rows.
  /// - Complexity: O(r) for the r rows of those sections.
  func outdatingRowsChangedSince(_ state: ResolvedState) -> ResolvedState {
    var state = state
    for (index, section) in state.sections.enumerated() where section.rowKeys == nil {
      for (item, row) in state.rows[index].enumerated() {
        let key = state.snapshot.sections[index].items[item]
        let changed =
          key.reloadVersion != row.reloadVersion
          || (key.contentVersion.map { $0 != row.contentVersion } ?? !sameContent(
            key.content, row.diffContent))
        if changed { state.snapshot.sections[index].items[item] = key.outdated }
      }
    }
    return state
  }

  /// Reports a batch the view refused; the driver reloads into the target.
  func reportRejection(_ error: BatchUpdateError) {
    diagnosticHandler(ListDiagnostic(.batchUpdateRejected(error), in: "update(animated:)"))
  }

  /// `candidate` without the sections and rows the diff dropped as duplicates, reporting each.
  func removingDuplicates(
    _ duplicates: DuplicateReport, from candidate: ResolvedState, target: TableSnapshot
  ) -> ResolvedState {
    guard !duplicates.targetSections.isEmpty || !duplicates.targetItems.isEmpty else {
      return ResolvedState(sections: candidate.sections, rows: candidate.rows, snapshot: target)
    }
    let droppedSections = Set(duplicates.targetSections)
    var droppedRows: [Int: Set<Int>] = [:]
    for path in duplicates.targetItems { droppedRows[path.section, default: []].insert(path.item) }
    var result = ResolvedState(sections: [], rows: [], snapshot: target)
    for (index, section) in candidate.sections.enumerated() {
      guard !droppedSections.contains(index) else {
        let id = candidate.snapshot.sections[index].section.id
        diagnosticHandler(ListDiagnostic(.duplicateIdentifier("section id \(id)"), in: "update(animated:)"))
        continue
      }
      var rows = candidate.rows[index]
      if let dropped = droppedRows[index] {
        for item in dropped.sorted(by: >) {
          let id = candidate.snapshot.sections[index].items[item].id
          diagnosticHandler(
            ListDiagnostic(.duplicateIdentifier("row id \(id) in section \(index)"), in: "update(animated:)"))
          rows.remove(at: item)
        }
      }
      result.sections.append(section)
      result.rows.append(rows)
    }
    return result
  }

  /// The shown sections with their rows and their snapshot, duplicates included.
  ///
  /// A section's row keys are kept from one update to the next until its rows change (see
  /// `SectionManager.rowKeys`), so only changed sections cost O(rows) here.
  /// - Parameter registeringAll: Whether to register the cell kinds of every row, rather than
  ///   only those of sections not shown before or whose rows changed.
  func candidateState(registeringAll: Bool) -> ResolvedState {
    // What changed from here on belongs to the next update, even while this one is diffed.
    for section in sections {
      section.structureChanged = false
      section.changedRows = []
      section.rowEdit = nil
    }
    let shown = sections.filter(\.isShown)
    pruneRowScopes()
    let wasShown = Set(displayedSections.map(ObjectIdentifier.init))
    var snapshot = TableSnapshot()
    snapshot.sections.reserveCapacity(shown.count)
    for section in shown {
      let key = SectionKey(section)
      let scope = rowScope(for: key.id)
      // Keys made under another scope (the section's was forgotten meanwhile) are made again.
      let cached = section.rowKeys.flatMap { $0.scope == scope ? $0.keys : nil }
      let keys = cached ?? section.cells.map { RowKey($0, scope: scope) }
      // A key stays true only while every change of its row is announced (a versioned content).
      if cached == nil {
        if keys.allSatisfy({ $0.contentVersion != nil }) { section.rowKeys = (scope, keys) }
        section.comparesRowContent = keys.contains(where: \.isCompared)
      }
      if registeringAll || cached == nil || !wasShown.contains(ObjectIdentifier(section)) {
        registerCellKinds(in: [section])
      }
      snapshot.sections.append(SnapshotSection(key, items: keys))
    }
    return ResolvedState(sections: shown, rows: shown.map(\.cells), snapshot: snapshot)
  }

  /// Makes `state` what the view is told about and what the next update diffs against.
  func commit(_ state: ResolvedState) {
    apply(DisplayState(sections: state.sections, rows: state.rows))
    record(state)
  }

  /// Makes `state`, already applied, what the next update diffs against.
  func record(_ state: ResolvedState) {
    displayedSnapshot = state.snapshot
    for section in state.sections { section.shownRowIDs = nil }
    checkInvariants()
  }

  /// The fast path of an update in which the sections stay and every change of their rows is
  /// known: rows whose content changed in place, and one edit by index per section
  /// (`SectionManager.editRows(_:)`).
  ///
  /// Taken when the same sections are shown, none was changed another way (its cells
  /// re-assigned, its titles or condition changed), and none shows a row whose content is
  /// compared rather than counted (`SectionManager.comparesRowContent`: such a row's changes are
  /// not announced, so only the diff finds them). Sends the batch the known changes make, the
  /// one a diff would find, without diffing the whole table. An edit whose rows would share an
  /// identity with another row of the section (a duplicate, or a row moving) takes the diff,
  /// which handles both.
  /// - Returns: `false` when the update needs the full diff.
  /// - Complexity: O(s + e + c·r) for s sections, e rows in edits and c rows changed in place in
  ///   sections of r rows (O(s + e + r) past a few changed rows in one section), plus, the first
  ///   time an edit inserts rows into a section of r rows, O(r) to learn their identities.
  func updateKnownRows(in listView: any ListView) -> Bool {
    guard sections.count >= displayedSections.count else { return false }
    var shownIndex = 0
    for section in sections where section.isShown {
      guard shownIndex < displayedSections.count, displayedSections[shownIndex] === section,
        !section.structureChanged, !section.comparesRowContent
      else { return false }
      if let edit = section.rowEdit {
        // Edited from the rows shown, all of them (none left out as a duplicate).
        let shownCount = section.displayedCells.count
        guard section.changedRows.isEmpty,
          edit.count(after: shownCount) == section.cells.count,
          displayedSnapshot.sections[shownIndex].items.count == shownCount
        else { return false }
      }
      shownIndex += 1
    }
    guard shownIndex == displayedSections.count else { return false }
    var batch = BatchUpdate()
    var edits: [(section: Int, edit: RowEdit, keys: [RowKey])] = []
    var keys: [(ItemPath, RowKey)] = []
    for (sectionIndex, section) in displayedSections.enumerated() {
      if let edit = section.rowEdit {
        guard let keyed = knownBatch(of: edit, in: section, at: sectionIndex, into: &batch) else {
          return false
        }
        edits.append((sectionIndex, edit, keyed))
      } else if !section.changedRows.isEmpty {
        guard reloadsOfChangedRows(in: section, at: sectionIndex, into: &batch, keys: &keys) else {
          return false
        }
      }
    }
    for section in sections {
      section.changedRows = []
      section.rowEdit = nil
    }
    for (path, key) in keys { displayedSnapshot.sections[path.section].items[path.item] = key }
    for (_, edit, _) in edits {
      registerCellKinds(of: edit.inserted.lazy.map(\.row))
      registerCellKinds(of: edit.replaced.lazy.map(\.row))
    }
    // The edited sections show their rows after the edit, made from the rows they show in place
    // (a section's cells and the rows it shows stay two arrays, so that neither edit copies the
    // other); the others keep the rows they show.
    var isShown = false
    let showEdits = { [displayedSections] in
      guard !isShown else { return }
      isShown = true
      for (section, edit, _) in edits { edit.apply(to: &displayedSections[section].displayedCells) { $0 } }
    }
    if batch.isEmpty {
      showEdits()
    } else {
      batch.itemDeletes.sort()
      batch.itemInserts.sort()
      batch.itemReloads.sort()
      StageDriver.perform(
        [batch], on: listView, animated: true, reloadRecommended: batch.changeCount > reloadThreshold,
        states: { [()] }, show: showEdits, finish: {}, showTarget: showEdits,
        reportRejection: reportRejection(_:))
    }
    // The keys of the rows shown now, in place: a copy of a large section's keys would cost
    // more than the rest of the update.
    for (section, edit, keyed) in edits {
      var next = keyed.makeIterator()
      edit.apply(to: &displayedSnapshot.sections[section].items) { _ in next.next()! }
    }
    scrollToPendingRow()
    checkInvariants()
    return true
  }

  /// Adds to `batch` the deletes, inserts and reloads of a section's edit, and returns the keys
  /// of its inserted then its replaced rows; `nil` when the edit needs the diff (a row of the
  /// edit shares its identity with another one).
  private func knownBatch(
    of edit: RowEdit, in section: SectionManager, at sectionIndex: Int, into batch: inout BatchUpdate
  ) -> [RowKey]? {
    let shown = displayedSnapshot.sections[sectionIndex]
    let scope = rowScope(for: shown.section.id)
    let removedIDs = Set(edit.removed.map { shown.items[$0].id })
    var keyed: [RowKey] = []
    keyed.reserveCapacity(edit.inserted.count + edit.replaced.count)
    // The ids shown, out of the section while this edit changes them: a second reference would
    // make the first insert copy them all. On a `nil` return they stay out, made again when needed.
    var shownIDs = section.shownRowIDs
    section.shownRowIDs = nil
    if !edit.inserted.isEmpty {
      if shownIDs == nil { shownIDs = Set(shown.items.map(\.id)) }
      for (index, row) in edit.inserted {
        let key = RowKey(row, scope: scope)
        if key.isCompared { section.comparesRowContent = true }
        // A row that is already there, was just inserted, or was just removed (a move), is the
        // diff's to place.
        guard !removedIDs.contains(key.id), shownIDs!.insert(key.id).inserted else { return nil }
        keyed.append(key)
        batch.itemInserts.append(ItemPath(item: index, section: sectionIndex))
      }
    }
    for (index, row) in edit.replaced {
      let key = RowKey(row, scope: scope)
      if key.isCompared { section.comparesRowContent = true }
      let old = edit.oldIndex(ofKept: index)
      // Another identity in the row's place is a delete and an insert the diff may match.
      guard shown.items[old].id == key.id else { return nil }
      if shown.items[old] != key { batch.itemReloads.append(ItemPath(item: old, section: sectionIndex)) }
      keyed.append(key)
    }
    for index in edit.removed { batch.itemDeletes.append(ItemPath(item: index, section: sectionIndex)) }
    shownIDs?.subtract(removedIDs)
    section.shownRowIDs = shownIDs
    return keyed
  }

  /// Adds to `batch` the reloads of the rows of `section` whose content changed in place, and to
  /// `keys` their new keys; `false` when a row changed identity.
  /// - Complexity: O(c·r) for c changed rows of r rows (O(r) past a few).
  private func reloadsOfChangedRows(
    in section: SectionManager, at sectionIndex: Int, into batch: inout BatchUpdate,
    keys: inout [(ItemPath, RowKey)]
  ) -> Bool {
    let rows = section.displayedCells
    var positions: [ObjectIdentifier: Int] = [:]
    if section.changedRows.count > 8 {
      positions.reserveCapacity(rows.count)
      for (index, row) in rows.enumerated() { positions[ObjectIdentifier(row)] = index }
    }
    var seen: Set<ObjectIdentifier> = []
    for row in section.changedRows where seen.insert(ObjectIdentifier(row)).inserted {
      let found = positions.isEmpty ? rows.firstIndex { $0 === row } : positions[ObjectIdentifier(row)]
      guard let index = found else { continue }  // not shown: removed before it was shown
      let old = displayedSnapshot.sections[sectionIndex].items[index]
      let key = RowKey(row, scope: old.id.scope)
      guard key.id == old.id else { return false }  // identity changed: diff
      if key != old {
        let path = ItemPath(item: index, section: sectionIndex)
        batch.itemReloads.append(path)
        keys.append((path, key))
      }
    }
    return true
  }

  /// Makes the data source answer with `state` (an intermediate stage or the target).
  func apply(_ state: DisplayState) {
    displayedSections = state.sections
    // O(sections): a row already points at the section whose `cells` hold it (set when they are
    // assigned, and every shown row comes from `cells`). A state diffed earlier may show it
    // elsewhere; the newer link is the one through which its changes reach the next update.
    for (section, rows) in zip(state.sections, state.rows) { section.displayedCells = rows }
  }

  /// Registers the cell class of every row kind not registered yet.
  /// - Complexity: O(n) for n rows, with one dictionary lookup per row kind change.
  func registerCellKinds(in sections: [SectionManager]) {
    registerCellKinds(of: sections.lazy.flatMap(\.cells))
  }

  /// Registers the cell class of every kind of `rows` not registered yet.
  /// - Complexity: O(n) for n rows, with one dictionary lookup per row kind change.
  func registerCellKinds(of rows: some Sequence<CellManager>) {
    guard let listView else { return }
    var lastKind: ObjectIdentifier?
    for cell in rows {
      let kind = ObjectIdentifier(type(of: cell))
      if kind == lastKind { continue }
      lastKind = kind
      guard let registration = cell.kind.registration,
        registeredIdentifiers.insert(registration.reuseIdentifier).inserted
      else { continue }
      listView.register(registration)
    }
  }
}

/// The sections and rows a table shows after an update, and their snapshot.
struct ResolvedState {
  var sections: [SectionManager]
  var rows: [[CellManager]]
  var snapshot: TableSnapshot
}

/// The sections and rows the data source answers with.
struct DisplayState {
  var sections: [SectionManager]
  var rows: [[CellManager]]
}

/// Finds the managers of an intermediate snapshot by identity, preferring the new ones.
@MainActor
struct ManagerLookup {
  var sections: [DiffID: SectionManager] = [:]
  var rows: [DiffID: CellManager] = [:]

  /// - Parameters:
  ///   - old: The sections shown, with their displayed rows.
  ///   - new: The state the update shows, with the rows it was diffed with (a section's
  ///     `cells` may have changed since, while the diff ran).
  ///   - table: The table, for each section's row scope.
  init(old: [SectionManager], new: ResolvedState, table: TableManager) {
    // An intermediate state shows the new sections (the sections' stage comes first) and rows
    // still shown from before, which the new ones replace.
    for section in old {
      let scope = table.rowScope(for: DiffID(section.diffIdentifier))
      for cell in section.displayedCells { rows[cell.diffID.scoped(to: scope)] = cell }
    }
    for (section, cells) in zip(new.sections, new.rows) {
      let id = DiffID(section.diffIdentifier)
      let scope = table.rowScope(for: id)
      sections[id] = section
      for cell in cells { rows[cell.diffID.scoped(to: scope)] = cell }
    }
  }

  func state(for snapshot: TableSnapshot) -> DisplayState {
    DisplayState(
      sections: snapshot.sections.compactMap { sections[$0.section.id] },
      rows: snapshot.sections.map { $0.items.compactMap { rows[$0.id] } })
  }
}
