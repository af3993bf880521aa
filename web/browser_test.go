package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/ruleplay/ruleplay/record"
)

// chromiumPath finds a Chromium (or Chrome) binary, "" when there is none.
func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserCtx starts a headless Chromium that reaches no network but the
// test server.
func browserCtx(t *testing.T) context.Context {
	bin := chromiumPath()
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no chromium binary found on PATH under CI (CI is set): the browser tests must run there (Debian: apt-get install chromium)")
		}
		t.Skip("no chromium binary found on PATH (Debian: apt-get install chromium); the browser tests need one")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1180, 800),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute) // a bound for a stuck browser, not a speed test
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx
}

// page drives the page of one test.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression.
func (p page) eval(js string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// wait waits until a JavaScript expression is true.
func (p page) wait(js string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (status %q, error %q)", js, err, p.eval(`document.getElementById("status").textContent`), p.eval(`document.getElementById("error").textContent + document.getElementById("diag").textContent`))
	}
}

// start picks a game, its options (NAME=VALUE ...) and the seats
// ("human", "mcts", ...), and starts it.
func (p page) start(game, options string, seats ...string) {
	p.t.Helper()
	p.begin(game, options, seats...)
	p.wait(`document.body.dataset.ply === "0" && document.getElementById("title").textContent !== ""`)
}

// begin sets up a game as start does and clicks New, without waiting:
// computers at full speed may be past ply 0 before a wait could see it.
func (p page) begin(game, options string, seats ...string) {
	p.t.Helper()
	js := `(() => { const g = document.getElementById("game"); g.value = "` + game + `"; g.dispatchEvent(new Event("change"));`
	for _, o := range strings.Fields(options) {
		name, value, _ := strings.Cut(o, "=")
		js += `document.querySelector('[data-option="` + name + `"]').value = "` + value + `";`
	}
	for i, s := range seats {
		js += `{ const s = document.getElementById("seat` + itoa(i) + `"); s.value = "` + s + `"; s.dispatchEvent(new Event("change")); }`
		js += `document.getElementById("think` + itoa(i) + `").value = "100";`
	}
	js += `document.body.dataset.ply = "none"; return "ok"; })()`
	p.eval(js)
	p.do(chromedp.Click(chromedp.CSS("#new")))
}

// click clicks a cell of the board.
func (p page) click(cell string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(`#board [data-cell="` + cell + `"] .hl`)))
}

// lit lists the cells lit as the next click, in order.
func (p page) lit() string {
	return p.eval(`Array.from(document.querySelectorAll("#board .cell.target")).map(e => e.dataset.cell).sort().join(" ")`)
}

func (p page) moves() string {
	return p.eval(`Array.from(document.querySelectorAll("#moves li")).map(e => e.textContent).join(" ")`)
}

func (p page) waitPly(n int) {
	p.t.Helper()
	p.wait(`document.body.dataset.ply === "` + itoa(n) + `" && !document.body.dataset.busy`)
}

// TestBrowser plays at the page in headless Chromium: Salta, Leap Frog,
// Crossings and Jumpwings by clicking, undo, an mcts answer, a record
// downloaded and replayed, a typed move, computers watched to the end.
// With RULEPLAY_SCREENSHOT=FILE it saves a screenshot of the page there
// (docs/serve.png).
func TestBrowser(t *testing.T) {
	ctx := browserCtx(t)
	srv, err := New(Config{Files: []string{"testdata/tiny.rules"}, Engine: "ruleplay test"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	p := page{t, ctx}
	downloads := t.TempDir()
	p.do(
		chromedp.Navigate(ts.URL),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
			})
			return err
		}),
	)
	p.wait(`document.getElementById("game").options.length > 0`)
	p.saltaUndo()
	moves := p.saltaMCTS()
	p.replayDownload(filepath.Join(downloads, "salta.yaml"), moves)
	p.replayBad()
	p.replayPDN()
	p.leapFrogChain()
	p.crossingsGroup()
	p.typed()
	p.watch()
	p.seatsByOption()
	p.jumpwings()
	if shot := os.Getenv("RULEPLAY_SCREENSHOT"); shot != "" {
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Each new game closed the one before it; leaving the page closes the last.
	if n := openGames(srv); n != 1 {
		t.Errorf("%d games open, want 1", n)
	}
	p.do(chromedp.Navigate("about:blank"))
	for deadline := time.Now().Add(20 * time.Second); openGames(srv) != 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d games still open after leaving the page", openGames(srv))
		}
	}
}

func openGames(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.open)
}

// saltaUndo: Salta between two people; a piece's destinations light up;
// undo takes back one move.
func (p page) saltaUndo() {
	t := p.t
	p.start("salta", "", "human", "human")
	if got := p.eval(`document.getElementById("status").textContent`); got != "green to move (human)" {
		t.Errorf("status: %q", got)
	}
	p.click("c3")
	if got := p.lit(); got != "b4 d4" {
		t.Errorf("after clicking c3, lit: %q, want %q", got, "b4 d4")
	}
	p.click("d4")
	p.waitPly(1)
	p.click("h8")
	p.click("g7")
	p.waitPly(2)
	if got := p.moves(); got != "c3-d4 h8-g7" {
		t.Errorf("moves: %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#undo")))
	p.waitPly(1)
	if got := p.moves(); got != "c3-d4" {
		t.Errorf("moves after undo: %q", got)
	}
}

// saltaMCTS: Salta against mcts, which answers by itself; it returns the
// moves.
func (p page) saltaMCTS() []string {
	t := p.t
	p.start("salta", "", "human", "mcts")
	p.click("c3")
	p.click("d4")
	p.waitPly(2)
	moves := strings.Fields(p.moves())
	if len(moves) != 2 || moves[0] != "c3-d4" {
		t.Fatalf("moves after mcts answered: %q", moves)
	}
	if got := p.eval(`document.getElementById("status").textContent`); got != "green to move (human)" {
		t.Errorf("status after mcts answered: %q", got)
	}
	return moves
}

// replayDownload downloads the record of the game (to file), then loads it
// to replay it.
func (p page) replayDownload(file string, moves []string) {
	t := p.t
	p.do(chromedp.Click(chromedp.CSS("#download")))
	var rec *record.Record
	for deadline := time.Now().Add(20 * time.Second); ; {
		if data, err := os.ReadFile(file); err == nil {
			if rec, err = record.Parse(data, file); err == nil {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no record downloaded at %s", file)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if rec.Game != "salta" || strings.Join(rec.Moves, " ") != strings.Join(moves, " ") || rec.Seats["green"] != "human" || rec.Seats["red"] != "mcts" || rec.Result != nil {
		t.Errorf("downloaded record: %+v", rec)
	}
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#load"), []string{file}))
	p.wait(`!document.getElementById("replay").hidden`)
	if got := p.eval(`document.getElementById("rverdict").textContent + " | " + document.getElementById("rslider").max + " | " + document.getElementById("rstatus").textContent`); got != "check: ok | 2 | 2. "+moves[1]+"; green to move" {
		t.Errorf("replay: %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#rfirst")), chromedp.Click(chromedp.CSS("#rnext")))
	if got := p.eval(`document.getElementById("rstatus").textContent`); got != "1. c3-d4; red to move" {
		t.Errorf("replay, one step from the start: %q", got)
	}
	// Play on from there, with the seats of the setup panel: mcts answers.
	p.eval(`(() => { document.body.dataset.ply = "none"; return "ok"; })()`)
	p.do(chromedp.Click(chromedp.CSS("#rplay")))
	p.waitPly(2)
	if got := strings.Fields(p.moves()); len(got) != 2 || got[0] != "c3-d4" {
		t.Errorf("moves after playing on from a replay: %q", got)
	}
}

// replayBad: a record that fails the check shows where and why, and the
// positions up to there.
func (p page) replayBad() {
	t := p.t
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("game: salta\nmoves: [c3-d4, h8-g8]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#load"), []string{bad}))
	p.wait(`!document.getElementById("replay").hidden && document.getElementById("rtitle").textContent === "Salta"`)
	if got := p.eval(`document.getElementById("rverdict").textContent + " | " + document.getElementById("rslider").max`); got != `check: disagrees: bad.yaml:2:16: move 2, h8-g8, is not legal (red to move) | 1` {
		t.Errorf("replay of a bad record: %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#rclose")))
}

// replayPDN: a PDN file's games are listed; the first is replayed, and
// picking the second replays it up to its illegal move.
func (p page) replayPDN() {
	t := p.t
	file := filepath.Join(t.TempDir(), "two.pdn")
	if err := os.WriteFile(file, []byte(twoGames), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#load"), []string{file}))
	p.wait(`!document.getElementById("replay").hidden && !document.getElementById("rgamesbox").hidden`)
	list := `Array.from(document.getElementById("rgames").options).map(o => o.textContent).join(" / ")`
	if got := p.eval(list + ` + " | " + document.getElementById("rverdict").textContent + " | " + document.getElementById("rslider").max`); got !=
		`1. Ann - Bob, Open (1-1), 4 moves / 2. Blitz, 2 moves ⚠ two.pdn:12:19: game 2: move 3 28-22: not legal: no legal move goes this way | check: ok | 4` {
		t.Errorf("replay of a PDN file: %q", got)
	}
	p.eval(`(() => { const s = document.getElementById("rgames"); s.value = "2"; s.dispatchEvent(new Event("change")); return "ok"; })()`)
	p.wait(`document.getElementById("rverdict").textContent.startsWith("check: disagrees")`)
	if got := p.eval(`document.getElementById("rverdict").textContent + " | " + document.getElementById("rslider").max`); got !=
		`check: disagrees: two.pdn:12:19: game 2: move 3 28-22: not legal: no legal move goes this way | 2` {
		t.Errorf("game 2 of a PDN file: %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#rclose")))
}

// leapFrogChain: removals are one click; a chain goes landing by landing,
// and may stop where a shorter move ends.
func (p page) leapFrogChain() {
	t := p.t
	p.start("leapfrog", "size=6x6", "human", "human")
	for i, m := range [][]string{{"f2"}, {"f5"}, {"d5", "f5"}, {"b5", "d5"}} {
		for _, c := range m {
			p.click(c)
		}
		p.waitPly(i + 1)
	}
	p.click("e3")
	if got := p.lit(); got != "e5" {
		t.Errorf("Leap Frog, after clicking e3, lit: %q", got)
	}
	p.click("e5")
	if got := p.lit() + " | " + p.eval(`document.getElementById("finish").textContent`); got != "c5 | play e3-e5" {
		t.Errorf("Leap Frog, after clicking e3 e5, lit and offered: %q", got)
	}
	p.click("c5")
	p.waitPly(5)
	if got := p.moves(); got != "xf2 xf5 d5-f5 b5-d5 e3-e5-c5" {
		t.Errorf("Leap Frog moves: %q", got)
	}
}

// crossingsGroup: a group move is its tail, its head, then where the head
// goes.
func (p page) crossingsGroup() {
	t := p.t
	p.start("crossings", "", "human", "human")
	p.click("a1")
	if got := p.lit(); got != "a2 b2" {
		t.Errorf("Crossings, after clicking a1, lit: %q", got)
	}
	p.click("a2")
	if got := p.lit(); got != "a3 a4" {
		t.Errorf("Crossings, after clicking a1 a2, lit: %q", got)
	}
	p.click("a4")
	p.waitPly(1)
	if got := p.moves(); got != "a1:a2-a4" {
		t.Errorf("Crossings moves: %q", got)
	}
}

// typed: a typed move is played; an illegal one gets the closest.
func (p page) typed() {
	t := p.t
	p.start("leapfrog", "size=6x6", "human", "human")
	p.do(chromedp.SendKeys(chromedp.CSS("#movetext"), "xf2\n"))
	p.waitPly(1)
	p.do(chromedp.SendKeys(chromedp.CSS("#movetext"), "xf55\n"))
	p.wait(`document.getElementById("error").textContent !== ""`)
	if got := p.eval(`document.getElementById("error").textContent`); got != `"xf55" is not a legal move (p2 to move); did you mean xf5?` {
		t.Errorf("an illegal typed move: %q", got)
	}
	p.eval(`(() => { document.getElementById("movetext").value = ""; return "ok"; })()`)
}

// watch: two computers play a game to its end at full speed.
func (p page) watch() {
	p.eval(`(() => { const s = document.getElementById("speed"); s.value = "0"; s.dispatchEvent(new Event("input")); return "ok"; })()`)
	p.begin("tiny", "", "random", "greedy")
	p.wait(`document.body.dataset.ply !== "none" && document.getElementById("title").textContent !== "" && document.getElementById("status").textContent.startsWith("Result: ")`)
}

// seatsByOption: an option that changes the number of players (Capture's
// players) changes the seats offered; a game started then has them all.
func (p page) seatsByOption() {
	t := p.t
	p.eval(`(() => { const g = document.getElementById("game"); g.value = "capture"; g.dispatchEvent(new Event("change")); return "ok"; })()`)
	p.wait(`document.querySelectorAll("#seats select").length === 2`)
	p.eval(`(() => { const o = document.querySelector('[data-option="players"]'); o.value = "3"; o.dispatchEvent(new Event("change")); return "ok"; })()`)
	p.wait(`document.querySelectorAll("#seats select").length === 3`)
	p.eval(`(() => { for (const s of document.querySelectorAll("#seats select")) { s.value = "random"; s.dispatchEvent(new Event("change")); } document.body.dataset.ply = "none"; return "ok"; })()`)
	p.do(chromedp.Click(chromedp.CSS("#new")))
	p.wait(`document.body.dataset.ply !== "none" && document.getElementById("title").textContent !== ""`)
	if got := p.eval(`Array.from(document.querySelectorAll("#seats .seat")).map(e => e.firstChild.textContent.trim()).join(" ")`); got != "p1 p2 p3" {
		t.Errorf("seats %q, want p1 p2 p3", got)
	}
	p.wait(`document.getElementById("status").textContent.startsWith("Result: ")`)
}

// jumpwings: a hex board with stacks, against mcts, then between two
// people: a frog climbs onto a cat (a stack of two), and its moves from the
// top of the stack light up.
func (p page) jumpwings() {
	t := p.t
	p.start("jumpwings", "", "human", "mcts")
	p.click("c2")
	if got := p.lit(); got != "a2 b4 d4" {
		t.Errorf("Jumpwings, after clicking c2, lit: %q, want %q", got, "a2 b4 d4")
	}
	p.click("b4")
	p.waitPly(2)
	if got := strings.Fields(p.moves()); len(got) != 2 || got[0] != "c2-b4" {
		t.Errorf("Jumpwings moves: %q", got)
	}
	p.start("jumpwings", "", "human", "human")
	for i, m := range [][2]string{{"c2", "b4"}, {"d6", "c4"}, {"b3", "b4"}, {"c4", "d4"}} {
		p.click(m[0])
		p.click(m[1])
		p.waitPly(i + 1)
	}
	if got := p.eval(`document.querySelector('#board .stack[data-height="2"] text').textContent`); got != "F" {
		t.Errorf("Jumpwings, the top of the stack of two: %q", got)
	}
	p.click("b4")
	if got := p.lit(); got != "a4 b3 b5 c3 c4 c5" {
		t.Errorf("Jumpwings, after clicking b4, lit: %q", got)
	}
}
