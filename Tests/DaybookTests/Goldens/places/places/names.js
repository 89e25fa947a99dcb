/* The journal's places and their pages, written by Daybook. */
window.daybookPlaces = {"places":[["The allotment & shed","places/the-allotment-shed/index.html"],["Suva","places/suva/index.html"],["Taveuni","places/taveuni/index.html"],["Kyoto","places/kyoto/index.html"],["Fushimi Inari","places/fushimi-inari/index.html"]]};
