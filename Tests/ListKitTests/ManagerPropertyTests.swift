import ListKit
import ListKitTesting
import Testing

/// Random edits of a sectioned screen — conditions toggled, rows inserted, deleted, moved within
/// and across sections, models edited, sections reordered — each followed by an animated update
/// that the headless referee must accept and that must show exactly the models.
@MainActor @Suite struct ManagerPropertyTests {
  final class Row: ModelCellManager<OrderItem, TextCell> {
    override func configure(cell: TextCell) { cell.text = "\(model.name)#\(model.price)" }
  }

  struct Model {
    var sections: [(id: Int, shown: Bool, items: [OrderItem])]
    var nextID = 1000
  }

  @Test(arguments: 0..<100) func randomEditsAlwaysGiveValidUpdatesThatShowTheModels(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var model = Model(
      sections: (0..<Int.random(in: 1...5, using: &random)).map { section in
        (
          section, Bool.random(using: &random),
          (0..<Int.random(in: 0...8, using: &random)).map {
            OrderItem(id: section * 100 + $0, name: "i\(section * 100 + $0)", price: 0)
          }
        )
      })
    let view = HeadlessTableView(viewportHeight: 100_000)
    let table = TableManager()
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    var managers: [Int: SectionManager] = [:]
    var shown: [Int: Bool] = [:]
    func sync() {
      table.sections = model.sections.map { entry in
        let manager = managers[entry.id] ?? SectionManager(headerTitle: "S\(entry.id)")
        managers[entry.id] = manager
        shown[entry.id] = entry.shown
        manager.condition = { shown[entry.id] ?? false }
        manager.cells = entry.items.map(Row.init)
        return manager
      }
    }
    sync()
    table.attach(to: view)
    for step in 0..<12 {
      edit(&model, using: &random)
      sync()
      table.update()
      let expected = model.sections.filter(\.shown).flatMap { section in
        ["== S\(section.id) =="] + section.items.map { "\($0.name)#\($0.price)" }
      }
      #expect(view.violations.isEmpty, "seed \(seed) step \(step): \(view.violations)")
      #expect(view.render() == expected, "seed \(seed) step \(step)")
      #expect(diagnostics.isEmpty, "seed \(seed) step \(step): \(diagnostics)")
      if !view.violations.isEmpty || view.render() != expected { return }
    }
  }

  @Test(arguments: 0..<30) func inPlaceModelEditsReloadExactlyTheChangedRows(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let sections = (0..<4).map { section in
      SectionManager(
        cells: (0..<Int.random(in: 0...40, using: &random)).map {
          Row(OrderItem(id: section * 100 + $0, name: "i\(section * 100 + $0)", price: 0))
        },
        headerTitle: "S\(section)")
    }
    let hidden = Int.random(in: 0..<4, using: &random)
    sections[hidden].condition = { false }
    let view = HeadlessTableView(viewportHeight: 100_000)
    let table = TableManager(sections: sections)
    table.attach(to: view)
    for step in 0..<10 {
      view.clearEvents()
      var changed: Set<ItemPath> = []
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let s = Int.random(in: 0..<4, using: &random)
        guard !sections[s].cells.isEmpty else { continue }
        let i = Int.random(in: 0..<sections[s].cells.count, using: &random)
        (sections[s].cells[i] as! Row).model.price += 1
        if s != hidden { changed.insert(ItemPath(item: i, section: s > hidden ? s - 1 : s)) }
      }
      table.update()
      let expected = sections.enumerated().filter { $0.offset != hidden }.flatMap { entry in
        ["== S\(entry.offset) =="]
          + entry.element.cells.map { row in
            let model = (row as! Row).model
            return "\(model.name)#\(model.price)"
          }
      }
      #expect(view.render() == expected, "seed \(seed) step \(step)")
      let reloaded = view.events.flatMap { event -> [ItemPath] in
        if case .batchUpdate(let update) = event { update.itemReloads } else { [] }
      }
      #expect(Set(reloaded) == changed, "seed \(seed) step \(step)")
      #expect(view.violations.isEmpty)
    }
  }

  func edit(_ model: inout Model, using random: inout SplitMix64) {
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let s = Int.random(in: 0..<model.sections.count, using: &random)
      switch Int.random(in: 0..<7, using: &random) {
      case 0:
        model.sections[s].shown.toggle()
      case 1:
        let id = model.nextID
        model.nextID += 1
        let at = Int.random(in: 0...model.sections[s].items.count, using: &random)
        model.sections[s].items.insert(OrderItem(id: id, name: "i\(id)", price: 0), at: at)
      case 2:
        if !model.sections[s].items.isEmpty {
          model.sections[s].items.remove(
            at: Int.random(in: 0..<model.sections[s].items.count, using: &random))
        }
      case 3:
        if !model.sections[s].items.isEmpty {
          let i = Int.random(in: 0..<model.sections[s].items.count, using: &random)
          model.sections[s].items[i].price += 1
        }
      case 4:
        if !model.sections[s].items.isEmpty {
          let item = model.sections[s].items.remove(
            at: Int.random(in: 0..<model.sections[s].items.count, using: &random))
          let t = Int.random(in: 0..<model.sections.count, using: &random)
          model.sections[t].items.insert(
            item, at: Int.random(in: 0...model.sections[t].items.count, using: &random))
        }
      case 5:
        model.sections.shuffle(using: &random)
      default:
        if !model.sections[s].items.isEmpty {
          let i = Int.random(in: 0..<model.sections[s].items.count, using: &random)
          model.sections[s].items[i].price += 1
          model.sections[s].items.swapAt(i, Int.random(in: 0..<model.sections[s].items.count, using: &random))
        }
      }
    }
  }
}
