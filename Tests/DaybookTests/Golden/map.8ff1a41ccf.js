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
  var plane = svg.querySelector(".map-plane");
  var level = 0, squeezed = 1;
  var MIN = widths[widths.length - 1] / 1.5, MAX = 360;

  /* True shapes when zoomed in. The plane is equirectangular (a degree is a unit both ways), so a
     kilometre east-west is 1/cos(latitude) too long. Rather than squeeze longitude, which would
     break going round the world, the plane is stretched north-south by 1/k about the view's
     centre, k the cosine of its latitude: blended in from views 120° across (k = 1, the familiar
     world) to 13.5° (the regional view), so from there on a kilometre is as long both ways at the
     centre. k stops at 0.1 (84°) so the poles stay drawable. */
  function cosine(cy) { return Math.max(0.1, Math.cos((90 - cy) * Math.PI / 180)); }
  function squeeze(w, cy) {
    var t = Math.min(1, Math.max(0, Math.log(120 / w) / Math.log(120 / 13.5)));
    return 1 - t * (1 - cosine(cy));
  }
  // Each mark is drawn in plane units about its place: it is shrunk back north-south about that
  // point, so pins, numbers, names and covers stay round and the same size on screen.
  function unstretch(g, k) {
    Array.prototype.forEach.call(g.querySelectorAll("a[data-y]"), function (a) {
      var y = Number(a.getAttribute("data-y"));
      a.setAttribute("transform", "matrix(1 0 0 " + +k.toFixed(6) + " 0 " + +(y * (1 - k)).toFixed(6) + ")");
    });
  }

  function show() {
    var w = Math.min(MAX, Math.max(MIN, view[2]));
    var h = w / 2;
    var cx = view[0] + view[2] / 2, cy = view[1] + view[3] / 2;
    // Going round the world: keep the centre within one turn (the land is drawn three times).
    cx = ((cx % 360) + 360) % 360;
    // The view shows k times as many degrees of latitude as of its height in plane units.
    var half = squeeze(w, cy) * h / 2;
    cy = Math.min(180 - half, Math.max(half, cy));
    if (h >= 180) cy = 90;
    squeezed = squeeze(w, cy);
    view = [cx - w / 2, cy - h / 2, w, h];
    // Six decimals: a view 2 km across is 0.02°, and its pins must not jump by a pixel as it moves.
    svg.setAttribute("viewBox", view.map(function (n) { return +n.toFixed(6); }).join(" "));
    var s = 1 / squeezed;
    plane.setAttribute("transform", "matrix(1 0 0 " + +s.toFixed(6) + " 0 " + +(cy * (1 - s)).toFixed(6) + ")");
    // Stretched, a coast running east-west is drawn 1/k as thick as one running north-south: the
    // stroke takes the geometric mean, each within 1/sqrt(k) of its width on the plain plane. (Not
    // vector-effect: Chromium draws a non-scaling stroke inside <use> in a stretched group far too wide.)
    svg.style.setProperty("--land-stroke", (w / 1800 * Math.sqrt(squeezed)).toFixed(7));
    var best = 0;
    widths.forEach(function (width, i) { if (Math.abs(Math.log(width / w)) < Math.abs(Math.log(widths[best] / w))) best = i; });
    level = best;
    levels.forEach(function (g, i) { if (i === best) g.removeAttribute("display"); else g.setAttribute("display", "none"); });
    if (levels[best]) unstretch(levels[best], squeezed);
    showScale(w, h, cy);
    var box = svg.getBoundingClientRect(), text = levels[best] && levels[best].querySelector("text");
    if (box.width && text) {
      var drawn = Number(text.getAttribute("font-size")) * Math.max(box.width / w, box.height / h);
      svg.style.setProperty("--mark-scale", Math.max(1, 12.5 / drawn).toFixed(3));
    }
  }
  /* A scale bar once the view is a few degrees across, where the world's outline shows no more:
     the places are then seen by their distances. 111.32 km a degree of longitude at the equator;
     with the plane stretched (squeeze), the bar is as long north-south as east-west. */
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
  // Zooms about a point of the plane (x, y in degrees), which stays where it is on screen.
  function zoom(factor, x, y) {
    var cx = view[0] + view[2] / 2, cy = view[1] + view[3] / 2;
    if (x === undefined) { x = cx; y = cy; }
    var w = Math.min(MAX, Math.max(MIN, view[2] * factor));
    var k = w / view[2];
    // North-south the point is (y - cy) / squeeze from the centre on screen, before and after.
    cy = y - (y - cy) * k * squeeze(w, cy) / squeezed;
    cx = x - (x - cx) * k;
    view = [cx - w / 2, cy - w / 4, w, w / 2];
    show();
  }
  // Moves the view by degrees of the plane.
  function pan(dx, dy) { view[0] += dx; view[1] += dy; show(); }
  function world() { view = [0, 0, 360, 180]; show(); }
  // The point of the plane under a point of the screen.
  function toMap(clientX, clientY) {
    var m = svg.getScreenCTM().inverse(), cy = view[1] + view[3] / 2;
    var y = m.b * clientX + m.d * clientY + m.f;
    return { x: m.a * clientX + m.c * clientY + m.e, y: cy + (y - cy) * squeezed };
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
    // The same distance on screen both ways: fewer degrees north-south where the plane is stretched.
    else if (key === "ArrowUp") pan(0, -step * squeezed);
    else if (key === "ArrowDown") pan(0, step * squeezed);
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
      // A view w across shows w of longitude and k w / 2 of latitude on a 2 : 1 map (the full
      // cosine is the least k can be); a phone's 4 : 3 map (slice) shows less longitude.
      var box = svg.getBoundingClientRect(), aspect = box.height ? box.width / box.height : 2;
      w = Math.max((fit[2] - fit[0]) * 1.6 / Math.min(1, aspect / 2),
                   (fit[3] - fit[1]) * 3.2 / cosine(y) / Math.min(1, 2 / aspect), MIN);
    }
    view = [x - w / 2, y - w / 4, w, w / 2];
    show();
  });
  show();
})();
