(function () {
  "use strict";
  var data = JSON.parse(document.body.getAttribute("data-site"));
  // Every solution of the gallery (the grids file beside the pages); the
  // filter falls back to this page's alone if that file did not load.
  var all = window.polytileGallery;
  var here = +document.body.getAttribute("data-page") - 1;
  var sols = Array.prototype.slice.call(document.querySelectorAll(".sol"));
  var shown = document.getElementById("shown");
  var found = document.getElementById("found");
  var list = document.getElementById("filters");
  var pieceSelect = document.getElementById("piece");
  var chosenCell = null;

  // parse reads one covers= value, PIECE@ROW,COL, or PIECE@LAYER,ROW,COL
  // for a solid's cell.
  function parse(v) {
    var m = /^(.+)@(\d+),(\d+)(?:,(\d+))?$/.exec(v);
    var f = { text: v, ok: false };
    if (!m) return f;
    var p = data.pieces.indexOf(m[1]);
    var at = m[4] === undefined ? [+m[2], +m[3]] : [+m[2], +m[3], +m[4]];
    var k = -1;
    for (var i = 0; i < data.cells.length; i++) {
      if (data.cells[i].join(",") === at.join(",")) k = i;
    }
    if (p < 0 || k < 0) return f;
    f.ok = true; f.code = data.codes.charAt(p); f.k = k;
    return f;
  }

  // uses reads one uses= value, a piece's name: the solutions that put
  // it down.
  function uses(v) {
    var p = data.pieces.indexOf(v);
    return { text: v, key: "uses", ok: p >= 0, code: p >= 0 ? data.codes.charAt(p) : "" };
  }

  function filters() {
    var q = new URLSearchParams(location.search);
    return q.getAll("covers").map(parse).concat(q.getAll("uses").map(uses));
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // pageLink links to page i of the gallery, keeping the query.
  function pageLink(i, text) {
    var a = document.createElement("a");
    a.href = encodeURIComponent(all.pages[i]) + location.search;
    a.textContent = text;
    return a;
  }

  // count says how many of the gallery's solutions the filters fs allow,
  // and lists the pages that hold them, this one marked.
  function count(fs, matches) {
    var total = all.grids.length, n = 0, on = [];
    all.grids.forEach(function (g, k) {
      if (!matches(g)) return;
      n++;
      var p = Math.floor(k / all.perPage);
      if (on.length === 0 || on[on.length - 1].page !== p) on.push({ page: p, n: 0 });
      on[on.length - 1].n++;
    });
    shown.textContent = n + " of " + plural(total, "solution") + (n === 1 ? " matches" : " match");
    found.textContent = "";
    found.hidden = on.length === 0 || all.pages.length === 1;
    if (found.hidden) return;
    found.appendChild(document.createTextNode(on.length === 1 ? "On page " : "On pages "));
    var mine = false;
    on.forEach(function (o, i) {
      var el;
      if (o.page === here) {
        el = document.createElement("strong");
        el.setAttribute("aria-current", "page");
        el.textContent = o.page + 1;
        mine = true;
      } else {
        el = pageLink(o.page, o.page + 1);
      }
      el.className = "found";
      el.title = plural(o.n, "solution");
      if (i > 0) found.appendChild(document.createTextNode(", "));
      found.appendChild(el);
    });
    if (!mine) found.appendChild(document.createTextNode(" (none on this page)"));
  }

  function apply() {
    var fs = filters(), n = 0;
    var matches = function (g) {
      return fs.every(function (f) { return f.ok && (f.key ? g.indexOf(f.code) >= 0 : g.charAt(f.k) === f.code); });
    };
    sols.forEach(function (el) {
      var show = matches(el.getAttribute("data-grid"));
      el.hidden = !show;
      if (show) n++;
    });
    list.textContent = "";
    fs.forEach(function (f) {
      var span = document.createElement("span");
      span.className = "filter";
      var label = (f.key ? "uses " : "") + f.text;
      span.textContent = (f.ok ? "" : "unknown: ") + label + " ";
      var b = document.createElement("button");
      b.type = "button"; b.textContent = "×"; b.title = "remove " + label;
      b.addEventListener("click", function () { remove(f.key || "covers", f.text); });
      span.appendChild(b);
      list.appendChild(span);
    });
    if (fs.length === 0) {
      found.hidden = true;
      shown.textContent = all && all.pages.length > 1 ?
        plural(all.grids.length, "solution") + ", " + sols.length + " on this page" : plural(sols.length, "solution");
    } else if (all) {
      count(fs, matches);
    } else {
      shown.textContent = n + " of the " + sols.length + " solutions on this page match";
    }
    document.querySelectorAll("a.page").forEach(function (a) {
      a.href = a.getAttribute("data-href") + location.search;
    });
    offer(all ? all.grids.filter(matches) : sols.filter(function (el) { return !el.hidden; }).map(function (el) { return el.getAttribute("data-grid"); }));
  }

  // offer leaves in the piece menu only the pieces some of the grids
  // puts down: a piece absent from every solution shown is not offered.
  function offer(grids) {
    var used = grids.join("");
    Array.prototype.forEach.call(pieceSelect.options, function (o) {
      var p = data.pieces.indexOf(o.value);
      o.disabled = p >= 0 && used.indexOf(data.codes.charAt(p)) < 0;
    });
  }

  function setQuery(q) {
    var s = q.toString();
    history.replaceState(null, "", location.pathname + (s ? "?" + s : ""));
    apply();
  }
  function add(v, key) {
    key = key || "covers";
    var q = new URLSearchParams(location.search);
    if (q.getAll(key).indexOf(v) < 0) q.append(key, v);
    setQuery(q);
  }
  function remove(key, v) {
    var q = new URLSearchParams(location.search);
    var rest = q.getAll(key).filter(function (x) { return x !== v; });
    q.delete(key);
    rest.forEach(function (x) { q.append(key, x); });
    setQuery(q);
  }
  function tryAdd() {
    if (chosenCell && pieceSelect.value) {
      var layer = chosenCell.getAttribute("data-l");
      add(pieceSelect.value + "@" + (layer === null ? "" : layer + ",") + chosenCell.getAttribute("data-r") + "," + chosenCell.getAttribute("data-c"));
    }
  }

  document.querySelectorAll(".cells path").forEach(function (p) {
    p.addEventListener("click", function () {
      if (chosenCell) chosenCell.classList.remove("chosen");
      chosenCell = p;
      p.classList.add("chosen");
      tryAdd();
    });
  });
  pieceSelect.addEventListener("change", tryAdd);
  document.getElementById("uses").addEventListener("click", function () {
    if (pieceSelect.value) add(pieceSelect.value, "uses");
  });
  document.getElementById("clear").addEventListener("click", function () { setQuery(new URLSearchParams()); });

  // The solution shown large.
  var dialog = document.getElementById("big");
  var current = null;
  function open(el) {
    current = el;
    var body = dialog.querySelector("div");
    body.textContent = "";
    // A solid's solution in a view that turns (turn.js), else its picture.
    body.appendChild(window.polytileTurn ? window.polytileTurn(el) : el.querySelector("svg").cloneNode(true));
    dialog.querySelector("p").textContent = el.querySelector("figcaption").textContent;
    if (!dialog.open) dialog.showModal();
  }
  function step(d) {
    var vis = sols.filter(function (el) { return !el.hidden; });
    var i = vis.indexOf(current);
    if (i >= 0 && vis[i + d]) open(vis[i + d]);
  }
  sols.forEach(function (el) {
    el.addEventListener("click", function () { open(el); });
    el.addEventListener("keydown", function (e) { if (e.key === "Enter") open(el); });
  });
  dialog.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { step(1); e.preventDefault(); }
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { step(-1); e.preventDefault(); }
  });
  dialog.addEventListener("click", function (e) { if (e.target === dialog) dialog.close(); });

  var heat = document.getElementById("heat-piece");
  if (heat) {
    var show = function () {
      document.querySelectorAll(".heat").forEach(function (h) { h.hidden = h.getAttribute("data-piece") !== heat.value; });
    };
    heat.addEventListener("change", show);
    show();
  }
  apply();
})();
