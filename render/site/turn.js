// The view of a solid's solution that the reader turns, in the gallery's
// dialog: drawn with WebGL, or on a 2-D canvas where WebGL is missing
// (faces painted far to near); dragged (mouse, pen or touch) or turned
// with the arrow keys; built piece by piece with its buttons or + and -.
(function () {
  "use strict";
  var solids = JSON.parse(document.getElementById("solids").textContent);
  var sols = Array.prototype.slice.call(document.querySelectorAll(".sol"));
  var box = document.createElement("div");
  box.className = "turn";
  box.innerHTML = '<canvas width="640" height="640" tabindex="0" aria-label="the solution in space: drag, or the arrow keys, to turn it"></canvas>' +
    '<div><button type="button" title="hide the last piece (-)">&minus; piece</button> <span aria-live="polite"></span> ' +
    '<button type="button" title="add the next piece (+)">+ piece</button></div><ol aria-label="the pieces, in the order they are built"></ol>';
  var canvas = box.querySelector("canvas"), status = box.querySelector("span"), legend = box.querySelector("ol");
  var gl, g2; // the canvas's context, made when a solution is first shown
  var yaw = -40, pitch = 30, pieces = [], shown = 0, faces = [], centre = [0, 0, 0], radius = 1, first = [];
  var light = [-0.4, 0.6, 0.7], ll = Math.hypot(light[0], light[1], light[2]);
  light = light.map(function (v) { return v / ll; });

  // rgb is a piece's fill (#rrggbbaa), red, green and blue from 0 to 1;
  // none (alpha 00: the outline style) shows the paper.
  function rgb(fill) {
    if (/00$/.test(fill)) return [1, 1, 1];
    return [1, 3, 5].map(function (i) { return parseInt(fill.substr(i, 2), 16) / 255; });
  }

  // faces lists every face of a piece's cubes that no cube of the piece
  // covers, piece by piece: its piece, cube, axis and side, corners, and
  // for each of its four edges whether the piece's surface goes on flat
  // across it (no line there). Space is x to the right (a column), y up
  // (a layer), z to the front (a row).
  function build(list) {
    var owner = {}, lo = [1e9, 1e9, 1e9], hi = [-1e9, -1e9, -1e9];
    var key = function (p) { return p.join(","); };
    pieces = list.map(function (p, i) {
      var cubes = p.cubes.map(function (c) { return [c[0], c[2], c[1]]; });
      cubes.forEach(function (c) {
        owner[key(c)] = i;
        for (var a = 0; a < 3; a++) { lo[a] = Math.min(lo[a], c[a]); hi[a] = Math.max(hi[a], c[a] + 1); }
      });
      return { name: p.name, rgb: rgb(p.fill), cubes: cubes };
    });
    centre = [0, 1, 2].map(function (a) { return (lo[a] + hi[a]) / 2; });
    radius = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2;
    faces = []; first = [];
    var add = function (c, d) { return [c[0] + d[0], c[1] + d[1], c[2] + d[2]]; };
    var unit = function (a, s) { var d = [0, 0, 0]; d[a] = s; return d; };
    pieces.forEach(function (p, i) {
      first.push(faces.length);
      p.cubes.forEach(function (c) {
        for (var a = 0; a < 3; a++) {
          for (var s = -1; s <= 1; s += 2) {
            var n = unit(a, s), out = add(c, n);
            if (owner[key(out)] === i) continue;
            var u = (a + 1) % 3, v = (a + 2) % 3, at = c[a] + (s > 0 ? 1 : 0);
            var corner = function (du, dv) { var q = c.slice(); q[a] = at; q[u] += du; q[v] += dv; return q; };
            var flat = [[u, -1], [u, 1], [v, -1], [v, 1]].map(function (t) {
              var side = add(c, unit(t[0], t[1]));
              return owner[key(side)] === i && owner[key(add(side, n))] !== i;
            });
            faces.push({ piece: i, cube: c, out: out, n: n, q: [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)], flat: flat });
          }
        }
      });
    });
    first.push(faces.length);
    if (gl) upload();
    // The legend: each piece's colour and name, a button that builds
    // the solution up to it.
    legend.textContent = "";
    pieces.forEach(function (p, i) {
      var li = legend.appendChild(document.createElement("li")), b = li.appendChild(document.createElement("button"));
      b.type = "button";
      b.title = "build up to " + p.name;
      b.appendChild(document.createElement("span")).style.background = "rgb(" + p.rgb.map(function (v) { return Math.round(255 * v); }).join(",") + ")";
      b.appendChild(document.createTextNode(p.name));
      b.addEventListener("click", function () { step(i + 1 - shown); });
    });
  }

  // rotation is the view's turn: about the vertical axis by yaw, then
  // about the horizontal one by pitch (rows of a 3×3 matrix).
  function rotation() {
    var y = yaw * Math.PI / 180, x = pitch * Math.PI / 180;
    var cy = Math.cos(y), sy = Math.sin(y), cx = Math.cos(x), sx = Math.sin(x);
    return [[cy, 0, sy], [sx * sy, cx, -sx * cy], [-cx * sy, sx, cx * cy]];
  }
  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
  // shade is how lit a face turned to n (in the view's space) is: the
  // light comes from above, left and front, and a colour only darkens, so
  // that a piece's pixels are its fill scaled.
  function shade(n) { return 0.6 + 0.4 * Math.max(0, dot(n, light)); }

  var prog, buf, loc = {};
  function upload() {
    if (!prog) {
      var sh = function (type, src) { var s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; };
      prog = gl.createProgram();
      gl.attachShader(prog, sh(gl.VERTEX_SHADER,
        "attribute vec3 pos, nor, col; attribute vec4 edge; uniform mat4 m; uniform mat3 r; uniform vec3 light;" +
        "varying vec3 c; varying vec4 e; void main() { gl_Position = m * vec4(pos, 1.0);" +
        "c = col * (0.6 + 0.4 * max(0.0, dot(r * nor, light))); e = edge; }"));
      gl.attachShader(prog, sh(gl.FRAGMENT_SHADER,
        "precision mediump float; varying vec3 c; varying vec4 e; void main() {" +
        "float d = min(min(e.x, e.y), min(e.z, e.w));" +
        "gl_FragColor = vec4(c * mix(0.4, 1.0, smoothstep(0.02, 0.05, d)), 1.0); }"));
      gl.linkProgram(prog);
      gl.useProgram(prog);
      ["pos", "nor", "col", "edge"].forEach(function (n) { loc[n] = gl.getAttribLocation(prog, n); gl.enableVertexAttribArray(loc[n]); });
      ["m", "r", "light"].forEach(function (n) { loc[n] = gl.getUniformLocation(prog, n); });
      buf = gl.createBuffer();
      gl.enable(gl.DEPTH_TEST);
    }
    // Six corners (two triangles) a face, 13 numbers a corner: where it
    // is, the face's normal, its colour, and its distances to the four
    // edges, far (no line) across an edge the surface goes on over.
    var data = new Float32Array(faces.length * 6 * 13), k = 0;
    faces.forEach(function (f) {
      [0, 1, 2, 0, 2, 3].forEach(function (i) {
        var uv = [[0, 0], [1, 0], [1, 1], [0, 1]][i];
        var e = [uv[0], 1 - uv[0], uv[1], 1 - uv[1]].map(function (d, j) { return f.flat[j] ? d + 9 : d; });
        data.set(f.q[i].concat(f.n, pieces[f.piece].rgb, e), k);
        k += 13;
      });
    });
    gl.bindBuffer(gl.ARRAY_BUFFER, buf);
    gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
    [["pos", 3, 0], ["nor", 3, 3], ["col", 3, 6], ["edge", 4, 9]].forEach(function (a) {
      gl.vertexAttribPointer(loc[a[0]], a[1], gl.FLOAT, false, 52, a[2] * 4);
    });
  }

  function draw() {
    var r = rotation(), k = 0.9 / radius;
    canvas.setAttribute("data-yaw", Math.round(yaw));
    canvas.setAttribute("data-pitch", Math.round(pitch));
    canvas.setAttribute("data-shown", shown);
    Array.prototype.forEach.call(legend.children, function (li, i) { li.className = i < shown ? "" : "off"; });
    status.textContent = shown === pieces.length ? "all " + shown + " pieces" :
      shown + " of " + pieces.length + " pieces" + (shown ? ", the last " + pieces[shown - 1].name : "");
    if (gl) {
      // Column by column: x' = k r·(p - centre), the same for y, and the
      // depth, nearer smaller.
      var s = [k, k, -k / 2], m = [];
      for (var j = 0; j < 4; j++) {
        for (var i = 0; i < 4; i++) {
          if (i === 3) m.push(j === 3 ? 1 : 0);
          else m.push(j === 3 ? -s[i] * dot(r[i], centre) : s[i] * r[i][j]);
        }
      }
      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      gl.uniformMatrix4fv(loc.m, false, m);
      gl.uniformMatrix3fv(loc.r, false, [r[0][0], r[1][0], r[2][0], r[0][1], r[1][1], r[2][1], r[0][2], r[1][2], r[2][2]]);
      gl.uniform3fv(loc.light, light);
      gl.drawArrays(gl.TRIANGLES, 0, first[shown] * 6);
      return;
    }
    // On a 2-D canvas: the faces turned to the reader and not covered by a
    // cube shown, cube by cube from the farthest (equal cubes on a grid
    // never cover a farther one), each filled and its edges drawn.
    var w = canvas.width, half = w / 2;
    var view = function (p) { var d = [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]]; return [dot(r[0], d), dot(r[1], d), dot(r[2], d)]; };
    var on = {};
    pieces.slice(0, shown).forEach(function (p) { p.cubes.forEach(function (c) { on[c.join(",")] = true; }); });
    var list = faces.slice(0, first[shown]).filter(function (f) {
      f.nv = [dot(r[0], f.n), dot(r[1], f.n), dot(r[2], f.n)];
      f.depth = view([f.cube[0] + 0.5, f.cube[1] + 0.5, f.cube[2] + 0.5])[2];
      return f.nv[2] > 1e-9 && !on[f.out.join(",")];
    });
    list.sort(function (a, b) { return a.depth - b.depth; });
    g2.clearRect(0, 0, w, w);
    g2.lineJoin = "round";
    g2.lineWidth = w / 300;
    var css = function (c, t) { return "rgb(" + c.map(function (v) { return Math.round(255 * v * t); }).join(",") + ")"; };
    list.forEach(function (f) {
      var pts = f.q.map(function (q) { var v = view(q); return [half + half * k * v[0], half - half * k * v[1]]; });
      var c = pieces[f.piece].rgb, t = shade(f.nv);
      g2.beginPath();
      pts.forEach(function (p, i) { if (i) g2.lineTo(p[0], p[1]); else g2.moveTo(p[0], p[1]); });
      g2.closePath();
      g2.fillStyle = g2.strokeStyle = css(c, t);
      g2.fill();
      g2.stroke(); // over the seams between faces
      g2.strokeStyle = css(c, t * 0.4);
      g2.beginPath();
      // Edges 0–1 (v low), 1–2 (u high), 2–3 (v high), 3–0 (u low).
      [[0, 1, 2], [1, 2, 1], [2, 3, 3], [3, 0, 0]].forEach(function (e) {
        if (f.flat[e[2]]) return;
        g2.moveTo(pts[e[0]][0], pts[e[0]][1]);
        g2.lineTo(pts[e[1]][0], pts[e[1]][1]);
      });
      g2.stroke();
    });
  }

  function turn(dyaw, dpitch) {
    yaw = (yaw + dyaw + 540) % 360 - 180;
    pitch = Math.max(-90, Math.min(90, pitch + dpitch));
    draw();
  }
  function step(d) {
    shown = Math.max(0, Math.min(pieces.length, shown + d));
    draw();
  }

  var drag = null;
  canvas.addEventListener("pointerdown", function (e) {
    drag = [e.clientX, e.clientY];
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener("pointermove", function (e) {
    if (!drag) return;
    turn((e.clientX - drag[0]) / 2, (e.clientY - drag[1]) / 2);
    drag = [e.clientX, e.clientY];
  });
  canvas.addEventListener("pointerup", function () { drag = null; });
  canvas.addEventListener("pointercancel", function () { drag = null; });
  canvas.addEventListener("keydown", function (e) {
    var d = { ArrowLeft: [-10, 0], ArrowRight: [10, 0], ArrowUp: [0, -10], ArrowDown: [0, 10] }[e.key];
    if (!d) return;
    turn(d[0], d[1]);
    e.preventDefault();
    e.stopPropagation(); // not the dialog's: those go to another solution
  });
  var buttons = box.querySelectorAll("button");
  buttons[0].addEventListener("click", function () { step(-1); });
  buttons[1].addEventListener("click", function () { step(1); });
  document.getElementById("big").addEventListener("keydown", function (e) {
    if (e.key === "+" || e.key === "=") step(1);
    else if (e.key === "-") step(-1);
  });

  // The gallery's dialog shows what this returns for the solution el: the
  // view, of all its pieces.
  window.polytileTurn = function (el) {
    if (!gl && !g2) {
      gl = canvas.getContext("webgl", { preserveDrawingBuffer: true });
      g2 = gl ? null : canvas.getContext("2d");
      canvas.setAttribute("data-renderer", gl ? "webgl" : "2d");
    }
    build(solids[sols.indexOf(el)]);
    shown = pieces.length;
    draw();
    return box;
  };
})();
