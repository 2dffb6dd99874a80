package render

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/polytile/polytile/gallery"
)

// pageSolids reads the pieces of the solutions of a solid's gallery page
// from its script's data.
func pageSolids(t *testing.T, path string) [][]gallery.SitePiece {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<script type="application/json" id="solids">([^<]*)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("the page holds no pieces in space")
	}
	var solids [][]gallery.SitePiece
	if err := json.Unmarshal(m[1], &solids); err != nil {
		t.Fatal(err)
	}
	return solids
}

// A solid's gallery holds, for its script, the pieces of every solution
// on the page, as the site has them, in the order of its figures, the
// same each time; a flat one holds none, nor the script that turns them.
func TestSolidSiteData(t *testing.T) {
	path, all := somaSite(t)
	solids := pageSolids(t, path)
	site, err := gallery.NewSite(all.Classes, &gallery.Options{CellSize: 12})
	if err != nil {
		t.Fatal(err)
	}
	if len(solids) != SitePerPage {
		t.Fatalf("the first page holds the pieces of %d solutions, want %d", len(solids), SitePerPage)
	}
	for k, pieces := range solids {
		got, _ := json.Marshal(pieces)
		want, _ := json.Marshal(site.Solutions[k].Solid)
		if !bytes.Equal(got, want) || len(pieces) != 7 {
			t.Fatalf("solution %d: the page holds %s, want %s: the 7 pieces", k+1, got, want)
		}
	}
	// The same solutions, the same page.
	again, _ := somaSite(t)
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if page2, err := os.ReadFile(again); err != nil || !bytes.Equal(page, page2) {
		t.Errorf("two writes of the same solid's gallery differ (%v)", err)
	}
	flat, _ := scottSite(t)
	if page, err = os.ReadFile(flat); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(page, []byte(`id="solids"`)) || bytes.Contains(page, []byte(`getContext("webgl"`)) {
		t.Errorf("a flat gallery holds pieces in space, or the script that turns them")
	}
}

// turnState is what the view that turns shows, read from its canvas.
type turnState struct {
	Renderer, Yaw, Pitch, Shown, Status, URL string
	X, Y                                     float64  // the canvas's centre on the page
	Legend, Off                              []string // the pieces the legend names, and those it shows hidden
	Caption                                  string   // the dialog's: the solution's number
}

const turnStateJS = `(() => {
	const c = document.querySelector("#big .turn canvas"), r = c.getBoundingClientRect();
	return {Renderer: c.dataset.renderer, Yaw: c.dataset.yaw, Pitch: c.dataset.pitch, Shown: c.dataset.shown,
		Status: document.querySelector("#big .turn span").textContent, URL: c.toDataURL(),
		X: r.left + r.width / 2, Y: r.top + r.height / 2,
		Legend: [...document.querySelectorAll("#big .turn li")].map(li => li.textContent),
		Off: [...document.querySelectorAll("#big .turn li.off")].map(li => li.textContent),
		Caption: document.querySelector("#big > p").textContent};
})()`

// piecePixels counts the pixels of each piece in a picture of the view:
// a piece's pixels are its fill darkened by the light, in proportion
// (edges, darker still, and the blends at the outline are not counted).
func piecePixels(t *testing.T, dataURL string, pieces []gallery.SitePiece) (counts map[string]int, drawn int) {
	t.Helper()
	data, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(dataURL, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	fills := map[string][3]float64{}
	for _, p := range pieces {
		var f [3]float64
		for i := range f {
			v, err := strconv.ParseUint(p.Fill[1+2*i:3+2*i], 16, 8)
			if err != nil {
				t.Fatalf("%s's fill %q: %v", p.Name, p.Fill, err)
			}
			f[i] = float64(v)
		}
		fills[p.Name] = f
	}
	counts = map[string]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := rgbaAt(img, x, y)
			if c[3] == 0 {
				continue
			}
			drawn++
			best, name := 4.0, ""
			for _, p := range pieces {
				f := fills[p.Name]
				k := (c[0]*f[0] + c[1]*f[1] + c[2]*f[2]) / (f[0]*f[0] + f[1]*f[1] + f[2]*f[2])
				if k < 0.45 || k > 1.01 {
					continue
				}
				off := max(math.Abs(c[0]-k*f[0]), math.Abs(c[1]-k*f[1]), math.Abs(c[2]-k*f[2]))
				if off < best {
					best, name = off, p.Name
				}
			}
			if name != "" {
				counts[name]++
			}
		}
	}
	return counts, drawn
}

// rgbaAt is the colour at x, y, not premultiplied, from 0 to 255.
func rgbaAt(img image.Image, x, y int) [4]float64 {
	r, g, b, a := img.At(x, y).RGBA()
	if a == 0 {
		return [4]float64{}
	}
	f := func(v uint32) float64 { return float64(v) * 255 / float64(a) }
	return [4]float64{f(r), f(g), f(b), float64(a) / 257}
}

// In a solid's gallery, opened in Chromium with WebGL and without it (the
// 2-D canvas), a solution opens in a view that turns: it draws the
// solution, several pieces in their colours; a drag turns it (its angles
// and its pixels change); a step back hides the last piece (its colour
// leaves the picture) and a step on shows it again (the picture comes
// back as it was). Both renderers show each piece about as much.
func TestSolidSiteTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path, _ := somaSite(t)
	pieces := pageSolids(t, path)[0]
	last := pieces[len(pieces)-1].Name
	shown := map[string][2]map[string]int{} // by renderer: each piece's pixels, first and turned
	for _, tc := range []struct {
		renderer string
		flags    []chromedp.ExecAllocatorOption
	}{
		// SwiftShader, the software renderer Chromium ships, where no GPU
		// is: newer versions give WebGL on it only when told.
		{"webgl", []chromedp.ExecAllocatorOption{chromedp.Flag("use-angle", "swiftshader"), chromedp.Flag("enable-unsafe-swiftshader", true)}},
		{"2d", []chromedp.ExecAllocatorOption{chromedp.Flag("disable-webgl", true)}},
	} {
		t.Run(tc.renderer, func(t *testing.T) {
			ctx := browser(t, tc.flags...)
			problems := watchConsole(t, ctx)
			state := func() turnState {
				t.Helper()
				s, err := chromedp.Run(ctx, chromedp.Evaluate[turnState](turnStateJS))
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(chromedp.ID("solution-1")),
				chromedp.Click(chromedp.ID("solution-1")), chromedp.WaitVisible(chromedp.CSS("#big .turn canvas")))
			if err != nil {
				t.Fatal(err)
			}
			start := state()
			if start.Renderer != tc.renderer || start.Shown != "7" || start.Status != "all 7 pieces" {
				t.Fatalf("the view draws with %q, %s pieces shown (%q); want %s, 7", start.Renderer, start.Shown, start.Status, tc.renderer)
			}
			var names []string
			for _, p := range pieces {
				names = append(names, p.Name)
			}
			if !slices.Equal(start.Legend, names) || len(start.Off) != 0 {
				t.Errorf("the legend names %v, %v hidden; want %v, none", start.Legend, start.Off, names)
			}
			counts, drawn := piecePixels(t, start.URL, pieces)
			if drawn < 640*640/10 || len(counts) < 3 {
				t.Fatalf("the view draws %d pixels, with the colours of %d pieces (%v): want a tenth of the canvas, 3 pieces", drawn, len(counts), counts)
			}

			// A drag to the right and down turns it.
			err = chromedp.Do(ctx,
				chromedp.MouseEvent(chromedp.MousePressed, start.X, start.Y, chromedp.ButtonLeft),
				chromedp.MouseEvent(chromedp.MouseMoved, start.X+60, start.Y+10, chromedp.ButtonLeft),
				chromedp.MouseEvent(chromedp.MouseMoved, start.X+120, start.Y+20, chromedp.ButtonLeft),
				chromedp.MouseEvent(chromedp.MouseReleased, start.X+120, start.Y+20, chromedp.ButtonLeft))
			if err != nil {
				t.Fatal(err)
			}
			turned := state()
			if turned.Yaw != "20" || turned.Pitch != "40" || turned.URL == start.URL {
				t.Errorf("after a drag of 120 × 20 pixels from yaw %s, pitch %s: yaw %s, pitch %s (want 20, 40), picture changed: %v",
					start.Yaw, start.Pitch, turned.Yaw, turned.Pitch, turned.URL != start.URL)
			}
			before, _ := piecePixels(t, turned.URL, pieces)
			shown[tc.renderer] = [2]map[string]int{counts, before}
			if before[last] == 0 {
				t.Fatalf("the last piece, %s, is not seen in the view turned (%v): turn it elsewhere", last, before)
			}

			// A step back (the - key) hides the last piece; a step on (the
			// button) shows it again.
			if err := chromedp.Do(ctx, chromedp.KeyEvent("-")); err != nil {
				t.Fatal(err)
			}
			hidden := state()
			after, _ := piecePixels(t, hidden.URL, pieces)
			if hidden.Shown != "6" || after[last] != 0 || !strings.HasSuffix(hidden.Status, "the last "+pieces[5].Name) {
				t.Errorf("a step back shows %s pieces (%q), %d pixels of %s: want 6, none", hidden.Shown, hidden.Status, after[last], last)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.Search(`//div[@class="turn"]//button[contains(., "+ piece")]`))); err != nil {
				t.Fatal(err)
			}
			again := state()
			if again.Shown != "7" || again.URL != turned.URL {
				t.Errorf("a step on shows %s pieces, the picture as before: %v", again.Shown, again.URL == turned.URL)
			}
			if !slices.Equal(hidden.Off, []string{last}) || len(again.Off) != 0 {
				t.Errorf("the legend shows %v hidden after a step back, %v after a step on; want [%s], none", hidden.Off, again.Off, last)
			}
			// The legend builds the solution up to a piece; the arrow
			// keys turn the view that has the focus, and go to no other
			// solution.
			err = chromedp.Do(ctx, chromedp.Click(chromedp.Search(`//div[@class="turn"]//li[3]/button`)),
				chromedp.Focus(chromedp.CSS("#big .turn canvas")), chromedp.KeyEvent(kb.ArrowLeft))
			if err != nil {
				t.Fatal(err)
			}
			if built := state(); built.Shown != "3" || !slices.Equal(built.Off, names[3:]) || built.Yaw != "10" || !strings.HasPrefix(built.Caption, "1 ") {
				t.Errorf("after a click on the legend's third piece and the left arrow: %s pieces shown (%v hidden), yaw %s, solution %q; want 3, yaw 10, solution 1",
					built.Shown, built.Off, built.Yaw, built.Caption)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.Search(`//div[@class="turn"]//li[7]/button`)),
				chromedp.Focus(chromedp.CSS("#big .turn canvas")), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatal(err)
			}
			if back := state(); back.URL != again.URL || back.Yaw != again.Yaw {
				t.Errorf("all the pieces shown and the view turned back: not the picture it was")
			}
			// A touch dragged back turns it back: the first picture again.
			touch := func(typ input.DispatchTouchEventType, x, y float64) chromedp.Action[chromedp.Void] {
				return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					var points []*input.TouchPoint
					if typ != input.DispatchTouchEventTypeTouchEnd {
						points = []*input.TouchPoint{{X: x, Y: y}}
					}
					_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points})
					return err
				})
			}
			err = chromedp.Do(ctx,
				chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true})
					return err
				}),
				touch(input.DispatchTouchEventTypeTouchStart, start.X, start.Y),
				touch(input.DispatchTouchEventTypeTouchMove, start.X-60, start.Y-10),
				touch(input.DispatchTouchEventTypeTouchMove, start.X-120, start.Y-20),
				touch(input.DispatchTouchEventTypeTouchEnd, 0, 0))
			if err != nil {
				t.Fatal(err)
			}
			back := state()
			if back.Yaw != start.Yaw || back.Pitch != start.Pitch || back.URL != start.URL {
				t.Errorf("after a touch dragged back: yaw %s, pitch %s (want %s, %s), the first picture again: %v",
					back.Yaw, back.Pitch, start.Yaw, start.Pitch, back.URL == start.URL)
			}
			if dir := os.Getenv("POLYTILE_SCREENSHOT"); dir != "" && tc.renderer == "webgl" {
				// The documentation's picture: the solution turned, built
				// up to its fifth piece.
				err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#big button[autofocus]")), chromedp.KeyEvent("-"), chromedp.KeyEvent("-"),
					chromedp.MouseEvent(chromedp.MousePressed, start.X, start.Y, chromedp.ButtonLeft),
					chromedp.MouseEvent(chromedp.MouseMoved, start.X+30, start.Y, chromedp.ButtonLeft),
					chromedp.MouseEvent(chromedp.MouseReleased, start.X+30, start.Y, chromedp.ButtonLeft),
					chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
				if err != nil {
					t.Fatal(err)
				}
				shot, err := chromedp.Run(ctx, chromedp.Screenshot("#big"))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "gallery-3d.png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if p := problems(); p != nil {
				t.Errorf("the page wrote to its console: %v", p)
			}
		})
	}
	// The two renderers draw the same faces, in the same order of depth:
	// each piece covers about as many pixels in both, at both angles.
	gl, flat := shown["webgl"], shown["2d"]
	for k := range 2 {
		for _, p := range pieces {
			if a, b := gl[k][p.Name], flat[k][p.Name]; gl[k] != nil && flat[k] != nil && math.Abs(float64(a-b)) > 0.15*float64(max(a, b))+200 {
				t.Errorf("view %d: %s covers %d pixels in WebGL and %d on the 2-D canvas", k+1, p.Name, a, b)
			}
		}
	}
}
