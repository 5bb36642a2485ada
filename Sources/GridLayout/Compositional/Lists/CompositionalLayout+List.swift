extension CompositionalLayout {
  /// A layout whose every section is a list of `configuration`: UIKit's
  /// `UICollectionViewCompositionalLayout.list(using:)`.
  ///
  /// ```swift
  /// var configuration = LayoutListConfiguration(appearance: .sidebar)
  /// configuration.headerMode = .firstItemInSection
  /// let layout = CompositionalLayout.list(using: configuration)
  /// ```
  public static func list(using configuration: LayoutListConfiguration) -> CompositionalLayout {
    CompositionalLayout { _, environment in .list(using: configuration, layoutEnvironment: environment) }
  }

  /// A layout whose sections are lists, each of the configuration
  /// `configurationProvider` gives for it (seeing the container's size):
  /// a grouped list in a wide view and a plain one in a narrow view, say.
  /// For sections that are lists and others that are not, give
  /// ``init(sectionProvider:)`` a provider that returns
  /// ``LayoutSection/list(using:layoutEnvironment:)`` for the lists.
  public static func list(
    configurationProvider: @escaping @Sendable (_ section: Int, _ environment: LayoutEnvironment) -> LayoutListConfiguration
  ) -> CompositionalLayout {
    CompositionalLayout { section, environment in
      .list(using: configurationProvider(section, environment), layoutEnvironment: environment)
    }
  }
}
