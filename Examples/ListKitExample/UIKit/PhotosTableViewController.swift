// Checked against Apple's documentation: UITableViewController init(style:), init?(coder:).
import ListKit
import UIKit

/// A plain-style table controller showing a paged list of photos, made in code: what the
/// example's UIKit screens share.
class PhotosTableViewController: UITableViewController {
  let photos: PagedList<Photo>

  init(photos: PagedList<Photo>) {
    self.photos = photos
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) {
    return nil
  }
}
