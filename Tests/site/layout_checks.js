// What the layout test (test_layout.py) measures on a page, as a list of faults. Run in the page
// (or the private viewer's frame) with arguments[0] = the viewport's width in CSS pixels.
const width = arguments[0];
const faults = [];
const doc = document.documentElement;
const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
  (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
const shown = (el) => {
  const style = getComputedStyle(el);
  if (style.visibility !== "visible" || style.display === "none") return false;
  const box = el.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
};
// Inside a box that scrolls or clips sideways, an element may lie beyond the viewport: that box is checked instead.
const clipped = (el) => {
  for (let up = el.parentElement; up && up !== doc; up = up.parentElement) {
    const x = getComputedStyle(up).overflowX;
    if (x !== "visible") return true;
    if (getComputedStyle(up).clipPath !== "none") return true;
  }
  return false;
};

// The page's column: what is in `main` stays inside it, not in the margin beside it.
const main = document.querySelector("main");
const column = main && Object.assign(main.getBoundingClientRect().toJSON(), { contains: (el) => main.contains(el) });
if (doc.scrollWidth > width) faults.push(`the page scrolls sideways: ${doc.scrollWidth} px wide at ${width} px`);
for (const el of document.body.querySelectorAll("*")) {
  if (!shown(el) || clipped(el)) continue;
  const box = el.getBoundingClientRect();
  // Wholly off to one side is how a skip link hides; half in and half out is a fault.
  if (box.right <= 0 || box.left >= width) continue;
  if (box.left < -1 || box.right > width + 1) {
    faults.push(`${name(el)} reaches ${Math.round(box.left)}..${Math.round(box.right)} px at ${width} px`);
  } else if (column && column.contains(el) && (box.left < column.left - 1 || box.right > column.right + 1)) {
    faults.push(`${name(el)} sticks out of the column (${Math.round(box.left)}..${Math.round(box.right)}, the column ${Math.round(column.left)}..${Math.round(column.right)})`);
  }
}
// A column's heading wraps between its words, never inside one ("ENT" over "RIES").
for (const th of document.querySelectorAll("thead th")) {
  if (!shown(th) || !th.textContent.trim()) continue;
  const range = document.createRange();
  range.selectNodeContents(th);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  const words = th.textContent.trim().split(/\s+/).length;
  if (lines > words) faults.push(`the heading "${th.textContent.trim()}" breaks inside a word at ${width} px`);
}
const panel = document.querySelector(".search-panel");
if (panel && shown(panel)) {
  const box = panel.getBoundingClientRect();
  if (box.left < 0 || box.right > width) faults.push(`the search results reach ${Math.round(box.left)}..${Math.round(box.right)} px at ${width} px`);
}
const ratio = window.devicePixelRatio;
for (const img of document.querySelectorAll("img")) {
  if (!shown(img)) continue;
  const box = img.getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) continue;
  if (!img.complete || img.naturalWidth === 0) { faults.push(`${img.currentSrc || img.src} did not load`); continue; }
  if (box.height > window.innerHeight + 1) faults.push(`${img.currentSrc.split("/").pop()} is ${Math.round(box.height)} px tall, more than the screen`);
  if (img.naturalWidth > 2 * box.width * ratio) {
    faults.push(`${img.currentSrc.split("/").pop()} is ${img.naturalWidth} px wide for ${Math.round(box.width)} px at ${ratio}x`);
  }
}
// Text: the size it is drawn at (an SVG's text is scaled with its picture).
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const seen = new Set();
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  if (!el || seen.has(el) || !node.textContent.trim() || !shown(el)) continue;
  seen.add(el);
  if (el.closest(".visually-hidden, script, style, noscript")) continue;
  let size = parseFloat(getComputedStyle(el).fontSize);
  if (el instanceof SVGElement && el.getScreenCTM()) {
    const m = el.getScreenCTM();
    size *= Math.hypot(m.a, m.b);
  }
  if (size < 11.95) faults.push(`"${node.textContent.trim().slice(0, 30)}" (${name(el)}) is ${size.toFixed(1)} px`);
}
return faults;
