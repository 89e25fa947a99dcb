// Daybook's photo lightbox: a photo's link opens its largest copy in a <dialog>, with the
// arrow keys and swipes going through the page's photos, Esc closing, and the focus going back
// to the photo. Without this script the link opens the copy itself. Addresses are read from
// the links when used, not at start-up (an encrypted edition swaps them for blob: addresses).
// The copy shown is the smallest of the photo's srcset that fills the screen, not the largest:
// a phone 390 pixels wide needs the 960 copy, not the 2,400 one. A photo both in the text and
// in the gallery is one photo of the sequence.
(function () {
  "use strict";
  var dialog, image, caption, links, current = -1, opener = null, touchX = null;

  function make() {
    dialog = document.createElement("dialog");
    dialog.className = "lightbox";
    dialog.setAttribute("aria-label", "Photo");
    image = document.createElement("img");
    image.alt = "";
    caption = document.createElement("p");
    dialog.append(image, caption, button("Close", "lightbox-close", close),
      button("‹", "lightbox-prev", function () { show(current - 1); }, "Previous photo"),
      button("›", "lightbox-next", function () { show(current + 1); }, "Next photo"));
    dialog.addEventListener("close", function () { if (opener) opener.focus(); current = -1; });
    dialog.addEventListener("click", function (event) { if (event.target === dialog) close(); });
    dialog.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
      if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    });
    dialog.addEventListener("touchstart", function (event) { touchX = event.touches[0].clientX; }, { passive: true });
    dialog.addEventListener("touchend", function (event) {
      if (touchX === null) return;
      var moved = event.changedTouches[0].clientX - touchX;
      touchX = null;
      if (Math.abs(moved) > 40) show(current + (moved < 0 ? 1 : -1));
    });
    document.body.append(dialog);
  }

  function button(text, name, action, label) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = name;
    element.textContent = text;
    if (label) element.setAttribute("aria-label", label);
    element.addEventListener("click", action);
    return element;
  }

  function show(index) {
    if (!links.length) return;
    current = (index + links.length) % links.length;
    var link = links[current], picture = link.querySelector("img");
    image.src = fitting(link, picture);
    image.alt = picture ? picture.alt : "";
    caption.textContent = (picture && picture.alt ? picture.alt + " · " : "") + (current + 1) + " / " + links.length;
  }

  /* The smallest copy at least as wide as the photo will be drawn, in device pixels. */
  function fitting(link, picture) {
    var set = picture && picture.getAttribute("srcset");
    if (!set) return link.getAttribute("href");
    var aspect = (Number(link.getAttribute("data-width")) || 1) / (Number(link.getAttribute("data-height")) || 1);
    var needed = Math.min(window.innerWidth, (window.innerHeight - 112) * aspect) * (window.devicePixelRatio || 1);
    var copies = set.split(",").map(function (piece) {
      var parts = piece.trim().split(/\s+/);
      return { url: parts[0], width: parseInt(parts[1], 10) || 0 };
    }).sort(function (a, b) { return a.width - b.width; });
    var found = copies.filter(function (copy) { return copy.width >= needed; })[0];
    return (found || copies[copies.length - 1]).url;
  }

  /* The page's photo links, one per photo (by its largest copy's address), in page order. */
  function photoLinks() {
    var seen = {};
    return Array.prototype.slice.call(document.querySelectorAll("a.photo")).filter(function (link) {
      var key = link.getAttribute("href");
      if (seen[key]) return false;
      seen[key] = true;
      return true;
    });
  }

  function close() { dialog.close(); }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.photo");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (!dialog) make();
    if (typeof dialog.showModal !== "function") return;
    event.preventDefault();
    links = photoLinks();
    opener = link;
    var href = link.getAttribute("href");
    show(links.findIndex(function (each) { return each.getAttribute("href") === href; }));
    dialog.showModal();
  });
})();
