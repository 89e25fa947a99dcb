/* Daybook's map: pans and zooms the places map by changing the SVG viewBox, and shows the
   zoom level's pins and clusters worked out at build time. Without it the map shows the whole
   world and every pin is still a link. */
(function () {
  "use strict";
  var figure = document.querySelector("[data-daybook-map]");
  if (!figure) return;
  var svg = figure.querySelector("svg");
  var widths = figure.getAttribute("data-widths").split(" ").map(Number);
  var levels = Array.prototype.slice.call(svg.querySelectorAll(".map-level"));
  var view = figure.getAttribute("data-start").split(" ").map(Number);
  var level = 0;
  var MIN = widths[widths.length - 1] / 1.5, MAX = 360;

  function show() {
    var w = Math.min(MAX, Math.max(MIN, view[2]));
    var h = w / 2;
    var cx = view[0] + view[2] / 2, cy = view[1] + view[3] / 2;
    // Going round the world: keep the centre within one turn (the land is drawn three times).
    cx = ((cx % 360) + 360) % 360;
    cy = Math.min(180 - h / 2, Math.max(h / 2, cy));
    if (h >= 180) cy = 90;
    view = [cx - w / 2, cy - h / 2, w, h];
    svg.setAttribute("viewBox", view.map(function (n) { return +n.toFixed(3); }).join(" "));
    svg.style.setProperty("--land-stroke", (w / 1800).toFixed(5));
    var best = 0;
    widths.forEach(function (width, i) { if (Math.abs(Math.log(width / w)) < Math.abs(Math.log(widths[best] / w))) best = i; });
    level = best;
    levels.forEach(function (g, i) { if (i === best) g.removeAttribute("display"); else g.setAttribute("display", "none"); });
    showScale(w, h, cy);
    var box = svg.getBoundingClientRect(), text = levels[best] && levels[best].querySelector("text");
    if (box.width && text) {
      var drawn = Number(text.getAttribute("font-size")) * Math.max(box.width / w, box.height / h);
      svg.style.setProperty("--mark-scale", Math.max(1, 12.5 / drawn).toFixed(3));
    }
  }
  /* A scale bar once the view is a few degrees across, where the world's outline shows no more:
     the places are then seen by their distances. 111.32 km a degree of longitude at the equator. */
  var scale = figure.querySelector(".map-scale");
  function showScale(w, h, cy) {
    var box = svg.getBoundingClientRect();
    scale.hidden = w > 4.5 || !box.width;
    if (scale.hidden) return;
    var pixelsPerDegree = Math.max(box.width / w, box.height / h);
    var metresPerPixel = 111320 * Math.cos((90 - cy) * Math.PI / 180) / pixelsPerDegree;
    var most = metresPerPixel * Math.min(120, box.width / 3), nice = Math.pow(10, Math.floor(Math.log10(most)));
    nice *= most >= nice * 5 ? 5 : most >= nice * 2 ? 2 : 1;
    scale.firstChild.style.width = (nice / metresPerPixel).toFixed(1) + "px";
    scale.lastChild.textContent = nice >= 1000 ? nice / 1000 + " km" : nice + " m";
  }
  function zoom(factor, x, y) {
    if (x === undefined) { x = view[0] + view[2] / 2; y = view[1] + view[3] / 2; }
    var w = Math.min(MAX, Math.max(MIN, view[2] * factor));
    var k = w / view[2];
    view = [x - (x - view[0]) * k, y - (y - view[1]) * k, w, w / 2];
    show();
  }
  function pan(dx, dy) { view[0] += dx; view[1] += dy; show(); }
  function world() { view = [0, 0, 360, 180]; show(); }
  function toMap(clientX, clientY) {
    var m = svg.getScreenCTM().inverse();
    return { x: m.a * clientX + m.c * clientY + m.e, y: m.b * clientX + m.d * clientY + m.f };
  }

  var buttons = figure.querySelector(".map-controls");
  buttons.hidden = false;
  figure.querySelector(".map-help").hidden = false;
  buttons.addEventListener("click", function (event) {
    var what = event.target.getAttribute("data-map");
    if (what === "in") zoom(1 / 1.5); else if (what === "out") zoom(1.5); else if (what === "world") world();
  });
  svg.setAttribute("tabindex", "0");
  svg.addEventListener("keydown", function (event) {
    var step = view[2] / 8, key = event.key;
    if (key === "+" || key === "=") zoom(1 / 1.5);
    else if (key === "-" || key === "_") zoom(1.5);
    else if (key === "0") world();
    else if (key === "ArrowLeft") pan(-step, 0);
    else if (key === "ArrowRight") pan(step, 0);
    else if (key === "ArrowUp") pan(0, -step);
    else if (key === "ArrowDown") pan(0, step);
    else return;
    event.preventDefault();
  });
  svg.addEventListener("wheel", function (event) {
    event.preventDefault();
    var p = toMap(event.clientX, event.clientY);
    zoom(event.deltaY > 0 ? 1.25 : 0.8, p.x, p.y);
  }, { passive: false });

  // Drag with one pointer, pinch with two; a drag that moved is not a click on a pin.
  var pointers = {}, moved = false, startDistance = 0;
  svg.addEventListener("pointerdown", function (event) {
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    moved = false;
    var ids = Object.keys(pointers);
    if (ids.length === 2) startDistance = Math.hypot(pointers[ids[0]].x - pointers[ids[1]].x, pointers[ids[0]].y - pointers[ids[1]].y);
  });
  svg.addEventListener("pointermove", function (event) {
    var last = pointers[event.pointerId];
    if (!last) return;
    var ids = Object.keys(pointers);
    if (ids.length === 1) {
      var a = toMap(last.x, last.y), b = toMap(event.clientX, event.clientY);
      if (Math.abs(event.clientX - last.x) + Math.abs(event.clientY - last.y) > 2) moved = true;
      if (moved) { svg.setPointerCapture(event.pointerId); pan(a.x - b.x, a.y - b.y); }
    }
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (ids.length === 2) {
      var d = Math.hypot(pointers[ids[0]].x - pointers[ids[1]].x, pointers[ids[0]].y - pointers[ids[1]].y);
      var c = toMap((pointers[ids[0]].x + pointers[ids[1]].x) / 2, (pointers[ids[0]].y + pointers[ids[1]].y) / 2);
      if (startDistance > 0 && d > 0) zoom(startDistance / d, c.x, c.y);
      startDistance = d;
      moved = true;
    }
  });
  function up(event) { delete pointers[event.pointerId]; }
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  svg.addEventListener("click", function (event) {
    if (moved) { event.preventDefault(); moved = false; return; }
    var cluster = event.target.closest && event.target.closest(".cluster");
    if (!cluster) return;
    // A cluster opens into its places: zoom to fit them instead of going to the list.
    event.preventDefault();
    var fit = (cluster.getAttribute("data-fit") || "").split(" ").map(Number);
    var x = Number(cluster.getAttribute("data-x")), y = Number(cluster.getAttribute("data-y"));
    var w = widths[Math.min(widths.length - 1, level + 1)];
    // A box across the 180° meridian is the world's width: then one level closer, as before.
    if (fit.length === 4 && fit[2] - fit[0] < 180) {
      x = (fit[0] + fit[2]) / 2; y = (fit[1] + fit[3]) / 2;
      w = Math.max((fit[2] - fit[0]) * 1.6, (fit[3] - fit[1]) * 3.2, MIN);
    }
    view = [x - w / 2, y - w / 4, w, w / 2];
    show();
  });
  show();
})();
