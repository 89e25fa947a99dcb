/* Daybook shared entries: the share page (share.mustache) shows one entry shared by a link.

   The link is share/#<id>.<key>: the browser never sends the part after # to the host. The id
   (32 hex digits) names the sealed copy, share/<first 32 hex of SHA-256("daybook share\0" id)>.js,
   which arrives as a script, daybookShared(name, base64), so it loads from any host and from disk.
   The key (32 bytes, base64url) opens it: the copy is sealed whole in the private journal's
   format (docs/private.md), each chunk under AES-256-GCM bound to the role "share", its position
   and the chunk count, and carries its own table of files. It holds /share (the entry page's
   path), /article (the entry) and the files the entry shows (its photos), which become blob:
   addresses. Every other link of the entry into the journal is taken out: the share opens this
   entry and nothing else.

     window.daybookShare.state -> "loading", "shown", or the word of the message shown */
(function () {
  "use strict";

  var CHUNK = 65536, NONCE = 12, TAG = 16;
  var encoder = new TextEncoder();
  var api = window.daybookShare = { state: "loading" };
  var main = document.getElementById("share"), status = document.getElementById("share-status");
  var loaded = null;

  function Failure(kind) { this.kind = kind; }

  function fromBase64(text) {
    var raw = atob(text.replace(/-/g, "+").replace(/_/g, "/")), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function hex(bytes) {
    var out = "";
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }

  function u32(value) { return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]; }

  function aad(index, count) {
    var parts = [encoder.encode("daybook/v4"), [0], encoder.encode("share"), [0], u32(index), u32(count)], out = [];
    parts.forEach(function (p) { for (var i = 0; i < p.length; i++) out.push(p[i]); });
    return new Uint8Array(out);
  }

  function show(kind) {
    api.state = kind;
    status.textContent = main.dataset[kind.replace(/_(\w)/g, function (m, c) { return c.toUpperCase(); })] || "";
    status.className = "share-status" + (kind === "loading" ? "" : " share-error");
  }

  /* The copy's binary, loaded as a script named from the id. */
  function load(name) {
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      window.daybookShared = function (got, base64) { if (got === name) loaded = base64; };
      element.src = name + ".js";
      element.onerror = function () { element.remove(); reject(new Failure("missing")); };
      element.onload = function () {
        element.remove();
        try { resolve(fromBase64(loaded || "")); } catch (e) { reject(new Failure("damaged")); }
      };
      document.head.appendChild(element);
    });
  }

  /* The plaintext of the whole copy: magic "DBK4", the chunk count, then each chunk. */
  function unseal(key, binary) {
    if (binary.length < 8 || binary[0] !== 68 || binary[1] !== 66 || binary[2] !== 75 || binary[3] !== 52) {
      return Promise.reject(new Failure("damaged"));
    }
    var count = new DataView(binary.buffer, binary.byteOffset, 8).getUint32(4), full = NONCE + CHUNK + TAG, jobs = [];
    for (var i = 0, at = 8; i < count; i++, at += full) {
      var chunk = binary.subarray(at, Math.min(binary.length, at + full));
      if (chunk.length < NONCE + TAG) return Promise.reject(new Failure("damaged"));
      jobs.push(crypto.subtle.decrypt({ name: "AES-GCM", iv: chunk.subarray(0, NONCE), additionalData: aad(i, count), tagLength: 128 },
        key, chunk.subarray(NONCE)));
    }
    return Promise.all(jobs).then(function (parts) {
      var out = new Uint8Array(parts.reduce(function (sum, p) { return sum + p.byteLength; }, 0)), at = 0;
      parts.forEach(function (p) { out.set(new Uint8Array(p), at); at += p.byteLength; });
      return out;
    }, function () { throw new Failure("damaged"); });
  }

  /* The pack's files by path: the table's length, the table (JSON), the files. */
  function unpack(pack) {
    var length = new DataView(pack.buffer, pack.byteOffset, 4).getUint32(0);
    var table = JSON.parse(new TextDecoder().decode(pack.subarray(4, 4 + length))).files, files = {};
    Object.keys(table).forEach(function (path) {
      var place = table[path];
      files[path] = pack.subarray(4 + length + place[0], 4 + length + place[0] + place[1]);
    });
    return files;
  }

  var types = { webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", gif: "image/gif", avif: "image/avif", svg: "image/svg+xml" };

  /* The entry, its files as blob: addresses; a link elsewhere in the journal becomes its text. */
  function render(files) {
    var text = new TextDecoder(), meta = JSON.parse(text.decode(files["/share"]));
    var base = "https://share.invalid/" + encodeURI(meta.path), blobs = {};
    function blob(address) {
      var url;
      try { url = new URL(address, base); } catch (e) { return null; }
      if (url.host !== "share.invalid") return undefined;
      var path = decodeURIComponent(url.pathname.slice(1));
      if (!files[path]) return null;
      if (!blobs[path]) blobs[path] = URL.createObjectURL(new Blob([files[path]], { type: types[path.split(".").pop().toLowerCase()] || "" }));
      return blobs[path];
    }
    var holder = document.getElementById("share-entry");
    holder.innerHTML = text.decode(files["/article"]);
    holder.querySelectorAll("[src]").forEach(function (element) {
      var url = blob(element.getAttribute("src"));
      if (url === null) element.removeAttribute("src"); else if (url) element.src = url;
    });
    holder.querySelectorAll("[srcset]").forEach(function (element) {
      element.srcset = element.getAttribute("srcset").split(",").map(function (item) {
        var parts = item.trim().split(/\s+/), url = blob(parts[0]);
        return url === null ? "" : [url || parts[0]].concat(parts.slice(1)).join(" ");
      }).filter(Boolean).join(", ");
    });
    holder.querySelectorAll("a[href]").forEach(function (link) {
      var href = link.getAttribute("href");
      if (/^#/.test(href)) return;
      var url = blob(href);
      if (url) { link.href = url; return; }
      if (url === undefined && /^(https?|mailto):/i.test(href)) { link.rel = "noopener noreferrer"; return; }
      link.replaceWith.apply(link, Array.prototype.slice.call(link.childNodes));
    });
    holder.querySelectorAll("nav, .breadcrumb").forEach(function (element) { element.remove(); });
    var heading = holder.querySelector("h1");
    if (heading) document.title = heading.textContent.trim() + " · " + document.title;
    status.textContent = "";
    api.state = "shown";
  }

  function open() {
    var match = /^#([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/.exec(location.hash);
    if (!match) { show(location.hash.length > 1 ? "damaged" : "no_link"); return; }
    if (!window.crypto || !crypto.subtle) { show("no_crypto"); return; }
    show("loading");
    var id = match[1], key;
    try { key = fromBase64(match[2]); } catch (e) { show("damaged"); return; }
    crypto.subtle.digest("SHA-256", encoder.encode("daybook share\0" + id)).then(function (digest) {
      return Promise.all([load(hex(new Uint8Array(digest)).slice(0, 32)),
        crypto.subtle.importKey("raw", key, "AES-GCM", false, ["decrypt"])]);
    }).then(function (both) { return unseal(both[1], both[0]); }).then(function (pack) { render(unpack(pack)); })
      .catch(function (error) { show(error instanceof Failure ? error.kind : "damaged"); });
  }

  open();
  window.addEventListener("hashchange", function () { location.reload(); });
})();
