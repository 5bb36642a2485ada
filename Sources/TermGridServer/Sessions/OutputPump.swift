import Logging
import NIOCore
import NIOSSH

/// The app's side of a session, as the server's event loop sees it: a
/// pipe channel reading what the session draws and writing what the
/// viewer types. It reads only while the viewer's SSH channel can take
/// more (so a viewer who reads slowly or not at all never makes the server
/// buffer: the session's own write waits, and its next frame is the latest
/// screen), and tells the SSH side when the session has ended.
final class OutputPump: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// The viewer's side (set once both exist; on the same event loop).
  var viewer: SessionChannelHandler?
  private var context: ChannelHandlerContext?
  private var readIsWaiting = false

  func handlerAdded(context: ChannelHandlerContext) { self.context = context }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
    viewer = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    viewer?.send(unwrapInboundIn(data))
  }

  func channelReadComplete(context: ChannelHandlerContext) { viewer?.flush() }

  func read(context: ChannelHandlerContext) {
    if viewer?.canTakeOutput ?? false {
      context.read()
    } else {
      readIsWaiting = true
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if let event = event as? ChannelEvent, case .inputClosed = event {
      // The session closed its output: it has ended.
      viewer?.sessionEnded()
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    viewer?.sessionEnded()
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { viewer?.sessionCanTakeInput() }
    context.fireChannelWritabilityChanged()
  }

  /// Whether the session's input pipe can take more of what the viewer
  /// types (when not, the viewer's channel is not read: their client waits).
  var canTakeInput: Bool { context?.channel.isWritable ?? true }

  // MARK: from the viewer's side

  /// The viewer's channel can take output again: read what waits.
  func viewerCanTakeOutput() {
    guard readIsWaiting, let context else { return }
    readIsWaiting = false
    context.read()
  }

  /// Bytes the viewer typed, for the session.
  func type(_ bytes: ByteBuffer) { context?.writeAndFlush(NIOAny(bytes), promise: nil) }

  /// The session's input ends (the viewer went, an idle time, a shutdown):
  /// the session sees the end of its input, restores the viewer's terminal
  /// and ends.
  func endInput() { context?.close(mode: .output, promise: nil) }

  /// Closes both pipes at once.
  func close() { context?.close(promise: nil) }
}
