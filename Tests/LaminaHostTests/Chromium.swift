import Foundation
import Glibc

/// Headless Chromium (Debian's `chromium`), driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: commands on the browser's fd 3, replies and events on its fd 4,
/// each a JSON message ended by a NUL byte). Tests load a page, evaluate JavaScript in it and
/// send real mouse input, as a person's browser would get it.
///
/// Every wait has a deadline, so a browser that hangs fails the test instead of the suite. The
/// browser runs in a process group of its own, which `close()` ends whole (its renderer and
/// helper processes with it).
final class Chromium {
    static let executable = "/usr/bin/chromium"

    struct ProtocolError: Error, CustomStringConvertible {
        let description: String
    }

    private let pid: pid_t
    private let commands: Int32, replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var events: [[String: Any]] = []
    private let profile: URL

    init(width: Int = 1280, height: Int = 1024) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-chromium-\(UUID())")
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw ProtocolError(description: "pipe failed") }
        // Move the browser's ends above 4, so that placing them at 3 and 4 cannot clobber each other.
        let browserReads = fcntl(toBrowser[0], F_DUPFD, 10), browserWrites = fcntl(fromBrowser[1], F_DUPFD, 10)
        Glibc.close(toBrowser[0]); Glibc.close(fromBrowser[1])
        commands = toBrowser[1]
        replies = fromBrowser[0]
        _ = fcntl(commands, F_SETFD, FD_CLOEXEC)
        _ = fcntl(replies, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        posix_spawn_file_actions_addclose(&actions, browserReads)
        posix_spawn_file_actions_addclose(&actions, browserWrites)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let arguments = [
            Self.executable, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--no-sandbox",                    // tests run as root in CI containers, where the sandbox cannot start
            "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--window-size=\(width),\(height)", "about:blank",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, Self.executable, &actions, &attributes, &argv, environ)
        Glibc.close(browserReads); Glibc.close(browserWrites)
        guard spawned == 0 else {
            Glibc.close(commands); Glibc.close(replies)
            throw ProtocolError(description: "cannot start \(Self.executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
    }

    deinit { close() }

    private var closed = false

    /// Ends the browser and everything it started, and removes its profile.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", timeout: 5)
        Glibc.close(commands)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(-pid, SIGKILL); waitpid(pid, &status, 0); break }
            usleep(20_000)                   // a real process ending: real time
        }
        kill(-pid, SIGKILL)                  // helpers of the browser that outlived it
        Glibc.close(replies)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and waits for its reply; throws the browser's error or on timeout.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil,
              timeout: TimeInterval = 30) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard written > 0 else { throw ProtocolError(description: "\(method): the browser closed its pipe") }
            offset += written
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, waitingFor: method)
            guard reply["id"] as? Int == id else {
                if reply["method"] != nil { events.append(reply) }
                continue
            }
            if let error = reply["error"] as? [String: Any] {
                throw ProtocolError(description: "\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for an event named `method` (of `session`), returning its parameters.
    func waitForEvent(_ method: String, session: String?, timeout: TimeInterval = 30) throws -> [String: Any] {
        let matches: ([String: Any]) -> Bool = { $0["method"] as? String == method && $0["sessionId"] as? String == session }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let index = events.firstIndex(where: matches) { return events.remove(at: index)["params"] as? [String: Any] ?? [:] }
            let message = try nextMessage(until: deadline, waitingFor: method)
            if message["method"] != nil { events.append(message) }
        }
    }

    private func nextMessage(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                if let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] { return message }
                continue
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ProtocolError(description: "\(what): no answer from the browser in time") }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000)) >= 0 else { continue }
            guard descriptor.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(replies, &chunk, chunk.count)
            guard count > 0 else { throw ProtocolError(description: "\(what): the browser went away") }
            buffer += chunk[..<count]
        }
    }

    // MARK: Pages

    /// A tab: its DevTools session.
    struct Page {
        let browser: Chromium
        let session: String

        /// Evaluates a JavaScript expression (awaiting a promise) and returns its value.
        func evaluate(_ expression: String) throws -> Any? {
            let result = try browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                                          session: session)
            if let exception = result["exceptionDetails"] as? [String: Any] {
                throw ProtocolError(description: "JavaScript: \(exception["text"] ?? ""): \((exception["exception"] as? [String: Any])?["description"] ?? "")")
            }
            return (result["result"] as? [String: Any])?["value"]
        }

        /// A mouse event at a point of the viewport (CSS pixels): "mousePressed", "mouseMoved", "mouseReleased".
        func mouse(_ type: String, x: Double, y: Double, buttons: Int) throws {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "buttons": buttons,
                                                          "clickCount": type == "mouseMoved" ? 0 : 1], session: session)
        }

        /// A screenshot of the viewport, as PNG bytes.
        func screenshot() throws -> Data {
            let result = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
            return Data(base64Encoded: result["data"] as? String ?? "") ?? Data()
        }
    }

    /// Opens `url` in a new tab and waits for its load event (images included).
    func open(_ url: URL) throws -> Page {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw ProtocolError(description: "no target id") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw ProtocolError(description: "no session id") }
        try send("Page.enable", session: session)
        try send("Page.navigate", ["url": url.absoluteString], session: session)
        _ = try waitForEvent("Page.loadEventFired", session: session)
        return Page(browser: self, session: session)
    }
}
