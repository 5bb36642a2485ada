// A grid of pictures from files: a PictureLoader decodes and rasterizes
// them on worker threads and the view redraws each item when its picture
// is ready; prefetching makes the next screen's pictures before they are
// scrolled to.
import TermGrid
import TermGridImages

// snippet.show
final class Pictures: CollectionViewController, CollectionViewDataSourcePrefetching {
  let loader = PictureLoader(cacheByteLimit: 32 << 20)  // worker threads, a cache of pictures
  let paths: [String]
  static let itemSize = Size(width: 24, height: 10)

  init(paths: [String]) {
    self.paths = paths
    super.init(layout: FlowLayout(itemSize: Self.itemSize))
    collectionView.backgroundWork = [loader]  // the run loop takes finished pictures in
    collectionView.prefetchDataSource = self
  }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    paths.count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let path = paths[indexPath.item]
    return ElementContent(
      title: path, border: .rounded,
      picture: CellPicture(loader.source(forFileAt: path), placement: .top))
  }

  // The items one screen ahead: their pictures, at the size their cells will ask for
  // (in pixels too, for the terminal's cells, when it shows pixels).
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    for indexPath in indexPaths {
      let content = self.collectionView(collectionView, cellForItemAt: indexPath)
      guard let size = content.pictureSize(inElementOf: Self.itemSize) else { continue }
      loader.prefetch(
        filesAt: [paths[indexPath.item]], width: size.width, height: size.height,
        colors: capabilities?.colors ?? .trueColor, cellPixels: capabilities?.pixelPictureCellSize)
    }
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    loader.cancelPrefetching(filesAt: indexPaths.map { paths[$0.item] })
  }
}
// snippet.hide

if CommandLine.arguments.count > 1 {
  Application.run(Pictures(paths: Array(CommandLine.arguments.dropFirst())))
}
