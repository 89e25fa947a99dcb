/* Daybook private journals: the unlock page and the viewer of the encrypted edition.

   The unlock page (unlock.mustache) loads private/keys.js and then this script. One password
   derivation (PBKDF2 in WebCrypto, salted with the journal salt and the reader's name) gives the
   reader's id and a non-extractable AES-KW key, which unwraps the reader's edition key (a
   non-extractable AES-GCM key); both stay in this tab's memory only, unless the reader asks to
   remember the device: then the AES-KW key alone goes to IndexedDB, with an expiry. The newest
   generation of each edition this browser opened is kept there too, so an older copy is refused.
   An edition is one pack of every file, sealed as one and published in chunks of equal size, so
   the onlooker learns no file's size. Sealed files arrive as scripts, `daybookSealed(name,
   base64)`, which work from any host and from disk. Each is checked against its name (SHA-256)
   and decrypted before any use; a page takes the few chunks that hold it, and is inflated.
   Pages are shown in a full-window <iframe srcdoc>; their routes stay in memory and, sealed,
   in the history entries, never in the address (see currentRoute below).
   The format is docs/private.md's; Tests/site/private_reference.py is its reference.

     window.daybookPrivate.derivations -> how many password derivations this tab ran
     window.daybookPrivate.tablesRead  -> how many of the pack's tables this tab read
     window.daybookPrivate.refused     -> true when an older copy of the edition was refused
     window.daybookPrivate.lock()      -> forgets every key (memory and device) and asks again
     window.daybookPrivate.refresh(v)  -> after a rebuild: Promise of whether the open journal
                                          now shows the new build without asking again
     window.daybookOpen(url)           -> in a shown page: Promise of the decrypted text of a file */
(function () {
  "use strict";

  var CHUNK = 65536, TAG = 16, NONCE = 12, FORMAT = 6, CACHED = 64;
  var encoder = new TextEncoder();
  var api = window.daybookPrivate = { derivations: 0, tablesRead: 0, pages: 0, page: null, lock: lock, attach: attach, refresh: refresh };
  var main, form, statusLine, frame, lockButton, words, keys, keysURL;
  var root = new URL("./", location.href); // the site's root; the unlock page says where it is
  var edition = null; // { key, folder, reader, chunks, files, cache }
  var texts = new Map(), blobs = new Map(), sealedLoads = new Map(), shown = 0;

  /* A reason that stops opening the journal; `kind` names the message word shown for it. */
  function Failure(kind) { this.kind = kind; }

  // ---- Bytes --------------------------------------------------------------------------------

  function fromBase64(text) {
    if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
    var raw = atob(text), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function toBase64(bytes) {
    var raw = "";
    for (var i = 0; i < bytes.length; i++) raw += String.fromCharCode(bytes[i]);
    return btoa(raw);
  }

  function hex(bytes) {
    var out = "";
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }

  function concat(parts) {
    var length = parts.reduce(function (sum, p) { return sum + p.byteLength; }, 0), out = new Uint8Array(length), at = 0;
    parts.forEach(function (p) { out.set(new Uint8Array(p), at); at += p.byteLength; });
    return out;
  }

  function u32(value) { return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]; }

  function sha256(bytes) {
    return crypto.subtle.digest("SHA-256", bytes).then(function (d) { return new Uint8Array(d); });
  }

  // ---- Keys ---------------------------------------------------------------------------------

  /* The reader's name as the build wrote it: NFC, lower case ("" for a journal without names). */
  function readerName(name) { return name.trim().normalize("NFC").toLowerCase(); }

  /* { kek, id } of a reader: PBKDF2 over the password, salted with the journal salt and the
     name, then HKDF for the key-encryption key and the id. A name is confirmed only with its
     password, at the cost of a password guess. */
  var readerSalt = encoder.encode("daybook reader v2");

  function deriveReader(journalSalt, name, password, iterations) {
    api.derivations += 1;
    var salt = concat([journalSalt, encoder.encode(readerName(name))]);
    return crypto.subtle.importKey("raw", encoder.encode(password.normalize("NFC")), "PBKDF2", false, ["deriveBits"])
      .then(function (base) {
        return crypto.subtle.deriveBits({ name: "PBKDF2", salt: salt, iterations: iterations, hash: "SHA-256" }, base, 256);
      }).then(function (master) {
        return crypto.subtle.importKey("raw", master, "HKDF", false, ["deriveKey", "deriveBits"]);
      }).then(function (master) {
        function info(text) { return { name: "HKDF", hash: "SHA-256", salt: readerSalt, info: encoder.encode(text) }; }
        return Promise.all([
          crypto.subtle.deriveKey(info("kek"), master, { name: "AES-KW", length: 256 }, false, ["unwrapKey"]),
          crypto.subtle.deriveBits(info("reader-id"), master, 128)
        ]);
      }).then(function (both) { return { kek: both[0], id: hex(new Uint8Array(both[1])) }; });
  }

  function unwrapEditionKey(kek, wrapped) {
    return crypto.subtle.unwrapKey("raw", fromBase64(wrapped), kek, "AES-KW", { name: "AES-GCM", length: 256 },
      false, ["decrypt", "encrypt"]);
  }

  // ---- Sealed files -------------------------------------------------------------------------

  /* What a sealed binary is: the edition's manifest or a chunk of its pack; the two roles never
     meet, so neither opens as the other. */
  var MANIFEST = "manifest", PACK = "pack";

  /* A chunk's binding. A pack's chunk is bound to its place, not to the count: the manifest lists
     the chunks' digests in order, and a pack that grows keeps its first chunks as they are. */
  function aad(role, index, count) {
    var tail = role === PACK ? [u32(index)] : [u32(index), u32(count)];
    return concat([encoder.encode("daybook/v4"), [0], encoder.encode(role), [0]].concat(tail).map(function (p) {
      return p instanceof Uint8Array ? p : new Uint8Array(p);
    }));
  }

  function unsealChunk(key, role, index, count, binary) {
    if (binary.length < NONCE + TAG || binary.length > NONCE + CHUNK + TAG) return Promise.reject(new Failure("damaged"));
    return crypto.subtle.decrypt({ name: "AES-GCM", iv: binary.subarray(0, NONCE), additionalData: aad(role, index, count),
      tagLength: 128 }, key, binary.subarray(NONCE)).catch(function () { throw new Failure("damaged"); });
  }

  /* The plaintext chunks (ArrayBuffers) of a sealed binary (the manifest); rejects with
     Failure("damaged") unless every chunk decrypts with its role, position and count. */
  function unseal(key, role, binary) {
    function bad() { return Promise.reject(new Failure("damaged")); }
    if (binary.length < 8 || binary[0] !== 68 || binary[1] !== 66 || binary[2] !== 75 || binary[3] !== 52) return bad();
    var count = new DataView(binary.buffer, binary.byteOffset, binary.byteLength).getUint32(4);
    var full = NONCE + CHUNK + TAG, last = binary.length - 8 - (count - 1) * full;
    if (count < 1 || last < NONCE + TAG || last > full) return bad();
    var jobs = [];
    for (var i = 0, at = 8; i < count; i++, at += full) {
      jobs.push(unsealChunk(key, role, i, count, binary.subarray(at, at + (i < count - 1 ? full : last))));
    }
    return Promise.all(jobs);
  }

  window.daybookSealed = function (name, base64) {
    var element = document.currentScript, load = element && sealedLoads.get(element);
    if (load) load.text = base64;
  };

  /* The binary of sealed file `name` of `folder`, loaded as a script and checked against its name. */
  function loadSealed(folder, name) {
    if (!/^[0-9a-f]{32}$/.test(name)) return Promise.reject(new Failure("damaged"));
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script"), load = { text: null };
      sealedLoads.set(element, load);
      element.src = new URL("private/" + folder + "/" + name.slice(0, 2) + "/" + name + ".js", root).href;
      function done() { sealedLoads.delete(element); element.remove(); }
      element.onerror = function () { done(); reject(new Failure("missing")); };
      element.onload = function () {
        done();
        var binary;
        try { binary = fromBase64(load.text); } catch (e) { reject(new Failure("damaged")); return; }
        sha256(binary).then(function (digest) {
          if (hex(digest).slice(0, 32) === name) resolve(binary); else reject(new Failure("damaged"));
        }, reject);
      };
      document.head.appendChild(element);
    });
  }

  /* Chunk `index` of the edition's pack, decrypted (a Uint8Array); the last few stay in memory. */
  function openChunk(current, index) {
    if (!(index >= 0 && index < current.chunks.length)) return Promise.reject(new Failure("damaged"));
    if (!current.cache.has(index)) {
      var promise = loadSealed(current.folder, current.chunks[index]).then(function (binary) {
        return unsealChunk(current.key, PACK, index, current.chunks.length, binary);
      }).then(function (plain) { return new Uint8Array(plain); });
      promise.catch(function () { current.cache.delete(index); });
      current.cache.set(index, promise);
      if (current.cache.size > CACHED) current.cache.delete(current.cache.keys().next().value);
    }
    return current.cache.get(index);
  }

  /* Bytes `at` to `at + length` of the pack, as the parts of the chunks that hold them. */
  function readPack(current, at, length) {
    if (length <= 0) return Promise.resolve([]);
    var first = Math.floor(at / CHUNK), last = Math.floor((at + length - 1) / CHUNK), jobs = [];
    for (var i = first; i <= last; i++) jobs.push(openChunk(current, i));
    return Promise.all(jobs).then(function (parts) {
      return parts.map(function (part, k) {
        var base = (first + k) * CHUNK;
        return part.subarray(Math.max(0, at - base), Math.min(part.length, at + length - base));
      });
    });
  }

  /* The edition's file at `path` (a path in the site), decrypted and inflated: the pack holds
     every file as raw DEFLATE, which the browser's own DecompressionStream opens. */
  function openChunks(path) {
    var current = edition, place = current && Object.prototype.hasOwnProperty.call(current.files, path) && current.files[path];
    if (!place) return Promise.reject(new Failure("missing"));
    return readPack(current, place[0], place[1]).then(inflate);
  }

  function inflate(parts) {
    var stream = new Blob(parts).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).arrayBuffer().then(function (bytes) { return [new Uint8Array(bytes)]; },
      function () { throw new Failure("damaged"); });
  }

  function openText(path) {
    if (!texts.has(path)) {
      var promise = openChunks(path).then(function (parts) {
        var decoder = new TextDecoder(), out = "";
        parts.forEach(function (p) { out += decoder.decode(p, { stream: true }); });
        return out + decoder.decode();
      });
      promise.catch(function () { texts.delete(path); });
      texts.set(path, promise);
    }
    return texts.get(path);
  }

  var TYPES = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif",
    gif: "image/gif", svg: "image/svg+xml", js: "text/javascript", css: "text/css", json: "application/json",
    txt: "text/plain", pdf: "application/pdf", mp4: "video/mp4", webm: "video/webm" };

  function openBlobURL(path) {
    if (!blobs.has(path)) {
      var type = TYPES[(path.split(".").pop() || "").toLowerCase()] || "application/octet-stream";
      blobs.set(path, openChunks(path).then(function (parts) { return URL.createObjectURL(new Blob(parts, { type: type })); }));
    }
    return blobs.get(path);
  }

  // ---- Opening the edition ------------------------------------------------------------------

  /* The manifest (the pack's chunks, the generation), then the pack's table of files: in the
     preview, a chain of them (`tables`, oldest first, then `table`), each listing the files its
     save wrote and the paths gone since the one before. */
  function openEdition(key, reader) {
    var current = { key: key, folder: reader.folder, reader: reader.id, chunks: [], files: {}, cache: new Map() };
    edition = current;
    return loadSealed(reader.folder, reader.manifest).then(function (binary) {
      return unseal(key, MANIFEST, binary);
    }).then(function (parts) {
      var manifest = JSON.parse(new TextDecoder().decode(concat(parts)));
      var chain = manifest.tables === undefined ? [manifest.table]
        : Array.isArray(manifest.tables) ? manifest.tables.concat([manifest.table]) : null;
      if (manifest.format !== FORMAT || !Array.isArray(manifest.chunks) || !manifest.chunks.length ||
          typeof manifest.generation !== "number" || !chain || !chain.every(isPlace)) throw new Failure("damaged");
      current.chunks = manifest.chunks;
      return checkGeneration(reader.folder, manifest.generation).then(function () { return openTables(current, chain); });
    }).then(function (files) {
      current.files = files;
    }).catch(function (error) { forgetMemory(); throw error; });
  }

  function isPlace(place) {
    return Array.isArray(place) && place.length === 2 && place.every(function (n) { return typeof n === "number" && n >= 0; });
  }

  /* The tables read so far, by where they lie: a refresh reads only the preview's newest, as the
     chunks that hold the others keep their names, and so their bytes. Forgotten on Lock. */
  var tables = new Map();

  /* The files of the chain of tables at `chain`, merged: each table's files replace those before,
     and its `removed` paths go. */
  function openTables(current, chain) {
    var used = new Map();
    return Promise.all(chain.map(function (place) {
      var first = Math.floor(place[0] / CHUNK), last = Math.floor((place[0] + Math.max(place[1], 1) - 1) / CHUNK);
      var id = [current.folder, place.join(","), current.chunks.slice(first, last + 1).join(",")].join(":");
      var table = tables.get(id) || readPack(current, place[0], place[1]).then(function (parts) {
        api.tablesRead += 1;
        var json = JSON.parse(new TextDecoder().decode(concat(parts)));
        if (!json || typeof json.files !== "object" || !json.files ||
            (json.removed !== undefined && !Array.isArray(json.removed))) throw new Failure("damaged");
        return json;
      });
      used.set(id, table);
      return table;
    })).then(function (listed) {
      tables = used;
      if (listed.length === 1) return listed[0].files;
      var files = Object.create(null);
      listed.forEach(function (table) {
        (table.removed || []).forEach(function (path) { delete files[path]; });
        Object.keys(table.files).forEach(function (path) { files[path] = table.files[path]; });
      });
      return files;
    });
  }

  /* A host (or anyone between it and the reader) could serve an older key file with its older
     files, whose manifest still opens: the manifest's generation, sealed with it, orders the
     versions, and this browser refuses one older than the newest it has opened. */
  function checkGeneration(folder, generation) {
    var id = keys.salt + "/" + folder;
    api.refused = false;
    return store("seen", "readonly", function (s) { return s.get(id); }).catch(function () { return undefined; }).then(function (seen) {
      if (typeof seen === "number" && generation < seen) { api.refused = true; throw new Failure("older"); }
      if (seen === generation) return;
      return store("seen", "readwrite", function (s) { return s.put(generation, id); }).catch(function () {});
    });
  }

  /* The path in the site of `url` (absolute, or relative to `base`) when it is inside the site. */
  function sitePath(url, base) {
    var address;
    try { address = new URL(url, base); } catch (e) { return null; }
    var plain = address.href.split("#")[0].split("?")[0];
    if (plain.indexOf(root.href) !== 0) return null;
    var path;
    try { path = decodeURIComponent(plain.slice(root.href.length)); } catch (e) { return null; }
    return path === "" || path.slice(-1) === "/" ? path + "index.html" : path;
  }

  function isPage(path) { return /\.html$/.test(path); }

  /* The viewer's routes live in memory, never in the address: the browser's history (and its
     sync) keeps only the unlock page's address and title, so after Lock it holds no private
     title, date, slug, tag or place. Back and forward work within a visit (each entry's state
     is a number); a reload opens the journal's home page. A `#/path/` address from before, or
     typed, is still opened once, and taken out of the address at once. */
  var routes = [], routeIndex = 0;

  /* Every page opened from disk shares one origin (file://), so a key remembered there could be
     used by any of them: remembering is off, and one line says why. */
  var fromDisk = location.protocol === "file:";

  function plainAddress() { return location.href.split("#")[0]; }

  function hashRoute() {
    var hash = location.hash, at = hash.indexOf("#", 1);
    if (hash.indexOf("#/") !== 0) return null;
    var route = hash.slice(2, at > 0 ? at : undefined), fragment = at > 0 ? hash.slice(at + 1) : "";
    try { route = decodeURIComponent(route); } catch (e) { route = ""; }
    return { path: route === "" || route.slice(-1) === "/" ? route + "index.html" : route, fragment: fragment };
  }

  /* Takes a `#/…` route out of the address into memory: the page's first entry, or the new one
     a change of the address made. */
  function adoptHashRoute(isNewEntry) {
    var route = hashRoute();
    if (!route) return false;
    if (isNewEntry) {
      routes.length = routeIndex + 1;
      routeIndex = routes.length;
    }
    routes[routeIndex] = route;
    // With a key open, `keepRouteInState` takes the route out of the address and seals it into
    // the entry in one step. Chromium allows 200 changes of the history in 10 seconds, a change of
    // the address's fragment among them, and throttles the page after: three per page took a
    // reader who went through pages quickly there.
    if (!edition) history.replaceState({ daybook: routeIndex }, "", plainAddress());
    return true;
  }

  /* Seals the current entry's route into its state, once a key is open. */
  function keepRouteInState() {
    var index = routeIndex, route = routes[index];
    if (!route || !edition || (history.state && typeof history.state.route === "string")) return Promise.resolve();
    var ours = function () {
      // The entry is still the one the route is for: marked as it (`adoptHashRoute` without a key),
      // or new, with the route still in its address.
      var state = history.state, typed = hashRoute();
      return state ? state.daybook === index : typed !== null && typed.path === route.path && typed.fragment === route.fragment;
    };
    return sealRoute(route).then(function (sealed) {
      if (ours()) history.replaceState({ daybook: index, route: sealed }, "", plainAddress());
    }, function () {
      // Unsealed, the route still goes out of the address.
      if (ours()) history.replaceState({ daybook: index }, "", plainAddress());
    });
  }

  function currentRoute() { return routes[routeIndex] || { path: "index.html", fragment: "" }; }

  /* A history entry's route is sealed under the edition key with a random nonce, so the browser
     keeps only ciphertext, and a reload (once unlocked again) returns to the page it showed. */
  var routeData = encoder.encode("daybook/route");

  function sealRoute(route) {
    var nonce = crypto.getRandomValues(new Uint8Array(12));
    return crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, additionalData: routeData }, edition.key,
      encoder.encode(JSON.stringify(route))).then(function (sealed) {
      return toBase64(concat([nonce, new Uint8Array(sealed)]));
    });
  }

  function unsealRoute(text) {
    var bytes = fromBase64(text);
    return crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: routeData }, edition.key,
      bytes.slice(12)).then(function (plain) {
      var route = JSON.parse(new TextDecoder().decode(plain));
      return typeof route.path === "string" ? { path: route.path, fragment: String(route.fragment || "") } : null;
    }).catch(function () { return null; });
  }

  function navigate(path, fragment) {
    var route = { path: path, fragment: fragment || "" };
    return sealRoute(route).then(function (sealed) {
      routes.length = routeIndex + 1;
      routes.push(route);
      routeIndex = routes.length - 1;
      history.pushState({ daybook: routeIndex, route: sealed }, "", plainAddress());
      return showRoute();
    });
  }

  /* After unlocking: the page this history entry showed, when it holds a sealed route. */
  function showStoredRoute() {
    var state = history.state;
    if (routes[routeIndex]) return keepRouteInState().then(showRoute);
    if (!edition || !state || typeof state.route !== "string") return showRoute();
    return unsealRoute(state.route).then(function (route) {
      if (route && edition) routes[routeIndex] = route;
      return showRoute();
    });
  }

  function forgetRoutes() {
    routes = [];
    routeIndex = 0;
    history.replaceState(null, "", plainAddress());
  }

  // ---- Showing a page -----------------------------------------------------------------------

  /* Makes the parsed page work inside the viewer: its base, its data files inlined, its
     images and other files as blob: URLs, the hook for its scripts, and the Lock button. */
  function prepare(doc, path) {
    var folder = path.slice(0, path.lastIndexOf("/") + 1), base = new URL(folder, root).href, jobs = [];
    var head = doc.head, first = head.firstChild;
    var baseElement = doc.createElement("base");
    baseElement.href = base;
    var hook = doc.createElement("script");
    hook.textContent = "parent.daybookPrivate.attach(window);";
    head.insertBefore(baseElement, first);
    head.insertBefore(hook, first);
    doc.querySelectorAll("script[src]").forEach(function (script) {
      var target = sitePath(script.getAttribute("src"), base);
      if (!target || !edition.files[target]) return;
      script.removeAttribute("src");
      jobs.push(openText(target).then(function (text) { script.textContent = text; }));
    });
    doc.querySelectorAll("picture").forEach(onePhotoCopy);
    [["img", "src"], ["img", "srcset"], ["source", "src"], ["source", "srcset"], ["video", "poster"],
      ["a", "href"], ["link", "href"], ["image", "href"]].forEach(function (pair) {
      doc.querySelectorAll(pair[0] + "[" + pair[1] + "]").forEach(function (element) {
        jobs.push(replaceURLs(element, pair[1], base));
      });
    });
    var lockButton = doc.createElement("button");
    lockButton.type = "button";
    lockButton.className = "private-lock";
    lockButton.setAttribute("data-private-lock", "");
    lockButton.textContent = words.lock;
    (doc.querySelector(".site-header") || doc.body).appendChild(lockButton);
    return Promise.all(jobs);
  }

  /* A photo in the viewer is one copy: the WebP the browser would take for its place, which its
     link (and so the lightbox) shows too. Decrypting every size of every photo cost six times
     what the public page loads. */
  function onePhotoCopy(picture) {
    var source = picture.querySelector('source[type="image/webp"][srcset]'), img = picture.querySelector("img");
    if (!source || !img) return;
    var url = fittingCopy(source.getAttribute("srcset"), source.getAttribute("sizes"));
    img.setAttribute("src", url);
    img.removeAttribute("srcset");
    img.removeAttribute("sizes");
    source.remove();
    var link = picture.closest("a.photo");
    if (link) link.setAttribute("href", url);
  }

  /* The candidate of `srcset` that the browser would pick for `sizes` on this screen (the
     frame fills the window, so its media queries and lengths are the window's). */
  function fittingCopy(srcset, sizes) {
    var probe = document.createElement("div"), slot = window.innerWidth;
    probe.style.cssText = "position: absolute; visibility: hidden; height: 0";
    document.body.appendChild(probe);
    var parts = (sizes || "").split(/,\s*(?![^()]*\))/);
    for (var i = 0; i < parts.length; i++) {
      var match = parts[i].trim().match(/^(\([^)]*\))\s+(.+)$/);
      if (match && !window.matchMedia(match[1]).matches) continue;
      probe.style.width = match ? match[2] : parts[i].trim();
      slot = probe.getBoundingClientRect().width || slot;
      break;
    }
    probe.remove();
    var needed = slot * (window.devicePixelRatio || 1);
    var copies = srcset.split(",").map(function (piece) {
      var bits = piece.trim().split(/\s+/);
      return { url: bits[0], width: parseInt(bits[1], 10) || 0 };
    }).sort(function (a, b) { return a.width - b.width; });
    return (copies.filter(function (copy) { return copy.width >= needed; })[0] || copies[copies.length - 1]).url;
  }

  function replaceURLs(element, attribute, base) {
    var value = element.getAttribute(attribute);
    var pieces = attribute === "srcset" ? value.split(",").map(function (p) { return p.trim(); }) : [value];
    return Promise.all(pieces.map(function (piece) {
      var url = attribute === "srcset" ? piece.split(/\s+/)[0] : piece, rest = piece.slice(url.length);
      var target = sitePath(url, base);
      if (!target || !edition.files[target] || isPage(target)) return piece;
      return openBlobURL(target).then(function (blob) { return blob + rest; });
    })).then(function (done) { element.setAttribute(attribute, done.join(", ")); });
  }

  /* Shows the page of the current route (or the edition's 404 page) in a fresh frame. */
  function showRoute() {
    if (!edition) return Promise.resolve();
    var route = currentRoute(), ticket = ++shown, path = route.path;
    if (!edition.files[path] || !isPage(path)) path = edition.files["404.html"] ? "404.html" : null;
    if (!path) { say(words.notFound, true); return Promise.resolve(); }
    var doc, times = { start: performance.now() };
    return openText(path).then(function (html) {
      times.opened = performance.now();
      doc = new DOMParser().parseFromString(html, "text/html");
      return prepare(doc, path);
    }).then(function () {
      if (ticket !== shown || !edition) return;
      times.prepared = performance.now();
      api.times = times; // for bench/private/bench.py
      var next = frame.cloneNode(false);
      next.addEventListener("load", function () { pageShown(next, path, route.fragment); });
      next.srcdoc = "<!DOCTYPE html>\n" + doc.documentElement.outerHTML;
      next.title = doc.title;
      next.hidden = false;
      frame.replaceWith(next);
      frame = next;
      document.body.classList.add("private-open");
      main.hidden = true;
      lockButton.hidden = true;
      say("");
    }, fail);
  }

  function pageShown(shownFrame, path, fragment) {
    var doc = shownFrame.contentDocument;
    if (!doc) return;
    // The tab keeps the unlock page's title (the frame carries the page's, for screen readers):
    // a title here would go into the browser's history.
    // Keyboard focus goes into the page, where it was (a link) or is wanted (after unlocking).
    shownFrame.contentWindow.focus();
    if (fragment) scrollToFragment(doc, fragment);
    api.page = path; // what the tests and the benchmark wait for
    api.shownAt = performance.now();
    api.pages += 1;
  }

  function scrollToFragment(doc, fragment) {
    var id;
    try { id = decodeURIComponent(fragment); } catch (e) { id = fragment; }
    var target = doc.getElementById(id) || doc.getElementsByName(id)[0];
    if (!target) return;
    target.scrollIntoView();
    if (target.tabIndex < 0 && !/^(a|button|input|select|textarea)$/i.test(target.tagName)) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }

  /* Called by the hook at the top of each shown page: gives its scripts `daybookOpen` and
     routes its links (edition pages through the viewer, other sites in the top window). */
  function attach(win) {
    win.daybookOpen = function (url) {
      var path = sitePath(String(url), win.document.baseURI);
      if (!path || !edition || !edition.files[path]) return Promise.reject(new Error("daybook: " + url + " is not in the journal"));
      return openText(path);
    };
    win.document.addEventListener("click", function (event) { frameClick(win, event); });
  }

  function frameClick(win, event) {
    if (event.defaultPrevented || event.button !== 0) return;
    var target = event.target.nodeType === 1 ? event.target : event.target.parentElement;
    if (target && target.closest("[data-private-lock]")) { lock(); return; }
    var link = target && target.closest("a[href]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var href = link.getAttribute("href"), address = new URL(link.href);
    var path = sitePath(address.href), current = currentRoute().path;
    if (href.charAt(0) === "#" || (path === current && address.hash)) {
      event.preventDefault();
      scrollToFragment(win.document, address.hash.slice(1));
    } else if (path && edition && edition.files[path] && isPage(path)) {
      event.preventDefault();
      navigate(path, address.hash ? address.hash.slice(1) : "");
    } else if (address.protocol === "blob:") {
      link.target = "_blank";
    } else if (!link.target) {
      link.target = "_top";
    }
  }

  // ---- After a rebuild ---------------------------------------------------------------------

  /* The preview's live reload calls this instead of reloading the page, which would ask for the
     password again: the key file is read again, and the edition's new manifest opened with the
     key already in this tab. While the reader's id and the edition's key stay the same (no
     password or reader changed), the page of the current route comes back from the new build;
     otherwise this resolves false and the page reloads to the form. */
  function refresh(version) {
    var current = edition;
    if (!current) return Promise.resolve(false);
    return new Promise(function (resolve) {
      var element = document.createElement("script");
      element.src = keysURL + (keysURL.indexOf("?") < 0 ? "?" : "&") + "v=" + encodeURIComponent(String(version));
      element.onload = function () { element.remove(); resolve(true); };
      element.onerror = function () { element.remove(); resolve(false); };
      document.head.appendChild(element);
    }).then(function (loaded) {
      keys = window.daybookKeys;
      var reader = loaded && keys && keys.readers && keys.readers.filter(function (r) { return r.id === current.reader; })[0];
      if (!reader || edition !== current) return false;
      forgetFiles();
      return openEdition(current.key, reader).then(function () {
        return showRoute().then(function () { return true; });
      }, function () { return false; });
    });
  }

  // ---- Remembering this device (IndexedDB) ----------------------------------------------------

  /* `devices` holds a remembered key-encryption key per journal; `seen`, the newest generation
     opened per edition (a number, kept after Lock, or rollback would go unnoticed). */
  function store(name, mode, work) {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
      var opening = indexedDB.open("daybook-private", 2);
      opening.onupgradeneeded = function () {
        var db = opening.result;
        ["devices", "seen"].forEach(function (s) { if (!db.objectStoreNames.contains(s)) db.createObjectStore(s); });
      };
      opening.onerror = function () { reject(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result, tx = db.transaction(name, mode), request = work(tx.objectStore(name));
        tx.oncomplete = function () { db.close(); resolve(request.result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      };
    });
  }

  function remember(kek, reader) {
    var days = keys.remember_days, record = { kek: kek, reader: reader.id, expires: Date.now() + days * 86400000 };
    return store("devices", "readwrite", function (s) { return s.put(record, keys.salt); }).catch(function () {});
  }

  function forgetDevice() {
    return store("devices", "readwrite", function (s) { return s.delete(keys.salt); }).catch(function () {});
  }

  /* Opens the edition with the remembered key, if there is one still valid; forgets it otherwise. */
  function tryRemembered() {
    if (!(keys.remember_days > 0) || fromDisk) return forgetDevice().then(function () { return false; });
    return store("devices", "readonly", function (s) { return s.get(keys.salt); }).then(function (record) {
      if (!record) return false;
      var reader = keys.readers.filter(function (r) { return r.id === record.reader; })[0];
      if (!reader || !(record.expires > Date.now()) || !record.kek) return forgetDevice().then(function () { return false; });
      return unwrapEditionKey(record.kek, reader.key).then(function (key) {
        return openEdition(key, reader).then(function () { return true; });
      }, function () { return forgetDevice().then(function () { return false; }); });
    }, function () { return false; });
  }

  // ---- The form -----------------------------------------------------------------------------

  function say(text, isError) {
    statusLine.textContent = text || "";
    statusLine.classList.toggle("unlock-error", !!isError);
  }

  /* Shows why the journal or a page cannot be opened, and no content: the form when no key is
     open, the message alone otherwise (back and forward still work). */
  function fail(error) {
    say(error instanceof Failure ? words[error.kind] : words.damaged, true);
    if (edition) {
      emptyFrame();
      main.hidden = false;
      form.hidden = true;
      lockButton.hidden = false;
      document.body.classList.remove("private-open");
    } else {
      showForm();
    }
  }

  function showForm() {
    emptyFrame();
    main.hidden = false;
    form.hidden = false;
    lockButton.hidden = true;
    document.body.classList.remove("private-open");
  }

  function emptyFrame() {
    shown += 1;
    var empty = frame.cloneNode(false);
    empty.removeAttribute("srcdoc");
    empty.removeAttribute("title");
    empty.hidden = true;
    frame.replaceWith(empty);
    frame = empty;
  }

  function submit(event) {
    event.preventDefault();
    if (form.classList.contains("unlock-busy")) return;
    var nameField = form.querySelector("#unlock-name"), passwordField = form.querySelector("#unlock-password");
    var rememberBox = form.querySelector("#unlock-remember");
    var name = nameField ? nameField.value : "", password = passwordField.value;
    var reader = null, kek = null;
    form.classList.add("unlock-busy");
    say(words.unlocking);
    // An unknown name and a wrong password cost the same work, and look the same.
    deriveReader(fromBase64(keys.salt), keys.named ? name : "", password, keys.iterations).then(function (derived) {
      kek = derived.kek;
      reader = keys.readers.filter(function (r) { return r.id === derived.id; })[0] || null;
      var wrapped = reader ? reader.key : keys.readers[0].key;
      return unwrapEditionKey(kek, wrapped).then(function (key) {
        if (!reader) throw new Failure(keys.named ? "wrongNamed" : "wrong");
        return openEdition(key, reader);
      }, function () { throw new Failure(keys.named ? "wrongNamed" : "wrong"); }).then(function () {
        passwordField.value = "";
        return rememberBox && rememberBox.checked ? remember(kek, reader) : forgetDevice();
      });
    }).then(function () {
      form.classList.remove("unlock-busy");
      say("");
      return showStoredRoute();
    }, function (error) {
      form.classList.remove("unlock-busy");
      fail(error);
      passwordField.select();
    });
  }

  function forgetMemory() {
    edition = null;
    tables = new Map();
    forgetFiles();
  }

  function forgetFiles() {
    texts.clear();
    blobs.forEach(function (promise) { promise.then(URL.revokeObjectURL, function () {}); });
    blobs.clear();
  }

  /* Forgets the keys in memory and on the device, empties the frame and shows the form. */
  function lock() {
    forgetMemory();
    forgetRoutes();
    showForm();
    document.title = main.getAttribute("data-title");
    say(words.locked);
    var field = form.querySelector("input:not([type=checkbox])");
    if (field) field.focus();
    return forgetDevice();
  }

  function start() {
    main = document.getElementById("unlock");
    form = document.getElementById("unlock-form");
    statusLine = document.getElementById("unlock-status");
    frame = document.getElementById("private-frame");
    lockButton = document.getElementById("unlock-lock");
    if (!main || !form || !lockButton) return;
    lockButton.addEventListener("click", function () { lock(); });
    words = main.dataset;
    main.setAttribute("data-title", document.title);
    root = new URL(main.getAttribute("data-root") || "./", location.href);
    keys = window.daybookKeys;
    var keysScript = document.querySelector('script[src*="keys.js"]');
    keysURL = keysScript ? keysScript.src : new URL("private/keys.js", root).href;
    // A browser from before 2023 may have WebCrypto but not the raw DEFLATE the pack's files are in.
    if (!window.crypto || !crypto.subtle || !window.TextEncoder || !window.DecompressionStream) { say(words.noCrypto, true); return; }
    if (!keys || keys.format !== FORMAT || !keys.readers || !keys.readers.length) { say(words.missing, true); return; }
    var rememberRow = form.querySelector(".unlock-remember"), label = rememberRow && rememberRow.querySelector("label");
    var offDisk = form.querySelector(".unlock-remember-off");
    if (fromDisk && keys.remember_days > 0 && offDisk) offDisk.hidden = false;
    if (rememberRow && keys.remember_days > 0 && window.indexedDB && !fromDisk) {
      label.textContent = label.textContent.replace("{days}", String(keys.remember_days));
      rememberRow.hidden = false;
    }
    var toggle = form.querySelector("#unlock-show"), password = form.querySelector("#unlock-password");
    toggle.addEventListener("click", function () {
      var showing = password.type === "password";
      password.type = showing ? "text" : "password";
      toggle.setAttribute("aria-pressed", String(showing));
      toggle.textContent = showing ? words.hide : words.show;
    });
    form.addEventListener("submit", submit);
    window.addEventListener("hashchange", function () { if (adoptHashRoute(true)) showStoredRoute(); });
    window.addEventListener("popstate", function (event) {
      // Chromium fires this for a new `#/…` address too, before hashchange, which takes it: taken
      // here as Back to the first page, it showed that page first and cut the routes after it.
      if (hashRoute()) return;
      var index = event.state && event.state.daybook;
      routeIndex = typeof index === "number" ? index : 0;
      showStoredRoute();
    });
    // After a reload the entry keeps its number; its route comes back from its sealed state.
    if (history.state && typeof history.state.daybook === "number") routeIndex = history.state.daybook;
    adoptHashRoute(false);
    tryRemembered().then(function (opened) {
      if (opened) return showStoredRoute();
      showForm();
      form.querySelector("input").focus();
    }, fail);
  }

  api.unseal = unseal; // for the known-answer test (Tests/site/test_private.py)
  api.unsealChunk = unsealChunk;
  api.readPack = readPack;
  api.inflate = inflate;
  api.PACK = PACK;
  api.deriveReader = deriveReader;
  api.unwrapEditionKey = unwrapEditionKey;
  api.MANIFEST = MANIFEST;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
