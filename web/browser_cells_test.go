package web

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserCells plays at the page by the moves' cells: every bundled
// game's first move clicked, an international draughts king capture
// clicked landing by landing (and its two moves ending on one cell
// offered when the end is clicked at once), a Chinese Checkers chain, a
// Conspirateurs drop with its shelters drawn, a Crossings group by its
// head, a click that fits no move, keyboard play, Restart's
// confirmation, a rules file fixed and broken while the page is open,
// and the board fitting a phone's and a desktop's screen. With
// RULEPLAY_SCREENSHOTS=DIR it saves the screenshots there.
func TestBrowserCells(t *testing.T) {
	ctx := browserCtx(t)
	edit := filepath.Join(t.TempDir(), "editme.rules")
	if err := os.WriteFile(edit, []byte("game: \"Edit me\"\nboard {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Files: []string{edit}, Engine: "ruleplay test"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	p := page{t, ctx}
	p.do(chromedp.Navigate(ts.URL))
	p.wait(`document.getElementById("game").options.length > 0`)
	p.everyGame()
	p.kingCapture()
	p.shot(os.Getenv("RULEPLAY_SCREENSHOTS"), "king-capture")
	p.chineseChain()
	p.conspirateursDrop()
	p.crossingsHead()
	p.keyboard()
	p.restartAsks()
	p.fileFixed(edit)
	p.screens(os.Getenv("RULEPLAY_SCREENSHOTS"))
}

// clickMove clicks the cells of legal move i (the server's move data),
// then its button when the cells leave a choice, and waits for the move.
func (p page) clickMove(i int) string {
	p.t.Helper()
	ply := p.eval(`String(game.ply)`)
	text := p.eval(`game.legal[` + itoa(i) + `]`)
	for _, c := range strings.Fields(p.eval(`game.move_cells[` + itoa(i) + `].cells.map(c => game.board.cells[c].name).join(" ")`)) {
		p.click(c)
	}
	if p.eval(`String(game.ply)`) == ply {
		p.eval(`(() => { for (const b of document.querySelectorAll("#pending button")) if (b.textContent === "play ` + text + `") b.click(); return "ok"; })()`)
	}
	p.wait(`String(game.ply) !== "` + ply + `" && !document.body.dataset.busy`)
	return text
}

// everyGame: every bundled game takes its first move by clicks.
func (p page) everyGame() {
	t := p.t
	for _, g := range strings.Fields(p.eval(`catalog.games.filter(g => g.source === "bundled").map(g => g.name).join(" ")`)) {
		p.start(g, "", "human", "human")
		i := p.eval(`String(game.move_cells.findIndex(d => d.kind !== "pass"))`)
		if i == "-1" {
			t.Errorf("%s: no move to click", g)
			continue
		}
		text := p.clickMove(atoi(i))
		if got := p.moves(); got != text {
			t.Errorf("%s: moves %q after clicking %s", g, got, text)
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// startAt starts a game between two people from a position text.
func (p page) startAt(game, position string) {
	p.t.Helper()
	p.eval(`(() => { document.getElementById("position").value = "` + position + `"; return "ok"; })()`)
	p.start(game, "", "human", "human")
	p.eval(`(() => { document.getElementById("position").value = ""; return "ok"; })()`)
}

// kingCapture: two king captures from a1 end on j4; clicking j4 at once
// offers both, clicking landing by landing plays one, drawn along its
// path with its captures marked.
func (p page) kingCapture() {
	t := p.t
	pos := "5/5/5/5/5/5/2m2/1mm1m/5/K4 white"
	p.startAt("draughts-international", pos)
	p.click("a1")
	if got := p.lit(); got != "d4 e5" {
		t.Errorf("king capture, after a1, lit %q", got)
	}
	p.click("j4")
	if got := p.eval(`Array.from(document.querySelectorAll("#pending button.finish")).map(b => b.textContent).join(" | ")`); got != "play a1-j4xc3xe3xi3 | play a1-j4xc3xf4xi3" {
		t.Errorf("king capture, a1 then j4 offers %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS(`#pending button:last-child`))) // cancel
	for _, c := range []string{"a1", "d4", "g1"} {
		p.click(c)
	}
	if got := p.lit() + " | " + p.eval(`Array.from(document.querySelectorAll("#board .cell.capture")).map(e => e.dataset.cell).sort().join(" ")`); got != "j4 | c3 e3 i3" {
		t.Errorf("king capture, after a1 d4 g1: lit and captures %q", got)
	}
	p.click("j4")
	p.waitPly(1)
	if got := p.moves(); got != "a1-j4xc3xe3xi3" {
		t.Errorf("king capture played: %q", got)
	}
	if got := p.eval(`document.querySelector("#last-move polyline").getAttribute("points").split(" ").length + " | " + Array.from(document.querySelectorAll("#board .captured")).map(e => e.dataset.cell).sort().join(" ")`); got != "4 | c3 e3 i3" {
		t.Errorf("the last move drawn: %q (points of its path | captured cells)", got)
	}
}

// chineseChain: a chain of hops, clicked landing by landing.
func (p page) chineseChain() {
	t := p.t
	p.start("chinese-checkers", "", "human", "human")
	for i, m := range []string{"a4-f5", "a14-e13", "a2-f6", "c14-d12", "a3-e7"} {
		p.do(chromedp.SendKeys(chromedp.CSS("#movetext"), m+"\n"))
		p.waitPly(i + 1)
	}
	for _, c := range []string{"b15", "f13", "d13"} {
		p.click(c)
	}
	if got := p.lit(); !strings.Contains(" "+got+" ", " d11 ") {
		t.Errorf("Chinese Checkers, after b15 f13 d13, lit %q", got)
	}
	p.click("d11")
	p.waitPly(6)
	if got := p.eval(`String(document.querySelector("#last-move polyline").getAttribute("points").split(" ").length)`); got != "4" {
		t.Errorf("Chinese Checkers chain drawn through %s cells", got)
	}
	if got := p.eval(`document.body.querySelector("#counts").textContent.includes("captured") ? "column" : "none"`); got != "none" {
		t.Errorf("Chinese Checkers captures nothing, but the page has a captured %s", got)
	}
}

// conspirateursDrop: a drop is a click on an empty cell; the shelters,
// which the goal reads, are drawn with a legend; the board is not a
// checkerboard.
func (p page) conspirateursDrop() {
	t := p.t
	p.start("conspirateurs", "", "human", "human")
	if got := p.eval(`String(document.querySelectorAll('#board .zone[data-zone="shelters (goal)"]').length) + " | " + document.getElementById("legend").textContent`); got != "39 | shelters (goal)" {
		t.Errorf("Conspirateurs zones drawn: %q", got)
	}
	if got := p.eval(`String(Array.from(document.querySelectorAll("#board .cell rect")).filter(r => r.getAttribute("fill") === "#b58863").length)`); got != "0" {
		t.Errorf("Conspirateurs drawn with %s dark cells", got)
	}
	p.click("g9")
	p.waitPly(1)
	if got := p.moves(); got != "@g9" {
		t.Errorf("Conspirateurs drop: %q", got)
	}
}

// crossingsHead: a group moved by its head then its destination; a click
// that fits no move says so.
func (p page) crossingsHead() {
	t := p.t
	p.start("crossings", "", "human", "human")
	p.click("a2")
	p.click("a4")
	p.waitPly(1)
	if got := p.moves(); got != "a1:a2-a4" {
		t.Errorf("Crossings by the head: %q", got)
	}
	p.click("h7")
	p.click("h3")
	if got := p.eval(`document.getElementById("feedback").textContent`); !strings.HasPrefix(got, "h7 then h3 fits no move.") || !strings.Contains(got, "tail, its head") {
		t.Errorf("a click that fits no move: %q", got)
	}
}

// keyboard: the arrow keys move over the board, Enter picks a cell.
func (p page) keyboard() {
	t := p.t
	p.start("breakthrough", "", "human", "human")
	p.click("b2")
	p.do(chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.Enter))
	p.waitPly(1)
	if got := p.moves(); got != "b2-c3" {
		t.Errorf("moves by keyboard: %q", got)
	}
	if got := p.eval(`document.querySelector('#board [data-cell="c3"]').getAttribute("aria-label")`); got != "c3: white pawn" {
		t.Errorf("c3's label: %q", got)
	}
	// Flip: a1 goes to the top right.
	rowOf := `(c) => document.querySelector('#board [data-cell="' + c + '"] .hl').getBoundingClientRect().top`
	p.do(chromedp.Click(chromedp.CSS("#flip")))
	if got := p.eval(`String((` + rowOf + `)("a1") < (` + rowOf + `)("a8"))`); got != "true" {
		t.Errorf("flipped, a1 is above a8: %s", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#flip")))
}

// restartAsks: Restart asks before it restarts.
func (p page) restartAsks() {
	p.do(chromedp.Click(chromedp.CSS("#restart")))
	if got := p.eval(`document.getElementById("restart").textContent + " | " + game.ply`); got != "Restart? Click again | 1" {
		p.t.Errorf("after one click on Restart: %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#restart")))
	p.waitPly(0)
}

// fileFixed: a rules file broken when the page loaded can be started
// once fixed, without a reload; broken again during a game, its
// diagnostics show beside the board, which stays.
func (p page) fileFixed(file string) {
	t := p.t
	p.eval(`(() => { const g = document.getElementById("game"); g.value = "editme"; g.dispatchEvent(new Event("change")); return "ok"; })()`)
	if got := p.eval(`String(document.getElementById("new").disabled)`); got != "true" {
		t.Errorf("Start with a broken file: disabled %s", got)
	}
	tiny, err := os.ReadFile("testdata/tiny.rules")
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second)
	write := func(data []byte, at time.Time) {
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, at, at); err != nil {
			t.Fatal(err)
		}
	}
	write(tiny, later)
	p.wait(`!document.getElementById("new").disabled`)
	p.start("editme", "", "human", "human")
	write([]byte("game: \"Edit me\"\nboard {\n"), later.Add(2*time.Second))
	p.wait(`!document.getElementById("diag").hidden`)
	if got := p.eval(`String(document.querySelectorAll("#board .cell").length) + " " + document.getElementById("play").hidden`); got != "9 false" {
		t.Errorf("the board after the file broke: %q", got)
	}
}

// screens: at a phone's size and a desktop's, the widest boards fit the
// screen's width, and the player to move shows in the first screen.
func (p page) screens(dir string) {
	t := p.t
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		p.do(chromedp.EmulateViewport(size.w, size.h))
		for _, g := range []string{"conspirateurs", "chinese-checkers", "leapfrog"} {
			p.start(g, "", "human", "human")
			got := p.eval(`(() => { if (window.scrollY !== 0) return "not scrolled to the board: " + window.scrollY; const b = document.getElementById("board").getBoundingClientRect(), s = document.getElementById("status").getBoundingClientRect();
				return (b.right <= innerWidth + 0.5 && b.bottom <= innerHeight + 0.5 ? "fits" : "board " + Math.round(b.right) + "x" + Math.round(b.bottom)) + " " + (s.bottom <= innerHeight ? "status" : "status at " + Math.round(s.top)); })()`)
			if got != "fits status" {
				t.Errorf("%s at %dx%d: %s", g, size.w, size.h, got)
			}
			if size.name == "desktop" {
				if side := p.eval(`String(document.querySelector("#play aside").getBoundingClientRect().top < document.getElementById("board").getBoundingClientRect().bottom)`); side != "true" {
					t.Errorf("%s at %dx%d: the side panel is below the board", g, size.w, size.h)
				}
			}
			p.shot(dir, g+"-"+size.name)
		}
	}
}

// shot saves a screenshot of the page as dir/name.png (no dir: none).
func (p page) shot(dir, name string) {
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}
