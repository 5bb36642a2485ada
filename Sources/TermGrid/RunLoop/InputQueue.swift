import GridRender

/// The input a ``TerminalRunLoop`` has read and not yet handled: read ahead
/// of its handling, so that a key that cancels the keys before it (`q`,
/// Ctrl-C, Esc) is found behind thousands of them and handled first (see
/// ``QueuedInputRole``). Pure: the roles and the input come from the caller.
///
/// Each event's role is asked once, in order, and only up to the first
/// ordinary event: the droppable events before it change nothing about
/// what the later ones mean, so the roles found stay true while they are
/// handled, and the events after an ordinary one are asked about once it
/// has been handled. The input is read only as far as that look needs
/// (at most ``maximumLookAhead`` events ahead); when it had nothing more,
/// again after ``eventsBetweenReads`` events were taken (a key pressed
/// while a long batch is handled is seen before the batch ends) and when
/// every event read has been taken.
struct InputQueue {
  /// The most events read ahead of the one handled.
  static let maximumLookAhead = 65_536
  /// How many events are taken before input that had nothing more is read again.
  static let eventsBetweenReads = 64

  /// The events read, from `head` on not yet handled.
  private var events: [InputEvent] = []
  private var head = 0
  /// `events[head..<scanned]` are droppable (as the scene is now).
  private var scanned = 0
  /// Whether `events[scanned]` was found to be ordinary.
  private var stoppedAtOrdinary = false
  /// The input had nothing more when last asked during a look ahead (it is
  /// asked again after ``eventsBetweenReads`` events were taken, or once
  /// the events read have all been taken).
  private var drained = false
  /// Events taken since the input was last read.
  private var takenSinceRead = 0
  /// The end of the input was read (nothing is read after it).
  private var endQueued = false

  /// How many events wait.
  var count: Int { events.count - head }

  /// Adds an event read after the others.
  mutating func append(_ event: InputEvent) {
    if head == events.count {
      events.removeAll(keepingCapacity: true)
      head = 0
      scanned = 0
    } else if head >= 4_096 && head * 2 >= events.count {
      events.removeFirst(head)
      scanned -= head
      head = 0
    }
    if case .endOfInput = event { endQueued = true }
    events.append(event)
  }

  /// The next event to handle, and the events dropped before it: when a
  /// cancelling event follows droppable ones (and nothing ordinary comes
  /// between), the droppable ones are dropped and it comes next; otherwise
  /// the first event waiting. `readMore` gives the next event of the input
  /// without waiting (nil when there is none yet). Nil when no event waits
  /// and none came.
  mutating func next(
    role: (InputEvent) -> QueuedInputRole, readMore: () throws -> InputEvent?
  ) rethrows -> (event: InputEvent, dropped: ArraySlice<InputEvent>)? {
    if head == events.count || takenSinceRead >= Self.eventsBetweenReads {
      // What came meanwhile.
      drained = false
      takenSinceRead = 0
    }
    if head == events.count {
      guard !endQueued, let event = try readMore() else { return nil }
      append(event)
    }
    var dropped: ArraySlice<InputEvent> = []
    scan: while !stoppedAtOrdinary {
      if scanned == events.count {
        guard !drained, !endQueued, count < Self.maximumLookAhead else { break }
        takenSinceRead = 0
        guard let event = try readMore() else {
          drained = true
          break
        }
        append(event)
      }
      switch role(events[scanned]) {
      case .droppable: scanned += 1
      case .cancelling:
        dropped = events[head..<scanned]
        head = scanned
        break scan
      case .ordinary: stoppedAtOrdinary = true
      }
    }
    let event = events[head]
    head += 1
    takenSinceRead += 1
    if case .endOfInput = event { endQueued = false }
    if head > scanned {
      // The event taken was the one the look stopped at: what follows is asked about anew.
      scanned = head
      stoppedAtOrdinary = false
    }
    return (event, dropped)
  }
}
