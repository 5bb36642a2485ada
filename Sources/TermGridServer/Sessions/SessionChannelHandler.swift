import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel: the viewer's requests (a pty, variables, the
/// window's size, a shell) and their keys and screen.
///
/// Only a shell on a pty starts a session; exec and subsystem requests
/// (`ssh host ls`, `sftp`) are refused and the channel closed. Variables
/// pass an allow-list (``SessionEnvironment``), sizes are bounded
/// (``ServerLimits``). Input counts against the bytes-per-second limit
/// (beyond it the channel is read more slowly) and the idle time; output
/// that stays blocked past its limit closes the session.
final class SessionChannelHandler: ChannelDuplexHandler {
  typealias InboundIn = SSHChannelData
  typealias OutboundIn = Never
  typealias OutboundOut = SSHChannelData

  private let server: ServerContext
  private let connection: ConnectionContext
  private var logger: Logger
  private var context: ChannelHandlerContext?
  private var pty: (term: String, size: SizeRelay)?
  private var environment: [String: String] = [:]
  private var pump: OutputPump?
  private var hasStarted = false
  private var hasEnded = false
  private var blockedSince: Scheduled<Void>?
  private var inputWindow: (start: NIODeadline, bytes: Int) = (.distantPast, 0)
  private var inputIsThrottled = false
  private var readIsWaiting = false
  private var hasLoggedThrottling = false
  private var idleCheck: RepeatedTask?
  private var lastInput = NIODeadline.now()

  init(server: ServerContext, connection: ConnectionContext) {
    self.server = server
    self.connection = connection
    logger = connection.logger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    idleCheck?.cancel()
    blockedSince?.cancel()
    self.context = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    server.sessionClosed(ObjectIdentifier(self))
    hasEnded = true
    idleCheck?.cancel()
    blockedSince?.cancel()
    pump?.close()
    context.fireChannelInactive()
  }

  // MARK: requests

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
      // A pty asked for once the session runs is refused: the running
      // terminal keeps the size relay it was given.
      guard !hasStarted else { return reply(request.wantReply, ok: false) }
      let size = SizeRelay.bounded(
        columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
        pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight, limits: server.limits)
      let term = request.term.utf8.count <= 64 && SessionEnvironment.allows("TERM", request.term) ? request.term : ""
      pty = (term.isEmpty ? SessionRunner.fallbackTerm : term, SizeRelay(size))
      reply(request.wantReply, ok: true)
    case let request as SSHChannelRequestEvent.EnvironmentRequest:
      let ok = environment.count < SessionEnvironment.maximumCount && SessionEnvironment.allows(request.name, request.value)
      if ok { environment[request.name] = request.value }
      reply(request.wantReply, ok: ok)
    case let request as SSHChannelRequestEvent.WindowChangeRequest:
      pty?.size.set(
        SizeRelay.bounded(
          columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
          pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight, limits: server.limits))
    case let request as SSHChannelRequestEvent.ShellRequest:
      startSession(wantReply: request.wantReply)
    case let request as SSHChannelRequestEvent.ExecRequest:
      logger.notice("refused: exec request", metadata: ["command": "\(request.command.prefix(80))"])
      refuseAndClose(request.wantReply)
    case let request as SSHChannelRequestEvent.SubsystemRequest:
      logger.notice("refused: subsystem request", metadata: ["subsystem": "\(request.subsystem.prefix(40))"])
      refuseAndClose(request.wantReply)
    case let event as ChannelEvent where event == .inputClosed:
      pump?.endInput()
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  private func reply(_ wanted: Bool, ok: Bool) {
    guard wanted, let context else { return }
    if ok {
      context.channel.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
    } else {
      context.channel.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
    }
  }

  private func refuseAndClose(_ wanted: Bool) {
    guard let context else { return }
    let channel = context.channel
    if wanted {
      channel.triggerUserOutboundEvent(ChannelFailureEvent()).whenComplete { _ in channel.close(promise: nil) }
    } else {
      channel.close(promise: nil)
    }
  }

  private func startSession(wantReply: Bool) {
    guard let context, !hasStarted else { return reply(wantReply, ok: false) }
    guard let pty else {
      logger.notice("refused: a shell without a pty (ssh -T)")
      return refuseAndClose(wantReply)
    }
    guard server.gate.openSession() else {
      logger.warning("limit: sessions (\(server.limits.sessions)) reached, refusing a session")
      return refuseAndClose(wantReply)
    }
    hasStarted = true
    let id = server.nextSessionID()
    logger[metadataKey: "session"] = "\(id)"
    let served = ServedSession(
      id: id, user: connection.viewer?.user ?? "", address: connection.address,
      isReadOnly: connection.viewer?.isReadOnly ?? true, term: pty.term, environment: environment)
    do {
      let runner = try SessionRunner(session: served, size: pty.size, server: server, logger: logger)
      let pump = OutputPump()
      pump.viewer = self
      self.pump = pump
      let bound = NIOLoopBound(pump, eventLoop: context.eventLoop)
      let channel = context.channel
      NIOPipeBootstrap(group: context.eventLoop)
        .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
        .channelInitializer { pipe in
          pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(bound.value) }
        }
        .takingOwnershipOfDescriptors(input: runner.serverReads, output: runner.serverWrites)
        .assumeIsolated()
        .whenComplete { [self] result in
          switch result {
          case .success:
            let ender = NIOLoopBound(self, eventLoop: channel.eventLoop)
            server.sessionStarted(ObjectIdentifier(self)) {
              ender.eventLoop.execute { ender.value.endSession() }
            }
            runner.start()
            reply(wantReply, ok: true)
            logger.info("session started", metadata: ["term": "\(pty.term)", "size": "\(pty.size.size.columns)x\(pty.size.size.rows)"])
            startIdleCheck()
          case .failure(let error):
            logger.error("cannot start a session: \(error)")
            runner.abandon()
            reply(wantReply, ok: false)
            channel.close(promise: nil)
          }
        }
    } catch {
      server.gate.closeSession()
      logger.error("cannot start a session: \(error)")
      refuseAndClose(wantReply)
    }
  }

  // MARK: the viewer's input

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let data = unwrapInboundIn(data)
    guard case .channel = data.type, case .byteBuffer(let bytes) = data.data, let pump else { return }
    lastInput = .now()
    countInput(bytes.readableBytes)
    pump.type(bytes)
  }

  func read(context: ChannelHandlerContext) {
    if inputIsThrottled || !(pump?.canTakeInput ?? true) {
      readIsWaiting = true
    } else {
      context.read()
    }
  }

  /// The session's input pipe can take more: read what the viewer typed.
  func sessionCanTakeInput() { resumeReading() }

  /// Reads again what waits, unless the input is still held back.
  private func resumeReading() {
    guard readIsWaiting, !inputIsThrottled, pump?.canTakeInput ?? true, let context else { return }
    readIsWaiting = false
    context.read()
  }

  /// Counts input against the bytes-per-second limit; beyond it, reading
  /// stops until the second is over (the viewer's client waits: nothing is lost).
  private func countInput(_ count: Int) {
    guard let context else { return }
    let now = NIODeadline.now()
    if now - inputWindow.start >= .seconds(1) { inputWindow = (now, 0) }
    inputWindow.bytes += count
    guard inputWindow.bytes > server.limits.bytesInPerSecond, !inputIsThrottled else { return }
    inputIsThrottled = true
    if !hasLoggedThrottling {
      hasLoggedThrottling = true
      logger.notice("limit: input beyond \(server.limits.bytesInPerSecond) bytes a second, reading more slowly")
    }
    context.eventLoop.assumeIsolated().scheduleTask(deadline: inputWindow.start + .seconds(1)) { [self] in
      inputIsThrottled = false
      inputWindow = (.now(), 0)
      resumeReading()
    }
  }

  private func startIdleCheck() {
    guard let context else { return }
    let idle = TimeAmount(server.limits.idleTime)
    let every = min(idle, .seconds(1))
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    idleCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: every, delay: every) { task in
      let handler = bound.value
      guard NIODeadline.now() - handler.lastInput >= idle else { return }
      task.cancel()
      handler.logger.notice("limit: idle for \(handler.server.limits.idleTime), ending the session")
      handler.endSession()
    }
  }

  // MARK: the session's output

  /// Whether the viewer's channel can take more output now.
  var canTakeOutput: Bool { context?.channel.isWritable ?? false }

  /// Output of the session, for the viewer.
  func send(_ bytes: ByteBuffer) {
    context?.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
  }

  func flush() { context?.flush() }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      blockedSince?.cancel()
      blockedSince = nil
      pump?.viewerCanTakeOutput()
    } else if blockedSince == nil {
      let limit = server.limits.blockedOutputTime
      let amount = TimeAmount(limit)
      let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
      blockedSince = context.eventLoop.scheduleTask(in: amount) {
        bound.value.closeBlockedViewer(after: limit)
      }
    }
    context.fireChannelWritabilityChanged()
  }

  /// The viewer has taken no output for `limit`: the session's pipes
  /// close (its blocked write fails and it ends) and so does the whole
  /// connection (a client that reads nothing would never answer the
  /// channel's close).
  private func closeBlockedViewer(after limit: Duration) {
    logger.warning("limit: the viewer took no output for \(limit), closing the session")
    pump?.close()
    let channel = context?.channel
    (channel?.parent ?? channel)?.close(promise: nil)
  }

  /// Ends the session: it sees the end of its input, restores the viewer's
  /// terminal and ends; the channel closes after (at most 5 s later).
  func endSession() {
    guard let context, !hasEnded else { return }
    guard let pump else {
      context.close(promise: nil)
      return
    }
    pump.endInput()
    let channel = context.channel
    context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
  }

  /// The session has ended (its output closed): the viewer gets its exit
  /// status and the channel closes.
  func sessionEnded() {
    guard let context, !hasEnded else { return }
    hasEnded = true
    idleCheck?.cancel()
    logger.info("session ended")
    let channel = context.channel
    channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 0)).whenComplete { _ in
      channel.close(promise: nil)
    }
  }
}
