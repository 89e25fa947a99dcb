/* The journal's places and their pages, written by Daybook. */
window.daybookPlaces = {"places":[["Seoul","places/seoul/index.html"],["Brighton \"pier\"","places/brighton-pier/index.html"]]};
