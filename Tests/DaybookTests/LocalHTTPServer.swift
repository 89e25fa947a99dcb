import Foundation

/// A tiny HTTP server on 127.0.0.1 for the tests that fetch quotes: Python's http.server in a
/// child process, answering each path with a fixed status, body and delay, and logging every request.
final class LocalHTTPServer {
    struct Route: Encodable {
        var status = 200
        var body: String
        /// Seconds to wait before answering.
        var delay = 0.0
        /// A `Location` header, for redirects.
        var location: String? = nil
    }

    private let process = Process()
    private let folder: URL
    let port: Int

    static let script = """
        import json, sys, time, http.server, socketserver
        routes = json.load(open(sys.argv[1]))
        log = open(sys.argv[2], "a", buffering=1)
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                log.write(self.path + "\\n")
                route = routes.get(self.path)
                if route is None:
                    self.send_error(404)
                    return
                time.sleep(route["delay"])
                body = route["body"].encode()
                try:
                    self.send_response(route["status"])
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    if route.get("location"):
                        self.send_header("Location", route["location"])
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass
            def log_message(self, *args):
                pass
        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
        server = Server(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    init(_ routes: [String: Route]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(routes).write(to: folder.appendingPathComponent("routes.json"))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, folder.appendingPathComponent("routes.json").path, folder.appendingPathComponent("requests.log").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line the server prints is its port.
        var line = Data()
        while !line.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The paths asked for so far, in order.
    var requests: [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops the server; its port then refuses connections, as a machine offline would.
    func stop() {
        guard process.isRunning else { return }
        // SIGKILL: a child of the test runner may have SIGTERM blocked, and then terminate() never ends it.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A ZenQuotes answer: `[{"q": …, "a": …, "h": …}]`, with the HTML copy that Daybook ignores.
func zenQuotesJSON(_ quotes: [(String, String)]) -> String {
    let items = quotes.map { ["q": $0.0, "a": $0.1, "h": "<blockquote>&ldquo;\($0.0)&rdquo;</blockquote>"] }
    let data = (try? JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// The quotes list a built site gives its script, decoded from the data file.
func siteQuotes(_ site: URL) throws -> (quotes: [[String: Any]], stride: Int, file: String)? {
    let names = try FileManager.default.contentsOfDirectory(atPath: site.path)
    guard let name = names.first(where: { $0.hasPrefix("quotes.") && $0.hasSuffix(".js") }) else { return nil }
    let text = try String(contentsOf: site.appendingPathComponent(name), encoding: .utf8)
    guard let start = text.range(of: "window.daybookQuotes = ")?.upperBound, text.hasSuffix(";\n") else { return nil }
    let json = Data(text[start..<text.index(text.endIndex, offsetBy: -2)].utf8)
    guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
          let quotes = object["quotes"] as? [[String: Any]], let stride = object["stride"] as? Int else { return nil }
    return (quotes, stride, name)
}
