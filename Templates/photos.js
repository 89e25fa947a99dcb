// Daybook's photo lightbox: a photo's link opens its largest copy in a <dialog>, with the
// arrow keys and swipes going through the page's photos, Esc closing, and the focus going back
// to the photo. Without this script the link opens the copy itself. Addresses are read from
// the links when used, not at start-up (an encrypted edition swaps them for blob: addresses).
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
    image.src = link.getAttribute("href");
    image.alt = picture ? picture.alt : "";
    caption.textContent = (picture && picture.alt ? picture.alt + " · " : "") + (current + 1) + " / " + links.length;
  }

  function close() { dialog.close(); }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.photo");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (!dialog) make();
    if (typeof dialog.showModal !== "function") return;
    event.preventDefault();
    links = Array.prototype.slice.call(document.querySelectorAll("a.photo"));
    opener = link;
    show(links.indexOf(link));
    dialog.showModal();
  });
})();
