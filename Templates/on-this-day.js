/* Daybook: "on this day" for the reader's own date.
   The page as built carries the list of its newest entry's day, after this script. The script
   runs as the parser reaches it, before that list exists. Each day of the year with entries has
   a small data file (`data-files` is their folder, `data-mask` says which days have one); the
   script has the parser load the reader's day's file next (document.write, so it runs before the
   built list is parsed, from disk as from a host), and that file's call inserts the reader's list
   right after this script and marks the page so that the style sheet hides the built list
   (`.on-this-day-js .on-this-day-built`) before it is ever drawn; so the reader never sees the
   other day first. Without the file (missing, or JavaScript off) nothing is marked and the built
   list stays. In a private journal's viewer the file is opened with `daybookOpen` instead, and
   the built list is hidden while it is. The choice mirrors Daybook's (OnThisDay.swift): the same
   month and day in earlier years; on 28 February of a year without a 29th, 29 February's entries
   too. */
(function () {
  "use strict";

  function pad(value, width) {
    var digits = String(value);
    while (digits.length < width) digits = "0" + digits;
    return digits;
  }

  function isLeap(year) {
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  }

  /* The days of the year ("MMDD") whose entries the local date of `date` shows. */
  function monthDays(date) {
    var month = date.getMonth() + 1, day = date.getDate();
    if (month === 2 && day === 28 && !isLeap(date.getFullYear())) return ["0228", "0229"];
    return [pad(month, 2) + pad(day, 2)];
  }

  /* [{yearsAgo, year, entries: [[year, title, link], …]}, …], nearest year first; within a year,
     newest first, as the data file lists each day. */
  function groups(days, date) {
    var year = date.getFullYear(), shown = [];
    monthDays(date).forEach(function (key) {
      (days[key] || []).forEach(function (item, position) {
        if (item[0] < year) shown.push({ item: item, key: key, position: position });
      });
    });
    shown.sort(function (a, b) {
      if (a.item[0] !== b.item[0]) return b.item[0] - a.item[0];
      if (a.key !== b.key) return a.key < b.key ? 1 : -1;
      return a.position - b.position;
    });
    var result = [];
    shown.forEach(function (one) {
      var last = result[result.length - 1];
      if (!last || last.year !== one.item[0]) {
        last = { yearsAgo: year - one.item[0], year: one.item[0], entries: [] };
        result.push(last);
      }
      last.entries.push(one.item);
    });
    return result;
  }

  /* For the tests, which check the choice in the browser's own time zone. */
  window.daybookOnThisDayGroups = groups;

  var script = document.currentScript;
  if (!script || !script.dataset.files) return;
  var words = script.dataset;
  var days = {}, waiting = {};

  /* The call each day's file makes. */
  window.daybookOnThisDayDay = function (key, entries) {
    days[key] = entries;
    (waiting[key] || []).forEach(function (done) { done(); });
    delete waiting[key];
  };

  var DAYS_BEFORE = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];
  function hasFile(key) {
    var index = DAYS_BEFORE[parseInt(key.slice(0, 2), 10) - 1] + parseInt(key.slice(2), 10) - 1;
    return (parseInt((words.mask || "").charAt(index >> 2) || "0", 16) >> (3 - (index & 3))) & 1;
  }

  /* The files `date` needs that are not loaded yet. */
  function missing(date) {
    return monthDays(date).filter(function (key) { return hasFile(key) && !(key in days); });
  }

  function fileURL(key) { return words.files + key + ".js"; }

  /* Loads a day's file after the page is parsed: a script element, or the private viewer's
     `daybookOpen`, whose text runs as an inline script. */
  function load(key) {
    return new Promise(function (resolve, reject) {
      if (key in days) return resolve();
      var first = !waiting[key];
      (waiting[key] = waiting[key] || []).push(resolve);
      if (!first) return;
      var element = document.createElement("script");
      if (window.daybookOpen) {
        window.daybookOpen(fileURL(key)).then(function (text) {
          element.textContent = text;
          document.head.appendChild(element);
          element.remove();
        }, reject);
      } else {
        element.src = fileURL(key);
        element.onerror = function () { delete waiting[key]; reject(new Error("daybook: " + element.src)); };
        document.head.appendChild(element);
      }
    });
  }
  var months = (words.months || "").split("|");
  var onPage = words.page === "page";
  /* The years-ago forms by CLDR plural category, chosen with the page's language. */
  var agoForms = {};
  try { agoForms = JSON.parse(words.ago || "{}"); } catch (error) { agoForms = {}; }
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function ago(years) {
    var form = agoForms[plural ? plural.select(years) : (years === 1 ? "one" : "other")] || agoForms.other ||
      (years === 1 ? words.one : words.many);
    return form.replace("{n}", String(years));
  }
  var current = null;

  function element(name, text, className) {
    var node = document.createElement(name);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function section(date, found) {
    var day = (words.date || "{day} {month}").replace("{day}", String(date.getDate()))
      .replace("{month}", months[date.getMonth()] || String(date.getMonth() + 1));
    var root = element("section", undefined, "on-this-day");
    root.setAttribute("data-day", pad(date.getFullYear(), 4) + "-" + pad(date.getMonth() + 1, 2) + "-" + pad(date.getDate(), 2));
    root.appendChild(element("h2", onPage ? day : words.heading + ": " + day));
    found.forEach(function (group) {
      var heading = element("h3", ago(group.yearsAgo) + " ");
      heading.appendChild(element("span", "(" + group.year + ")", "on-this-day-year"));
      root.appendChild(heading);
      var list = element("ul");
      group.entries.forEach(function (item) {
        var link = element("a", item[1]);
        link.href = (words.root || "") + item[2];
        var row = element("li");
        row.appendChild(link);
        list.appendChild(row);
      });
      root.appendChild(list);
    });
    if (found.length === 0) root.appendChild(element("p", words.nothing, "on-this-day-nothing"));
    return root;
  }

  /* On the page of its own, the reader can step through the days of their own year (the years
     ago stay counted from it): 31 December steps on to 1 January of the same year. */
  var shift = 0, live = null;

  function shifted(today) {
    var year = today.getFullYear(), start = new Date(year, 0, 1);
    var length = Math.round((new Date(year + 1, 0, 1) - start) / 86400000);
    var dayOfYear = Math.round((new Date(year, today.getMonth(), today.getDate()) - start) / 86400000);
    return new Date(year, 0, 1 + ((dayOfYear + shift) % length + length) % length);
  }

  function place(node) {
    if (live) live.appendChild(node);
    else script.parentNode.insertBefore(node, script.nextSibling);
  }

  var wanted = 0;
  function show(date) {
    var ticket = ++wanted, keys = missing(date);
    if (keys.length > 0) {
      if (live) live.setAttribute("aria-busy", "true");
      Promise.all(keys.map(load)).then(function () { if (ticket === wanted) show(date); }, function () {});
      return;
    }
    if (live) live.removeAttribute("aria-busy");
    var found = groups(days, date);
    var next = found.length > 0 || onPage ? section(date, found) : null;
    if (current && next) current.parentNode.replaceChild(next, current);
    else if (current) current.parentNode.removeChild(current);
    else if (next) place(next);
    current = next;
  }

  function button(text, step) {
    var node = element("button", text);
    node.type = "button";
    node.addEventListener("click", function () {
      shift += step;
      show(shifted(new Date()));
    });
    return node;
  }

  /* Buttons stay in place while the list after them changes, so focus stays on them. */
  if (onPage) {
    var controls = element("nav", undefined, "on-this-day-pager");
    controls.setAttribute("aria-label", words.days || "Days");
    controls.appendChild(button(words.previous || "Previous day", -1));
    controls.appendChild(button(words.next || "Next day", 1));
    live = element("div");
    live.setAttribute("aria-live", "polite");
    script.parentNode.insertBefore(live, script.nextSibling);
    script.parentNode.insertBefore(controls, live);
  }

  /* A page left open past midnight moves on to the next day. */
  function showAndWait() {
    var now = new Date();
    show(shifted(now));
    var midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    setTimeout(showAndWait, Math.max(1000, midnight.getTime() - now.getTime() + 1000));
  }

  function start() {
    showAndWait();
    document.documentElement.classList.add("on-this-day-js");
  }

  var first = missing(shifted(new Date()));
  if (first.length === 0) {
    start();
  } else if (window.daybookOpen) {
    document.documentElement.classList.add("on-this-day-js");
    Promise.all(first.map(load)).then(start, function () {
      document.documentElement.classList.remove("on-this-day-js");
    });
  } else {
    var count = first.length;
    first.forEach(function (key) {
      waiting[key] = [function () { if (--count === 0) start(); }];
      document.write('<script src="' + fileURL(key).replace(/&/g, "&amp;").replace(/"/g, "&quot;") + '"><\/script>');
    });
  }
})();
