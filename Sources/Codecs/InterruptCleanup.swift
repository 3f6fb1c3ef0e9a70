import Dispatch
import Foundation

/// What an interrupted render leaves behind is removed here: every atomic output (a temporary
/// file or folder, an old folder set aside during a swap) registers a cleanup while it is in
/// flight, and SIGINT, SIGTERM or SIGHUP runs every registered cleanup and then ends the process
/// with the signal's default action, so the shell sees the usual status (128 + N).
///
/// The handlers are installed on the first registration, so a command that writes nothing keeps
/// the default signal behaviour. Cleanups run on a dispatch thread, not inside a signal handler,
/// so they may remove whole folders.
public enum InterruptCleanup {
    /// Identifies one registered cleanup, to remove it once the output is committed or aborted.
    public struct Ticket: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// The signals that clean up before ending the process.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var cleanups: [Int: () -> Void] = [:]
    nonisolated(unsafe) private static var nextID = 0
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Registers `cleanup` to run if the process is interrupted before `remove` is called.
    public static func add(_ cleanup: @escaping () -> Void) -> Ticket {
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        nextID += 1
        cleanups[nextID] = cleanup
        return Ticket(id: nextID)
    }

    /// Forgets a cleanup: its output was committed or already thrown away.
    public static func remove(_ ticket: Ticket) {
        lock.lock()
        cleanups[ticket.id] = nil
        lock.unlock()
    }

    /// Runs `body` so that no interrupt cleanup runs during it: an output is created and
    /// registered, or renamed into place and unregistered, as one step.
    public static func atomically<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        return try body()
    }

    /// Runs every registered cleanup now (what an interrupt does before the process ends).
    /// The lock is kept, so no new output can start while the cleanups run.
    static func runAll() {
        lock.lock()
        for id in cleanups.keys.sorted(by: >) { cleanups[id]?() }
        cleanups = [:]
    }

    private static func installHandlers() {
        guard sources.isEmpty else { return }
        let queue = DispatchQueue(label: "popping.interrupt")
        for sig in signals {
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                runAll()
                // Re-raise with the default action so the exit status says which signal ended us.
                signal(sig, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, sig)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(sig)
                // Not reached unless the signal stays blocked; exit with the status a shell would show.
                _exit(128 + sig)
            }
            source.resume()
            // Ignored only once the source listens, so no signal is lost in between.
            signal(sig, SIG_IGN)
            sources.append(source)
        }
    }
}
