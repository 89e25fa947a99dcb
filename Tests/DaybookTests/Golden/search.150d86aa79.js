/* Daybook search. Answers queries in the browser from the index that `daybook build` writes
   under search/, with no server and no request to another host.

     <script src="{{site.assets.search_js}}" data-index="{{site.search.index}}" defer></script>

     daybook.search(query, { limit: 10, offset: 0 })
       -> Promise<{ total, results: [{ url, title, date, weekday, place, rating, tags, journal, writer, excerpt, ... }] }>
     daybook.parse(query) -> Promise of what the query asks for (words, tags, places, rating, dates)
     daybook.preload()    -> Promise; loads the index's first file ahead of a query

   docs/search.md describes the query language, every result field and the index files.
   Tokenizing mirrors Sources/Daybook/Derive/SearchTokenizer.swift: keep the two in step. */
(function () {
  "use strict";

  var script = document.currentScript;
  var indexURL = script && script.dataset.index ? new URL(script.dataset.index, document.baseURI) : null;
  var siteRoot = indexURL ? new URL("../", indexURL) : null; // the index is the folder search/

  // ---- Folding and terms, as SearchTokenizer.swift does it ---------------------------------

  var SPELLED = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th",
                  "ı": "i", "ſ": "s", "ς": "σ" };
  var WORD = /[\p{L}\p{N}\p{Mc}]/u;
  var MARK = /\p{Mn}/gu;
  var MAX_TERM = 40;
  var folds = new Map();

  /* One character (code point) folded: lower case, NFKD, no nonspacing marks, lower case again,
     a few letters spelled out, NFC. Returns [[char, kind], ...], kind 0 separator, 1 word, 2 CJK. */
  function foldChar(ch) {
    var known = folds.get(ch);
    if (known) return known;
    var text = ch.toLowerCase().normalize("NFKD").replace(MARK, "").toLowerCase();
    var spelled = "";
    for (var c of text) spelled += SPELLED[c] || c;
    var pieces = [];
    for (var piece of spelled.normalize("NFC")) pieces.push([piece, kind(piece)]);
    folds.set(ch, pieces);
    return pieces;
  }

  function kind(ch) {
    if (isCJK(ch.codePointAt(0))) return 2;
    return WORD.test(ch) ? 1 : 0;
  }

  function isCJK(cp) {
    return (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x3005 && cp <= 0x3007) || (cp >= 0x3041 && cp <= 0x30FF) ||
      (cp >= 0x3130 && cp <= 0x318F) || (cp >= 0x31F0 && cp <= 0x31FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
      (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xAC00 && cp <= 0xD7FF) ||
      (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x3FFFF);
  }

  function fold(text) {
    var out = "";
    for (var ch of text) for (var piece of foldChar(ch)) out += piece[0];
    return out;
  }

  /* Runs of word or CJK characters: [{ chars: [...], cjk, start, end }], with the offsets of each
     run in `text` (for highlighting). Apostrophes join. */
  function runs(text) {
    var found = [], current = null, offset = 0;
    for (var ch of text) {
      var at = offset;
      offset += ch.length;
      if (ch === "'" || ch === "\u2019") continue;
      for (var piece of foldChar(ch)) {
        var k = piece[1];
        if (!current || current.kind !== k) {
          if (current && current.kind) found.push(current);
          current = { kind: k, chars: [], start: at, end: at, offsets: [] };
        }
        if (k && current.chars.length < MAX_TERM) { current.chars.push(piece[0]); current.offsets.push(at); }
        current.end = offset;
      }
    }
    if (current && current.kind) found.push(current);
    return found.map(function (run) {
      return { chars: run.chars, cjk: run.kind === 2, start: run.start, end: run.end, offsets: run.offsets };
    });
  }

  /* The index terms of `text`: words, and each CJK character and pair of characters. */
  function terms(text) {
    var out = [];
    runs(text).forEach(function (run) {
      if (!run.cjk || run.chars.length < 2) { out.push(run.chars.join("")); return; }
      for (var i = 0; i < run.chars.length; i++) {
        out.push(run.chars[i]);
        if (i + 1 < run.chars.length) out.push(run.chars[i] + run.chars[i + 1]);
      }
    });
    return out;
  }

  /* A query word's terms: the word, or its CJK pairs (all of which must match). */
  function queryTerms(text) {
    var out = [];
    runs(text).forEach(function (run) {
      if (!run.cjk || run.chars.length < 2) { out.push({ term: run.chars.join(""), cjk: run.cjk }); return; }
      for (var i = 0; i + 1 < run.chars.length; i++) out.push({ term: run.chars[i] + run.chars[i + 1], cjk: true });
    });
    return out;
  }

  function words(text) {
    return runs(text).map(function (run) { return run.chars.join(""); });
  }

  // ---- Reading the index: the one place that turns index files into JSON -------------------

  var pending = new Map();
  var files = new Map();

  /* Index file `name` (`meta`, `t/3`, `r/12`) as parsed JSON. Each file is a script that calls
     daybook.receive(name, json): a <script> element loads it from any host and from disk, where
     browsers refuse fetch(). A private journal's viewer gives its pages window.daybookOpen, which
     decrypts the file; its text runs as an inline script. `meta` is asked for afresh on each
     page; the others carry its stamp, so a cached file of another build is never used. */
  function readFile(name, stamp) {
    if (files.has(name)) return files.get(name);
    if (!indexURL) return Promise.reject(new Error("daybook search: the script has no data-index attribute"));
    var promise = window.daybookOpen ? readOpened(name) : new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = new URL(name + ".js?" + (stamp ? "v=" + stamp : "t=" + Date.now()), indexURL).href;
      element.fetchPriority = "high"; // a reader is waiting; injected scripts are low otherwise
      pending.set(name, resolve);
      element.onload = function () {
        element.remove();
        if (pending.delete(name)) fail(new Error("daybook search: " + element.src + " is not an index file"));
      };
      element.onerror = function () {
        element.remove();
        pending.delete(name);
        fail(new Error("daybook search: could not load " + element.src));
      };
      function fail(error) { files.delete(name); reject(error); }
      document.head.appendChild(element);
    });
    files.set(name, promise);
    return promise;
  }

  function readOpened(name) {
    var url = new URL(name + ".js", indexURL).href;
    return window.daybookOpen(url).then(function (text) {
      return new Promise(function (resolve, reject) {
        var element = document.createElement("script");
        pending.set(name, resolve);
        element.textContent = text; // runs now, calling daybook.receive
        document.head.appendChild(element);
        element.remove();
        if (pending.delete(name)) reject(new Error("daybook search: " + url + " is not an index file"));
      });
    }).catch(function (error) { files.delete(name); throw error; });
  }

  function receive(name, json) {
    var resolve = pending.get(name);
    if (!resolve) return;
    pending.delete(name);
    resolve(json);
  }

  // ---- The query language ------------------------------------------------------------------

  var OPERATORS = { tag: true, place: true, rating: true, from: true, to: true, date: true, by: true, journal: true };

  /* Splits a query into items, in order: { op, value, raw } for `tag:x`, `#x`, `place:"New York"`...;
     { quoted } for "quoted words"; { text } for each other space-separated piece. */
  function lex(query) {
    var items = [], i = 0, n = query.length;
    function until(test) { var end = i; while (end < n && !test(query[end])) end++; return end; }
    function isSpace(c) { return /\s/.test(c); }
    while (i < n) {
      i = until(function (c) { return !isSpace(c); });
      if (i >= n) break;
      var start = i, close;
      if (query[i] === '"') {
        close = query.indexOf('"', i + 1);
        if (close < 0) close = n;
        items.push({ quoted: query.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
      var operator = /^([A-Za-z]+):(?=\S)/.exec(query.slice(i, i + 12));
      if (operator && OPERATORS[operator[1].toLowerCase()]) {
        i += operator[0].length;
        var value;
        if (query[i] === '"') {
          close = query.indexOf('"', i + 1);
          if (close < 0) close = n;
          value = query.slice(i + 1, close);
          i = close + 1;
        } else {
          var end = until(isSpace);
          value = query.slice(i, end);
          i = end;
        }
        items.push({ op: operator[1].toLowerCase(), value: value, raw: query.slice(start, i) });
        continue;
      }
      var stop = until(isSpace), piece = query.slice(i, stop);
      i = stop;
      if (piece.length > 1 && piece[0] === "#") items.push({ op: "tag", value: piece.slice(1), raw: piece });
      else items.push({ text: piece });
    }
    return items;
  }

  /* What a query asks for. Words are folded terms (every one must match; the last letters of
     each may be the start of a longer word); tags, places and ratings filter; `date` is
     { year, month, day, weekday } (any of them, weekday 0 for Sunday); `from` and `to` are
     inclusive days, `2023-01-01`. A malformed operator is read as words, never an error. */
  function parseQuery(query, locale) {
    var q = { words: [], tags: [], places: [], writers: [], rating: null, date: null, from: null, to: null };
    var sequence = [], free = [];
    lex(query).forEach(function (item) {
      if (item.quoted !== undefined) { sequence.push(item); return; }
      if (item.op && applyOperator(q, item, locale)) return;
      var piece = { text: item.op ? item.raw : item.text, used: false };
      sequence.push(piece);
      free.push(piece);
    });
    var date = readDate(free, locale, false);
    if (date) q.date = Object.assign(date, q.date); // `date:` wins over words that read as a date
    sequence.forEach(function (item) {
      if (item.used) return;
      queryTerms(item.quoted !== undefined ? item.quoted : item.text).forEach(function (t) {
        if (t.term && q.words.indexOf(t.term) < 0) q.words.push(t.term);
      });
    });
    return q;
  }

  function applyOperator(q, item, locale) {
    var value = item.value;
    switch (item.op) {
      case "tag": {
        var key = words(value).join("-");
        if (!key) return false;
        if (q.tags.indexOf(key) < 0) q.tags.push(key);
        return true;
      }
      case "by": {
        // A writer's key or display name, folded as the build folds them (`~anna-lindqvist`).
        var writer = words(value).join("-");
        if (!writer) return false;
        if (q.writers.indexOf(writer) < 0) q.writers.push(writer);
        return true;
      }
      case "journal": {
        // Set only when asked: a query without it parses as it always did.
        var name = words(value).join("-");
        if (!name) return false;
        q.journals = (q.journals || []).concat([name]);
        return true;
      }
      case "place": {
        var names = words(value);
        names.forEach(function (name) { if (q.places.indexOf(name) < 0) q.places.push(name); });
        return names.length > 0;
      }
      case "rating": {
        var m = /^([0-5])(?:(\+)|-([0-5]))?$/.exec(value.trim());
        if (!m) return false;
        var min = +m[1], max = m[2] ? 5 : m[3] ? +m[3] : min;
        if (min > max) return false;
        q.rating = { min: min, max: max };
        return true;
      }
      default: {
        var pieces = value.split(/\s+/).filter(Boolean).map(function (text) { return { text: text, used: false }; });
        var date = readDate(pieces, locale, true);
        if (!date || pieces.some(function (p) { return !p.used; })) return false;
        if (item.op === "date") { q.date = date; return true; }
        if (date.year === undefined || date.weekday !== undefined) return false;
        var month = date.month || (item.op === "from" ? 1 : 12);
        var day = date.day || (item.op === "from" ? 1 : daysIn(date.year, month));
        q[item.op] = iso(date.year, month, day);
        return true;
      }
    }
  }

  // ---- Dates, the way people type them in the journal's language ---------------------------

  /* Reads a date out of space-separated pieces: `2024-05-01`, the locale's short date (`5/1/24`),
     `May 2024`, `1 May`, `2024`, `Monday`, `2024년 5월`, `2024年5月1日`. Marks the pieces it uses.
     A lone month or weekday name is a date only when it is the whole query (`may walk` is two
     words), and a lone abbreviation never is (`mar`, `sun`); `strict` (an operator's value)
     takes every piece as a date. Returns { year, month, day, weekday } (those found) or null. */
  function readDate(pieces, locale, strict) {
    var parts = [];
    pieces.forEach(function (piece) {
      var part = classify(piece.text, locale);
      (part.kind === "group" ? part.parts : [part]).forEach(function (p) { p.piece = piece; parts.push(p); });
    });
    // `2024. 5. 1.`, the Korean short date, comes as three pieces.
    for (var i = 0; i + 2 < parts.length; i++) {
      var a = parts[i], b = parts[i + 1], c = parts[i + 2];
      if (a.kind === "year" && a.month === undefined && b.kind === "number" && c.kind === "number" &&
          isDay(a.year, b.number, c.number)) {
        parts.splice(i, 3, { kind: "date", year: a.year, month: b.number, day: c.number, pieces: [a.piece, b.piece, c.piece] });
      }
    }
    var strong = parts.some(function (p) { return p.year !== undefined; });
    var isMonthAt = function (k) { return parts[k] && parts[k].kind === "month"; };
    var besideMonth = function (k) { return isMonthAt(k - 1) || isMonthAt(k + 1); };
    var isDayAt = function (k) { return parts[k] && (parts[k].kind === "day" || parts[k].kind === "number"); };
    var all = parts.every(function (p, k) {
      return p.kind !== "text" && (p.kind !== "number" || besideMonth(k));
    });
    var accepted = parts.map(function (p, k) {
      switch (p.kind) {
        case "date": case "year": return true;
        case "month": return strict || strong || isDayAt(k - 1) || isDayAt(k + 1) || (all && (!p.abbr || parts.length > 1));
        case "weekday": return strict || (all && (!p.abbr || parts.length > 1));
        default: return false;
      }
    });
    parts.forEach(function (p, k) {
      if ((p.kind === "number" || p.kind === "day") && ((accepted[k - 1] && isMonthAt(k - 1)) || (accepted[k + 1] && isMonthAt(k + 1)))) accepted[k] = true;
    });
    var date = {};
    parts.forEach(function (p, k) {
      if (!accepted[k]) return;
      var fields = { year: p.year, month: p.month, day: p.kind === "number" || p.kind === "day" ? p.number : p.day, weekday: p.weekday };
      for (var name in fields) {
        if (fields[name] !== undefined && date[name] !== undefined && date[name] !== fields[name]) { accepted[k] = false; return; }
      }
      for (name in fields) if (fields[name] !== undefined) date[name] = fields[name];
    });
    if (date.day !== undefined && (date.month === undefined || !isDay(date.year === undefined ? 2000 : date.year, date.month, date.day))) {
      parts.forEach(function (p, k) { if (p.kind === "number" || p.kind === "day") accepted[k] = false; });
      delete date.day;
    }
    var found = false;
    parts.forEach(function (p, k) {
      if (!accepted[k]) return;
      found = true;
      (p.pieces || [p.piece]).forEach(function (piece) { piece.used = true; });
    });
    return found ? date : null;
  }

  /* One piece of a query as a date part: kind date, year (maybe with month), month, weekday,
     number (a day, next to a month), day (`1일`), group (`2024年5月1日`) or text. */
  function classify(text, locale) {
    var t = fold(text).replace(/^[\s,.;()]+|[\s,.;()]+$/g, ""), m;
    if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) return fullDate(+m[1], +m[2], +m[3]);
    if ((m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(t))) {
      if (m[1].length === 4) return fullDate(+m[1], +m[2], +m[3]);
      var fields = {};
      for (var i = 0; i < 3; i++) fields[locale.order[i]] = m[i + 1];
      return fullDate(fullYear(fields.y), +fields.m, +fields.d);
    }
    if ((m = /^(\d{4})[/.-](\d{1,2})$/.exec(t)) && +m[2] >= 1 && +m[2] <= 12) return { kind: "year", year: +m[1], month: +m[2] };
    if ((m = /^(\d{1,2})[/.](\d{4})$/.exec(t)) && +m[1] >= 1 && +m[1] <= 12) return { kind: "year", year: +m[2], month: +m[1] };
    if ((m = /^(\d{4})$/.exec(t))) return { kind: "year", year: +m[1] };
    if ((m = /^(\d{1,2})(?:st|nd|rd|th|er)?$/.exec(t)) && +m[1] >= 1) return { kind: "number", number: +m[1] };
    if ((m = /^(\d{1,4})(\D+)$/.exec(t))) {
      if (m[2] === locale.year_suffix && m[1].length === 4) return { kind: "year", year: +m[1] };
      if (m[2] === locale.day_suffix && m[1].length <= 2 && +m[1] >= 1) return { kind: "day", number: +m[1] };
    }
    for (i = 0; i < 12; i++) {
      if (locale.months[i].indexOf(t) >= 0) return { kind: "month", month: i + 1, abbr: false };
      if (locale.month_abbreviations[i].indexOf(t) >= 0) return { kind: "month", month: i + 1, abbr: true };
    }
    for (i = 0; i < 7; i++) {
      if (locale.weekdays[i].indexOf(t) >= 0) return { kind: "weekday", weekday: i, abbr: false };
      if (locale.weekday_abbreviations[i].indexOf(t) >= 0) return { kind: "weekday", weekday: i, abbr: true };
    }
    var segments = t.match(/\d{1,4}\D+/g);
    if (segments && segments.length > 1 && segments.join("") === t) {
      var parts = segments.map(function (s) { return classify(s, locale); });
      if (parts.every(function (p) { return p.kind !== "text" && p.kind !== "group"; })) return { kind: "group", parts: parts };
    }
    return { kind: "text" };
  }

  function fullDate(year, month, day) {
    return isDay(year, month, day) ? { kind: "date", year: year, month: month, day: day } : { kind: "text" };
  }

  /* Two-digit years as POSIX reads them: 69-99 are 1969-1999, 00-68 are 2000-2068. */
  function fullYear(text) {
    if (text.length === 4) return +text;
    if (text.length === 2) return +text + (+text >= 69 ? 1900 : 2000);
    return NaN;
  }

  function isDay(year, month, day) {
    return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
  }

  function daysIn(year, month) {
    return new Date(Date.UTC(year, month, 0)).getUTCDate();
  }

  function iso(year, month, day) {
    return String(year).padStart(4, "0") + "-" + String(month).padStart(2, "0") + "-" + String(day).padStart(2, "0");
  }

  // ---- The index ---------------------------------------------------------------------------

  var DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var DIGIT = new Int8Array(128).fill(-1);
  for (var d = 0; d < 64; d++) DIGIT[DIGITS.charCodeAt(d)] = d;
  var PREFIX_WEIGHT = 0.6;   // a longer word found by its start counts less than the word itself
  var CHEAP_PREFIX_SHARDS = 2; // shards a word's longer words may always come from
  var MAX_PREFIX_SHARDS = 6;   // how far a prefix that is not a word may spread

  /* SearchCode numbers: five bits a digit, least significant first; 32-63 say more follow. */
  function decodeNumbers(text) {
    var values = [], value = 0, shift = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGIT[text.charCodeAt(i)];
      value += (digit & 31) * Math.pow(2, shift);
      if (digit >= 32) { shift += 5; continue; }
      values.push(value);
      value = 0;
      shift = 0;
    }
    return values;
  }

  var loading = null;

  function loadIndex() {
    if (!loading) {
      loading = readFile("meta").then(function (meta) {
        // Months oldest first; entry numbers follow them.
        var values = decodeNumbers(meta.months), months = [], start = 0, at = values[0];
        for (var i = 1; i + 1 < values.length; i += 2) {
          at += values[i];
          months.push({ year: Math.floor(at / 12), month: at % 12 + 1, start: start, count: values[i + 1] });
          start += values[i + 1];
        }
        var read = function (name) { return readFile(name, meta.stamp); };
        return { meta: meta, size: meta.entries, months: months, locale: meta.locale, postings: new Map(), read: read };
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  function shardFor(bounds, term) {
    var low = 0, high = bounds.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (term < bounds[middle]) high = middle - 1; else low = middle;
    }
    return low;
  }

  /* The terms equal to `term` or, with `prefix`, starting with it: [{ term, ids, impacts }].
     Words starting with `term` come along when they fit in CHEAP_PREFIX_SHARDS shards; a prefix
     as common as `the` spreads over many, so it is then searched as the word itself, and only
     when no such word exists (`th`) are up to MAX_PREFIX_SHARDS shards read for its longer words. */
  async function lookUp(index, term, prefix) {
    var bounds = index.meta.shards;
    if (!bounds.length) return [];
    var first = shardFor(bounds, term), last = first;
    while (prefix && last + 1 < bounds.length && bounds[last + 1].startsWith(term)) last++;
    if (last - first + 1 > CHEAP_PREFIX_SHARDS) {
      var exact = await findTerms(index, [first], term, false);
      if (exact.length) return exact;
      last = Math.min(last, first + MAX_PREFIX_SHARDS - 1);
    }
    var shards = [];
    for (var s = first; s <= last; s++) shards.push(s);
    return findTerms(index, shards, term, prefix);
  }

  async function findTerms(index, numbers, term, prefix) {
    var shards = await Promise.all(numbers.map(function (n) { return index.read("t/" + n); }));
    var found = [];
    shards.forEach(function (shard, k) {
      var terms = shard.terms, low = 0, high = terms.length;
      while (low < high) { var mid = (low + high) >> 1; if (terms[mid] < term) low = mid + 1; else high = mid; }
      for (var i = low; i < terms.length && (terms[i] === term || (prefix && terms[i].startsWith(term))); i++) {
        found.push(postingsOf(index, numbers[k] + ":" + i, terms[i], shard.postings[i]));
      }
    });
    return found;
  }

  function postingsOf(index, key, term, code) {
    var known = index.postings.get(key);
    if (known) return known;
    var values = decodeNumbers(code), ids = new Int32Array(values.length), impacts = new Uint8Array(values.length), id = -1;
    for (var i = 0; i < values.length; i++) {
      id += values[i] >> 3;
      ids[i] = id;
      impacts[i] = (values[i] & 7) + 1;
    }
    var list = { term: term, ids: ids, impacts: impacts };
    index.postings.set(key, list);
    return list;
  }

  /* Entries with a filter term: the term itself if the index has it, else those starting with it. */
  async function filterMask(index, terms) {
    var mask = new Uint8Array(index.size);
    for (var term of terms) {
      var lists = await lookUp(index, term, true);
      var exact = lists.filter(function (list) { return list.term === term; });
      (exact.length ? exact : lists).forEach(function (list) { list.ids.forEach(function (id) { mask[id] = 1; }); });
    }
    return mask;
  }

  /* Score of each entry for one query word; 0 where it does not occur. Impacts come from the
     build (BM25's term-frequency part); the script weighs them by the term's rarity. */
  async function wordScores(index, word) {
    var cjk = isCJK(word.codePointAt(0)), expand = !cjk && Array.from(word).length > 1;
    var lists = await lookUp(index, word, expand);
    var scores = new Float32Array(index.size), n = index.size;
    lists.forEach(function (list) {
      var df = list.ids.length, idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      var weight = idf * (list.term === word ? 1 : PREFIX_WEIGHT);
      for (var i = 0; i < df; i++) {
        var score = weight * list.impacts[i], id = list.ids[i];
        if (score > scores[id]) scores[id] = score;
      }
    });
    return scores;
  }

  /* Entries of the query's day, month, year, weekday or range. */
  async function dateMask(index, q) {
    var date = q.date || {}, mask = new Uint8Array(index.size);
    var from = q.from ? +q.from.replace(/-/g, "") : 0, to = q.to ? +q.to.replace(/-/g, "") : 99999999;
    var needsDays = date.day !== undefined || date.weekday !== undefined || from % 100 !== 1 && from > 0 ||
      (q.to && to % 100 !== daysIn(Math.floor(to / 10000), Math.floor(to / 100) % 100));
    var days = needsDays ? decodeNumbers((await index.read("days")).days) : null;
    index.months.forEach(function (month) {
      if (date.year !== undefined && month.year !== date.year) return;
      if (date.month !== undefined && month.month !== date.month) return;
      var base = month.year * 10000 + month.month * 100;
      if (base + 31 < from || base + 1 > to) return;
      for (var id = month.start; id < month.start + month.count; id++) {
        if (days) {
          var day = days[id], key = base + day;
          if (date.day !== undefined && day !== date.day) continue;
          if (key < from || key > to) continue;
          if (date.weekday !== undefined && weekday(month.year, month.month, day) !== date.weekday) continue;
        }
        mask[id] = 1;
      }
    });
    return mask;
  }

  function weekday(year, month, day) {
    var date = new Date(Date.UTC(2000, month - 1, day));
    date.setUTCFullYear(year);
    return date.getUTCDay();
  }

  // ---- Searching ---------------------------------------------------------------------------

  /* Every query word must match, each tag, place word and the rating too, and the date.
     Words rank by score (newest first on a tie); date and filter queries list newest first.
     Entries are numbered oldest first, so newest first is the highest number first. */
  async function search(query, options) {
    options = options || {};
    var limit = options.limit === undefined ? 10 : Math.max(0, options.limit);
    var offset = Math.max(0, options.offset || 0);
    var index = await loadIndex();
    var q = parseQuery(String(query == null ? "" : query), index.locale);
    var filters = [];
    if (q.date || q.from || q.to) filters.push(dateMask(index, q));
    if (q.tags.length) filters.push(filterMask(index, q.tags.map(function (tag) { return "#" + tag; })));
    q.places.forEach(function (place) { filters.push(filterMask(index, ["@" + place])); });
    // An entry has one writer: `by:anna by:ben` finds the entries of either.
    if (q.writers.length) filters.push(exactMask(index, q.writers.map(function (writer) { return "~" + writer; })));
    // An entry is in one journal: `journal:a journal:b` finds the entries of either.
    if (q.journals) filters.push(exactMask(index, q.journals.map(function (name) { return "%" + name; })));
    if (q.rating) {
      var ratings = [];
      for (var r = q.rating.min; r <= q.rating.max; r++) ratings.push("!" + r);
      filters.push(exactMask(index, ratings));
    }
    if (!filters.length && !q.words.length) return { total: 0, results: [] };
    var masks = await Promise.all(filters);
    var scores = null;
    var perWord = await Promise.all(q.words.map(function (word) { return wordScores(index, word); }));
    perWord.forEach(function (word) {
      if (!scores) { scores = word; return; }
      for (var i = 0; i < scores.length; i++) scores[i] = scores[i] && word[i] ? scores[i] + word[i] : 0;
    });
    var ids = [];
    for (var id = index.size - 1; id >= 0; id--) {
      if (scores && !scores[id]) continue;
      if (masks.some(function (mask) { return !mask[id]; })) continue;
      ids.push(id);
    }
    if (scores) ids.sort(function (a, b) { return scores[b] - scores[a] || b - a; });
    var shown = ids.slice(offset, offset + limit);
    var records = await Promise.all(shown.map(function (id) { return record(index, id); }));
    return {
      total: ids.length,
      results: records.map(function (rec, k) { return result(rec, q, scores ? scores[shown[k]] : null); })
    };
  }

  async function exactMask(index, terms) {
    var mask = new Uint8Array(index.size);
    for (var term of terms) {
      (await lookUp(index, term, false)).forEach(function (list) { list.ids.forEach(function (id) { mask[id] = 1; }); });
    }
    return mask;
  }

  async function record(index, id) {
    var per = index.meta.records_per_file;
    var file = await index.read("r/" + Math.floor(id / per));
    return file[id % per];
  }

  function result(rec, q, score) {
    // A record's words are found once and kept with it, for every later excerpt.
    if (!rec.runs) Object.defineProperty(rec, "runs", { value: runs(rec.text) });
    return {
      url: new URL(rec.url, siteRoot).href,
      title: rec.title,
      hasTitle: rec.has_title,
      date: rec.date,
      weekday: rec.weekday,
      datetime: rec.datetime,
      place: rec.place === undefined ? null : rec.place,
      rating: rec.rating === undefined ? null : rec.rating,
      cover: rec.cover === undefined ? null : new URL(rec.cover, siteRoot).href,
      tags: rec.tags,
      journal: rec.journal === undefined ? null : rec.journal,
      writer: rec.writer === undefined ? null : rec.writer,
      excerpt: excerpt(rec.text, rec.runs, q.words),
      score: score
    };
  }

  // ---- Excerpts ----------------------------------------------------------------------------

  var EXCERPT = 180;

  /* About EXCERPT characters of `text` around the most matches, as HTML: the text escaped, the
     matched words in <mark>. Without words, the start of the text. */
  function excerpt(text, textRuns, queryWords) {
    var marks = queryWords.length ? matches(textRuns, queryWords) : [];
    if (!marks.length) return cut(text, 0, marks);
    var best = 0, bestCount = 0;
    marks.forEach(function (mark, i) {
      var count = 0;
      for (var j = i; j < marks.length && marks[j].start < mark.start + EXCERPT - 40; j++) count++;
      if (count > bestCount) { best = i; bestCount = count; }
    });
    var start = Math.max(0, marks[best].start - 50);
    if (start > 0) {
      var space = text.lastIndexOf(" ", start);
      start = space >= 0 && start - space < 30 ? space + 1 : start;
    }
    return cut(text, start, marks);
  }

  function cut(text, start, marks) {
    var end = Math.min(text.length, start + EXCERPT);
    if (end < text.length) {
      var space = text.lastIndexOf(" ", end);
      if (space > start + EXCERPT / 2) end = space;
    }
    var html = start > 0 ? "…" : "", at = start;
    marks.forEach(function (mark) {
      if (mark.start < at || mark.end > end) return;
      html += escapeHTML(text.slice(at, mark.start)) + "<mark>" + escapeHTML(text.slice(mark.start, mark.end)) + "</mark>";
      at = mark.end;
    });
    html += escapeHTML(text.slice(at, end));
    return end < text.length ? html.replace(/[\s,.;:!?]+$/, "") + "…" : html;
  }

  /* Where query words occur in `text`: whole words that start with a query word, and in CJK
     runs each occurrence of a query pair. */
  function matches(textRuns, queryWords) {
    var found = [];
    textRuns.forEach(function (run) {
      var folded = run.folded || (run.folded = run.chars.join(""));
      if (!run.cjk) {
        if (queryWords.some(function (word) { return !isCJK(word.codePointAt(0)) && folded.startsWith(word); })) {
          found.push({ start: run.start, end: run.end });
        }
        return;
      }
      queryWords.forEach(function (word) {
        if (!isCJK(word.codePointAt(0))) return;
        var length = Array.from(word).length;
        for (var i = 0; i + length <= run.chars.length; i++) {
          if (run.chars.slice(i, i + length).join("") !== word) continue;
          found.push({ start: run.offsets[i], end: i + length < run.offsets.length ? run.offsets[i + length] : run.end });
        }
      });
    });
    found.sort(function (a, b) { return a.start - b.start || b.end - a.end; });
    return found.filter(function (mark, i) { return i === 0 || mark.start >= found[i - 1].end; });
  }

  function escapeHTML(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // ---- The API -----------------------------------------------------------------------------

  window.daybook = Object.assign(window.daybook || {}, {
    search: search,
    parse: function (query) {
      return loadIndex().then(function (index) { return parseQuery(String(query == null ? "" : query), index.locale); });
    },
    preload: function () { return loadIndex().then(function () {}); },
    terms: terms,
    receive: receive
  });
})();
