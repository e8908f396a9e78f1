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
/// A class of its own, so its identity differs from the same photo's row in the photos section
/// (row identities are unique across the table).
final class PinnedPhotoRow: PhotoRow {}
