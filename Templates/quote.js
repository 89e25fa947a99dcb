/* Daybook: shows the quote of the reader's own day in the quote-of-the-day banner.
   The page as built carries the quote of its newest entry's day; this swaps in the quote of
   today's local date, picked the way Daybook picks it (QuoteOfTheDay.swift), from the list that
   the quotes data file, loaded just before this script, puts in window.daybookQuotes. It runs as
   soon as it loads, right after the banner, so the page is not drawn with the other quote first.
   Without the list (the file missing or JavaScript off) the built quote stays. */
(function () {
  "use strict";
  var figure = document.getElementById("quote-of-the-day");
  var data = window.daybookQuotes;
  if (!figure || !data || !Array.isArray(data.quotes) || data.quotes.length === 0) return;
  var text = figure.querySelector("blockquote p");
  var author = figure.querySelector("figcaption");
  var credit = figure.parentNode.querySelector(".quote-credit");
  if (!text || !author) return;

  function pad(value, width) {
    var digits = String(value);
    while (digits.length < width) digits = "0" + digits;
    return digits;
  }

  /* Days since 1970-01-01 of the reader's local calendar date. setUTCFullYear, unlike Date.UTC,
     reads years below 100 as they are. */
  function dayNumber(date) {
    var utc = new Date(0);
    utc.setUTCFullYear(date.getFullYear(), date.getMonth(), date.getDate());
    return Math.round(utc.getTime() / 86400000);
  }

  function show(date) {
    var count = data.quotes.length;
    var index = (dayNumber(date) * (data.stride || 1)) % count;
    if (index < 0) index += count;
    var quote = data.quotes[index];
    if (!quote || typeof quote.text !== "string") return;
    text.textContent = quote.text;
    author.textContent = quote.author || "";
    author.hidden = !quote.author;
    if (credit) credit.hidden = !quote.zenquotes;
    figure.setAttribute("data-date",
      pad(date.getFullYear(), 4) + "-" + pad(date.getMonth() + 1, 2) + "-" + pad(date.getDate(), 2));
  }

  /* A page left open past midnight moves on to the next day's quote. */
  function showAndWait() {
    var now = new Date();
    show(now);
    var midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    setTimeout(showAndWait, Math.max(1000, midnight.getTime() - now.getTime() + 1000));
  }

  showAndWait();
})();
