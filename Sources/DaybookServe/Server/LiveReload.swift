/// The script the preview adds to every HTML page it serves (never to the built files): one
/// Server-Sent Events connection per tab, a reload when the page or a file it uses changed, a
/// move when its page went away, and an overlay with the build's errors.
public enum LiveReload {
    public static let eventsPath = "/_daybook/events"

    /// `html` with the script before its last `</body>`, or at its end when it has none.
    public static func inject(into html: String, generation: Int) -> String {
        let script = "<script>\n" + source.replacingOccurrences(of: "GENERATION", with: String(generation)) + "</script>\n"
        guard let body = html.range(of: "</body>", options: [.backwards, .caseInsensitive]) else { return html + script }
        return html.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: script)
    }

    /// The page's path is read from `location` and the files it uses from its attributes at the
    /// moment an update comes, since the page's own scripts may have changed them since.
    static let source = #"""
    (function () {
      "use strict";
      var generation = GENERATION, overlay = null;
      function here() {
        var path = decodeURIComponent(location.pathname).replace(/^\/+/, "");
        return path === "" || path.slice(-1) === "/" ? path + "index.html" : path;
      }
      function usesAny(paths) {
        var wanted = {};
        paths.forEach(function (p) { wanted[p] = true; });
        var found = false;
        function check(value) {
          try {
            var url = new URL(value, location.href);
            if (url.origin === location.origin && wanted[decodeURIComponent(url.pathname).replace(/^\/+/, "")]) found = true;
          } catch (e) { /* not a URL */ }
        }
        document.querySelectorAll("link[href],script[src],img,source,video,audio,iframe[src]").forEach(function (el) {
          ["href", "src"].forEach(function (name) { if (el.getAttribute(name)) check(el.getAttribute(name)); });
          (el.getAttribute("srcset") || "").split(",").forEach(function (part) { if (part.trim()) check(part.trim().split(/\s+/)[0]); });
        });
        return found;
      }
      function showErrors(text) {
        if (!overlay) {
          overlay = document.createElement("div");
          overlay.id = "daybook-errors";
          overlay.setAttribute("role", "alert");
          overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:1.5rem;" +
            "background:#141414;color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace";
          var title = document.createElement("p");
          title.style.cssText = "margin:0 0 1rem;font-weight:bold;color:#ff8a80";
          title.textContent = "The journal does not build. Fix the file and save; the last good build comes back when this closes.";
          var pre = document.createElement("pre");
          pre.style.cssText = "margin:0;white-space:pre-wrap";
          overlay.appendChild(title);
          overlay.appendChild(pre);
          document.body.appendChild(overlay);
        }
        overlay.lastChild.textContent = text;
      }
      function hideErrors() {
        if (overlay) { overlay.remove(); overlay = null; }
      }
      function update(message) {
        var page = here();
        if (message.error) { showErrors(message.error); } else { hideErrors(); }
        if (message.removed.indexOf(page) >= 0) {
          var target = message.moved[page];
          location.replace("/" + (target ? target.replace(/index\.html$/, "") : ""));
        } else if (message.changed.indexOf(page) >= 0) {
          location.reload();
        } else if (usesAny(message.changed)) {
          // An unlocked private journal takes the new build in place: a reload would lock it.
          var viewer = window.daybookPrivate;
          if (viewer && viewer.refresh) {
            viewer.refresh(message.generation).then(function (done) { if (!done) location.reload(); });
          } else {
            location.reload();
          }
        }
        generation = message.generation;
      }
      var source = null;
      function connect() {
        source = new EventSource("/_daybook/events?page=" + encodeURIComponent(here()) + "&since=" + generation);
        source.addEventListener("update", function (event) { update(JSON.parse(event.data)); });
        source.onerror = function () {
          // The browser retries by itself, unless the server closed for good; then try later.
          if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 1000); }
        };
      }
      window.addEventListener("pagehide", function () { if (source) source.close(); });
      window.addEventListener("pageshow", function (event) { if (event.persisted) connect(); });
      connect();
    })();

    """#
}
