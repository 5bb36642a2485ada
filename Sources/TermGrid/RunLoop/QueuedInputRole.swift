/// What an event waiting behind others may do to them: the answer of
/// ``Scene/role(ofQueued:)`` and ``Overlay/role(ofQueued:)``.
///
/// A ``TerminalRunLoop`` reads the input ahead of its handling. When the
/// keys come faster than the scene takes them (a held key, a storm of
/// them), a key that ends or cancels what the keys before it do, `q`,
/// Ctrl-C or Esc, is found behind them and handled at once: the keys
/// before it that only move around are dropped, as a terminal drops what
/// was typed ahead when Ctrl-C interrupts a program. The loop looks ahead
/// only as far as the first ``ordinary`` event, so a key whose meaning
/// depends on those before it (`q` typed into a filter that `/` opened) is
/// never taken for what it would mean without them.
public enum QueuedInputRole: Sendable, Equatable {
  /// Handled in its turn. It may change what the events after it mean (it
  /// opens an overlay, runs a command, drops a lifted item), so the run
  /// loop looks at none of them until it has been handled. The default.
  case ordinary
  /// Changes nothing about what the events after it mean (it moves the
  /// focus, scrolls, opens or closes an outline's rows, edits the text of
  /// a field): dropped when a ``cancelling`` event follows it, else
  /// handled in its turn.
  case droppable
  /// Makes what the ``droppable`` events before it did moot (it quits,
  /// closes the overlay, cancels a field or puts a lifted item back):
  /// those events are dropped, and it is handled at once.
  case cancelling
}
