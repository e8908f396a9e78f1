import ListKit

/// The row of a photo in the photos section: a ``PhotoCell`` showing the photo.
///
/// Identity is the photo's id and content the photo, so a photo that changes on a refresh
/// reloads only its row.
class PhotoRow: ModelCellManager<Photo, PhotoCell> {
  override func configure(cell: PhotoCell) {
    cell.photo = model
  }
}

/// The row of a photo in the "Pinned" section.
///
/// A class of its own only to tell pinned rows apart: row identity is scoped per section, so a
/// `PhotoRow` here would not collide with the same photo's row in the photos section either.
final class PinnedPhotoRow: PhotoRow {}
