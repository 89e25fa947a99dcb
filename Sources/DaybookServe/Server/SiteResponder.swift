import Foundation
import Hummingbird

/// Answers the preview's requests: the built site's files from its folder, with the live-reload
/// script added to HTML pages, and the event stream of `LiveReload.eventsPath`.
struct SiteResponder: Sendable {
    let site: URL
    let hub: UpdateHub
    let hosts: HostCheck

    func respond(_ request: Request) async -> Response {
        let origin = request.headers.first { $0.name.canonicalName == "origin" }?.value
        guard hosts.allows(host: request.head.authority, origin: origin) else {
            return text(.forbidden, "This preview answers only requests addressed to it (Host and Origin must be http://127.0.0.1:\(hosts.port) or localhost).\n")
        }
        guard request.method == .get || request.method == .head else { return text(.methodNotAllowed, "Only GET and HEAD.\n") }
        let path = request.uri.path
        if path == LiveReload.eventsPath { return events(request) }
        switch SitePath.resolve(path, in: site.path) {
        case .file(let file): return serve(file, status: .ok, ifNoneMatch: request.headers[.ifNoneMatch])
        case .redirect(let target): return Response(status: .movedPermanently, headers: [.location: target])
        case .missing:
            let notFound = site.path + "/404.html"
            if FileManager.default.fileExists(atPath: notFound) { return serve(notFound, status: .notFound) }
            // Before a first good build there is no site: a page that shows the errors.
            return html(.notFound, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not built yet</title></head><body><p>Nothing here yet.</p></body></html>")
        }
    }

    /// Pages are never kept by the browser (each carries the live-reload script and its build's
    /// generation). Daybook's stylesheet and scripts are named by their content
    /// (`style.3f2a9c1d0b.css`), so a reloaded page takes them from the browser's cache without
    /// asking. Other files carry a tag of their bytes, so a reload asks for them and gets "not
    /// modified" unless they changed.
    private func serve(_ file: String, status: HTTPResponse.Status, ifNoneMatch: String? = nil) -> Response {
        guard let data = FileManager.default.contents(atPath: file) else { return text(.notFound, "Not found.\n") }
        let type = SitePath.contentType(file)
        if type.hasPrefix("text/html") { return html(status, String(decoding: data, as: UTF8.self)) }
        let tag = Self.entityTag(data)
        let keeping = SitePath.isContentNamedAsset(String(file.dropFirst(site.path.count + 1))) ? "max-age=31536000, immutable" : "no-cache"
        if status == .ok, ifNoneMatch == tag { return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: keeping]) }
        return Response(status: status, headers: [.contentType: type, .cacheControl: keeping, .eTag: tag],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A strong tag of the bytes, for this process: a restarted preview tags anew.
    static func entityTag(_ data: Data) -> String {
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(data.count)
        return "\"" + String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16) + "\""
    }

    private func html(_ status: HTTPResponse.Status, _ page: String) -> Response {
        let body = LiveReload.inject(into: page, generation: hub.generation)
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    private func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
    }

    /// The Server-Sent Events stream of one page. A reconnecting browser names the last event it
    /// saw (`Last-Event-ID`), which wins over the generation the page was loaded at.
    private func events(_ request: Request) -> Response {
        let lastID = request.headers.first { $0.name.canonicalName == "last-event-id" }.flatMap { Int($0.value) }
        let since = lastID ?? Self.query(request.uri.query, "since").flatMap(Int.init) ?? hub.generation
        let stream = hub.subscribe(since: since)
        let body = ResponseBody { writer in
            // A comment first, so the browser sees the stream open at once.
            try await writer.write(ByteBuffer(string: ": daybook\nretry: 1000\n\n"))
            for await message in stream { try await writer.write(ByteBuffer(string: message)) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    static func query(_ query: String?, _ name: String) -> String? {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.first == Substring(name) { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }
}

/// How a request path maps to a file of the site, as a static host does it.
enum SitePath: Equatable {
    case file(String)
    case redirect(String)
    case missing

    /// `/a/b/` is `a/b/index.html`; `/a/b` is the file `a/b`, or a redirect to `/a/b/` when it
    /// is a folder. A path that climbs out of the site (`..`) is missing.
    static func resolve(_ requested: String, in root: String) -> SitePath {
        let decoded = requested.removingPercentEncoding ?? requested
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
        if parts.contains(where: { $0 == ".." || $0 == "." }) || decoded.contains("\0") { return .missing }
        let relative = parts.joined(separator: "/")
        let full = relative.isEmpty ? root : root + "/" + relative
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { return .missing }
        if !isFolder.boolValue { return .file(full) }
        if !decoded.hasSuffix("/") { return .redirect(requested + "/") }
        return FileManager.default.fileExists(atPath: full + "/index.html") ? .file(full + "/index.html") : .missing
    }

    /// `style.3f2a9c1d0b.css`: a stylesheet or script at the site's root with ten hex digits of
    /// its content's digest in its name, as Daybook names its own (`ContentHash.fileName`).
    static func isContentNamedAsset(_ path: String) -> Bool {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard !path.contains("/"), parts.count >= 3, ["css", "js"].contains(parts[parts.count - 1]) else { return false }
        let digest = parts[parts.count - 2]
        return digest.count == 10 && digest.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    static func contentType(_ file: String) -> String {
        let types = [
            "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
            "json": "application/json", "xml": "application/xml", "txt": "text/plain; charset=utf-8",
            "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
            "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "woff2": "font/woff2", "pdf": "application/pdf",
            "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "wasm": "application/wasm",
        ]
        let ext = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return types[ext] ?? "application/octet-stream"
    }
}
