/* Daybook's search box: the default templates' interface to window.daybook.search (search.js,
   which must load first). It replaces the contents of [data-daybook-search], a link to the
   archives for readers without JavaScript, with a search field whose results appear as you type.
   `/` focuses the field, the arrow keys move through the results, Enter opens one, Escape
   closes the list. Screen readers hear how many entries match. */
(function () {
  "use strict";

  var container = document.querySelector("[data-daybook-search]");
  if (!container || !window.daybook || !window.daybook.search) return;
  var daybook = window.daybook;
  var PAGE = 10;
  /* The words, in the journal's language, from the script element (data-words, as JSON). */
  var words = {};
  try { words = JSON.parse((document.currentScript && document.currentScript.getAttribute("data-words")) || "{}"); } catch (error) { words = {}; }
  function word(name, fallback) { return typeof words[name] === "string" ? words[name] : fallback; }
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function countText(n) {
    var forms = words.count || {};
    var form = forms[plural ? plural.select(n) : (n === 1 ? "one" : "other")] || forms.other || (n === 1 ? "{n} entry" : "{n} entries");
    return form.replace("{n}", String(n));
  }
  var DELAY = 60; // ms after the last keystroke

  function element(name, attributes, text) {
    var node = document.createElement(name);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    if (text) node.textContent = text;
    return node;
  }

  var input = element("input", {
    type: "search", id: "search-input", class: "search-input", placeholder: word("placeholder", "Search"), autocomplete: "off",
    spellcheck: "false", enterkeyhint: "go", "aria-label": word("label", "Search the journal"), "aria-keyshortcuts": "/",
    role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": "search-results"
  });
  var hint = element("kbd", { class: "search-hint", "aria-hidden": "true" }, "/");
  // The live region stays in the page, hidden only visually, so every change is announced.
  var status = element("p", { id: "search-status", class: "visually-hidden", role: "status", "aria-live": "polite" });
  var panel = element("div", { class: "search-panel", hidden: "" });
  var summary = element("p", { class: "search-summary", "aria-hidden": "true" });
  var list = element("ul", { id: "search-results", class: "search-results", role: "listbox", "aria-label": word("results", "Search results") });
  var more = element("button", { type: "button", class: "search-more", hidden: "" }, word("more", "More results"));
  // A `place:` query that names one of the journal's places links to its page (places/names.js).
  var placeLine = element("p", { class: "search-place", hidden: "" });
  panel.append(summary, placeLine, list, more);
  // The field and its hint sit together; the panel is placed against the page header (style.css).
  var field = element("span", { class: "search-field" });
  field.append(input, hint);
  container.textContent = "";
  container.append(field, status, panel);
  container.classList.add("is-ready");

  var sequence = 0, shown = 0, active = -1, timer = 0;

  function run(fromStart) {
    var query = input.value.trim(), ticket = ++sequence;
    if (!query) { close(); list.textContent = ""; status.textContent = ""; return; }
    daybook.search(query, { limit: PAGE, offset: fromStart ? 0 : shown }).then(function (answer) {
      if (ticket !== sequence) return;
      if (fromStart) { list.textContent = ""; shown = 0; select(-1); }
      answer.results.forEach(function (result) { list.append(option(result, shown++)); });
      more.hidden = shown >= answer.total;
      var text = answer.total === 0 ? word("none", "No entries match \u201c{query}\u201d").replace("{query}", function () { return query; }) :
        countText(answer.total);
      summary.textContent = text;
      status.textContent = text;
      if (fromStart) showPlace(query, ticket);
      open();
    }, function () {
      if (ticket !== sequence) return;
      summary.textContent = status.textContent = word("failed", "Search could not load its index.");
      open();
    });
  }

  // The names file is loaded on the first place: query only, so other pages ask for nothing more.
  var placesFile = document.currentScript && document.currentScript.getAttribute("data-places"), placesLoading = null;
  function loadPlaces() {
    if (!placesLoading) placesLoading = new Promise(function (done) {
      var script = element("script", { src: placesFile });
      script.onload = function () { done(window.daybookPlaces || null); };
      script.onerror = function () { done(null); };
      document.head.append(script);
    });
    return placesLoading;
  }

  function showPlace(query, ticket) {
    placeLine.hidden = true;
    if (!placesFile) return;
    daybook.parse(query).then(function (q) {
      return q.places.length ? loadPlaces().then(function (places) { return [q, places]; }) : [q, null];
    }).then(function (answers) {
      var q = answers[0], places = answers[1];
      if (ticket !== sequence || !places) return;
      var wanted = q.places.join(" ");
      var found = places.places.filter(function (p) { return daybook.terms(p[0]).join(" ") === wanted; })[0];
      if (!found) return;
      // The file is places/names.js; its paths are from the site root.
      var root = new URL("../", new URL(placesFile, document.baseURI));
      placeLine.textContent = word("place", "Place: ");
      placeLine.append(element("a", { href: new URL(found[1], root).href }, found[0]));
      placeLine.hidden = false;
    });
  }

  function option(result, index) {
    // The link itself is the option: an option's content is presentational, so a link inside one
    // would be an interactive element nested in another, which screen readers may not reach.
    var item = element("li", { class: "search-result", role: "none" });
    var link = element("a", {
      href: result.url, id: "search-result-" + index, role: "option", "aria-selected": "false", tabindex: "-1"
    });
    // The entry's cover photo, as in the lists: decoration beside the title, so no alt text.
    if (result.cover) {
      link.classList.add("has-cover");
      link.append(element("img", { class: "search-result-cover", src: result.cover, alt: "", width: "48", height: "48", loading: "lazy", decoding: "async" }));
    }
    link.append(element("span", { class: "search-result-title" }, result.title));
    var meta = element("span", { class: "search-result-meta" });
    if (result.hasTitle) meta.append(element("span", {}, result.weekday + word("comma", ", ") + result.date));
    if (result.rating !== null) {
      var stars = element("span", { class: "rating", "aria-hidden": "true" }, "\u2605".repeat(result.rating));
      stars.append(element("span", { class: "rating-off" }, "\u2605".repeat(5 - result.rating)));
      meta.append(stars, element("span", { class: "visually-hidden" }, word("rated", "Rated {n} of 5").replace("{n}", String(result.rating))));
    }
    if (result.writer) meta.append(element("span", { class: "writer" }, result.writer));
    if (result.place) meta.append(element("span", { class: "place" }, result.place));
    if (result.journal) meta.append(element("span", { class: "journal-badge" }, result.journal));
    if (meta.childNodes.length) link.append(meta);
    var excerpt = element("span", { class: "search-result-excerpt" });
    excerpt.innerHTML = result.excerpt; // escaped by search.js, with <mark> around matches
    link.append(excerpt);
    item.append(link);
    item.addEventListener("mousemove", function () { if (active !== index) select(index); });
    return item;
  }

  function select(index) {
    var options = list.querySelectorAll("[role=option]");
    if (options[active]) options[active].setAttribute("aria-selected", "false");
    active = index;
    if (options[active]) {
      options[active].setAttribute("aria-selected", "true");
      options[active].scrollIntoView({ block: "nearest" });
      input.setAttribute("aria-activedescendant", options[active].id);
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function open() {
    panel.hidden = false;
    input.setAttribute("aria-expanded", "true");
    container.classList.add("is-open");
  }

  function close() {
    panel.hidden = true;
    input.setAttribute("aria-expanded", "false");
    container.classList.remove("is-open");
    select(-1);
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { run(true); }, DELAY);
  });
  input.addEventListener("focus", function () {
    daybook.preload().catch(function () {});
    if (input.value.trim() && list.children.length) open();
  });
  input.addEventListener("keydown", function (event) {
    var count = list.children.length;
    if (event.key === "ArrowDown" && count) {
      event.preventDefault();
      open();
      select(Math.min(active + 1, count - 1));
    } else if (event.key === "ArrowUp" && count) {
      event.preventDefault();
      select(Math.max(active - 1, -1));
    } else if (event.key === "Enter" && count && !panel.hidden) {
      event.preventDefault();
      // A click rather than setting location, so a private journal's viewer can route it.
      list.querySelectorAll("[role=option]")[Math.max(active, 0)].click();
    } else if (event.key === "Escape" && !panel.hidden) {
      event.preventDefault();
      close();
    }
  });
  more.addEventListener("click", function () { run(false); input.focus(); });
  document.addEventListener("pointerdown", function (event) {
    if (!container.contains(event.target)) close();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    var target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
})();
