(function () {
  "use strict";
  var data = JSON.parse(document.body.getAttribute("data-site"));
  var sols = Array.prototype.slice.call(document.querySelectorAll(".sol"));
  var shown = document.getElementById("shown");
  var list = document.getElementById("filters");
  var pieceSelect = document.getElementById("piece");
  var chosenCell = null;

  // parse reads one covers= value, PIECE@ROW,COL.
  function parse(v) {
    var m = /^(.+)@(\d+),(\d+)$/.exec(v);
    var f = { text: v, ok: false };
    if (!m) return f;
    var p = data.pieces.indexOf(m[1]);
    var r = +m[2], c = +m[3], k = -1;
    for (var i = 0; i < data.cells.length; i++) {
      if (data.cells[i][0] === r && data.cells[i][1] === c) k = i;
    }
    if (p < 0 || k < 0) return f;
    f.ok = true; f.code = data.codes.charAt(p); f.k = k;
    return f;
  }

  function filters() {
    return new URLSearchParams(location.search).getAll("covers").map(parse);
  }

  function apply() {
    var fs = filters(), n = 0;
    sols.forEach(function (el) {
      var g = el.getAttribute("data-grid");
      var show = fs.every(function (f) { return f.ok && g.charAt(f.k) === f.code; });
      el.hidden = !show;
      if (show) n++;
    });
    list.textContent = "";
    fs.forEach(function (f) {
      var span = document.createElement("span");
      span.className = "filter";
      span.textContent = (f.ok ? "" : "unknown: ") + f.text + " ";
      var b = document.createElement("button");
      b.type = "button"; b.textContent = "×"; b.title = "remove " + f.text;
      b.addEventListener("click", function () { remove(f.text); });
      span.appendChild(b);
      list.appendChild(span);
    });
    shown.textContent = fs.length === 0 ? sols.length + " solutions on this page" :
      n + " of the " + sols.length + " solutions on this page match";
    document.querySelectorAll("a.page").forEach(function (a) {
      a.href = a.getAttribute("data-href") + location.search;
    });
  }

  function setQuery(q) {
    var s = q.toString();
    history.replaceState(null, "", location.pathname + (s ? "?" + s : ""));
    apply();
  }
  function add(v) {
    var q = new URLSearchParams(location.search);
    if (q.getAll("covers").indexOf(v) < 0) q.append("covers", v);
    setQuery(q);
  }
  function remove(v) {
    var q = new URLSearchParams(location.search);
    var rest = q.getAll("covers").filter(function (x) { return x !== v; });
    q.delete("covers");
    rest.forEach(function (x) { q.append("covers", x); });
    setQuery(q);
  }
  function tryAdd() {
    if (chosenCell && pieceSelect.value) {
      add(pieceSelect.value + "@" + chosenCell.getAttribute("data-r") + "," + chosenCell.getAttribute("data-c"));
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
  document.getElementById("clear").addEventListener("click", function () { setQuery(new URLSearchParams()); });

  // The solution shown large.
  var dialog = document.getElementById("big");
  var current = null;
  function open(el) {
    current = el;
    var body = dialog.querySelector("div");
    body.textContent = "";
    body.appendChild(el.querySelector("svg").cloneNode(true));
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
