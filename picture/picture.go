// Package picture draws a game position as an SVG image.
//
// It knows boards and pieces only through a small, plain View (cells with
// board coordinates, stacks of pieces with an owner and a label, the last
// move's path), so that it depends on neither the rules language nor the
// interpreter: the caller fills a View from whatever it has.
//
// Square boards are drawn as chequered squares (cells that are not part of
// the board stay plain light squares); hex boards of centred rows as
// pointy-top hexagons laid out from the notation's half-cell coordinates.
// Pieces are discs in their owner's colour (the colour a player is named
// after when that is a colour name, as in "black" and "white", else one of
// a fixed palette in turn order; neutral pieces take the colour their kind
// is named after when that is a colour name, else grey) with their label; a stack shows its top piece, slightly offset discs for the
// pieces below, and its height. The last move's cells are outlined and
// joined by an arrow. The title and the caption are written under the
// board, one line each, and the picture is made wide enough for them.
package picture

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
)

// View is what is drawn.
type View struct {
	Title   string
	Hex     bool // hex board of centred rows; else square
	Width   int  // square: files; hex: cells in the longest row
	Height  int  // square: ranks; hex: rows
	Cells   []Cell
	Players []string
	// Last is the last move's path as indices into Cells (empty: none).
	Last []int
	// Caption is printed under the board (whose turn, or the result).
	Caption string
}

// Cell is one cell of the board and its stack, bottom first.
type Cell struct {
	Name  string
	X, Y  int // board coordinates as in package ir
	Stack []Piece
}

// Piece is one piece.
type Piece struct {
	Owner int    // player index, or -1 for a neutral piece
	Kind  string // kind name
	Label string // what is written on it ("S3", "K")
}

const (
	unit     = 48.0 // square cell side, hex cell width
	margin   = 28.0
	fontSize = 14.0 // title and caption
)

var ownerFill = []string{"#f4efe1", "#2b2b2b", "#c0392b", "#2e86c1", "#27ae60", "#8e44ad"}
var ownerText = []string{"#222", "#f4efe1", "#fff", "#fff", "#fff", "#fff"}

var colourNames = map[string]string{
	"white": "#f7f7f7", "black": "#222222", "red": "#d33b2c", "green": "#2f9e44", "blue": "#2f6fd3",
	"yellow": "#f2c12e", "orange": "#f08c2e", "purple": "#8e44ad", "brown": "#8b5a2b", "grey": "#8a8a8a", "gray": "#8a8a8a",
	"pink": "#e78fb3",
}

// SVG writes the picture.
func SVG(w io.Writer, v View) error {
	var b strings.Builder
	centres := make([][2]float64, len(v.Cells))
	var width, height float64
	if v.Hex {
		width, height = hexLayout(v, centres)
	} else {
		width, height = squareLayout(v, centres)
	}
	var lines []string
	for _, l := range []string{v.Title, v.Caption} {
		if l != "" {
			lines = append(lines, l)
		}
	}
	captionH := 20 * float64(len(lines))
	if len(lines) > 0 {
		captionH += 4
	}
	// Widen the picture for long lines (about 0.56 em per character),
	// keeping the board centred.
	boardW := width
	for _, l := range lines {
		width = max(width, float64(len([]rune(l)))*fontSize*0.56+2*margin)
	}
	shift := (width - boardW) / 2
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n",
		width, height+captionH, width, height+captionH)
	if v.Title != "" {
		fmt.Fprintf(&b, "<title>%s</title>\n", esc(v.Title))
	}
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#fbfaf6"/>`+"\n")
	if shift > 0 {
		fmt.Fprintf(&b, `<g transform="translate(%.0f 0)">`+"\n", shift)
	}
	b.WriteString(`<g id="board">` + "\n")
	if v.Hex {
		drawHexCells(&b, v, centres)
	} else {
		drawSquareCells(&b, v, centres)
	}
	b.WriteString("</g>\n")
	drawLast(&b, v, centres)
	b.WriteString(`<g id="pieces">` + "\n")
	for i, c := range v.Cells {
		drawStack(&b, v, c, centres[i])
	}
	b.WriteString("</g>\n")
	if shift > 0 {
		b.WriteString("</g>\n")
	}
	for i, l := range lines {
		fmt.Fprintf(&b, `<text class="caption" x="%.0f" y="%.0f" font-size="%.0f" text-anchor="middle" fill="#333">%s</text>`+"\n", width/2, height+12+float64(i)*20, fontSize, esc(l))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func squareLayout(v View, centres [][2]float64) (float64, float64) {
	for i, c := range v.Cells {
		centres[i] = [2]float64{margin + (float64(c.X)+0.5)*unit, margin + (float64(v.Height-1-c.Y)+0.5)*unit}
	}
	return 2*margin + float64(v.Width)*unit, 2*margin + float64(v.Height)*unit
}

func hexLayout(v View, centres [][2]float64) (float64, float64) {
	rowH := unit * math.Sqrt(3) / 2
	for i, c := range v.Cells {
		centres[i] = [2]float64{margin + float64(c.X+v.Width-1)*unit/2 + unit/2, margin + float64(v.Height-1-c.Y)*rowH + unit/2}
	}
	return 2*margin + float64(v.Width)*unit, 2*margin + float64(v.Height-1)*rowH + unit
}

func drawSquareCells(b *strings.Builder, v View, centres [][2]float64) {
	onBoard := map[[2]int]int{}
	for i, c := range v.Cells {
		onBoard[[2]int{c.X, c.Y}] = i
	}
	for y := 0; y < v.Height; y++ {
		for x := 0; x < v.Width; x++ {
			px, py := margin+float64(x)*unit, margin+float64(v.Height-1-y)*unit
			fill := "#efe3c8"
			if (x+y)%2 == 0 {
				fill = "#b58863"
			}
			if _, ok := onBoard[[2]int{x, y}]; !ok && len(v.Cells) < v.Width*v.Height {
				fill = "#f3ead6"
			}
			fmt.Fprintf(b, `<rect class="cell" x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="%s"/>`+"\n", px, py, unit, unit, fill)
		}
	}
	for x := 0; x < v.Width; x++ {
		fmt.Fprintf(b, `<text x="%.0f" y="%.0f" font-size="12" text-anchor="middle" fill="#555">%c</text>`+"\n",
			margin+(float64(x)+0.5)*unit, margin+float64(v.Height)*unit+16, 'a'+x)
	}
	for y := 0; y < v.Height; y++ {
		fmt.Fprintf(b, `<text x="%.0f" y="%.0f" font-size="12" text-anchor="middle" fill="#555">%d</text>`+"\n",
			margin/2, margin+(float64(v.Height-1-y)+0.5)*unit+4, y+1)
	}
}

func drawHexCells(b *strings.Builder, v View, centres [][2]float64) {
	r := unit / math.Sqrt(3)
	rows := map[int]float64{}
	for i, c := range v.Cells {
		cx, cy := centres[i][0], centres[i][1]
		var pts []string
		for k := 0; k < 6; k++ {
			a := math.Pi/6 + float64(k)*math.Pi/3
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", cx+r*math.Cos(a), cy+r*math.Sin(a)))
		}
		fill := []string{"#efe3c8", "#e2cfa6", "#d6bd8c"}[((c.X%3)+3+c.Y)%3]
		fmt.Fprintf(b, `<polygon class="cell" points="%s" fill="%s" stroke="#8d7650" stroke-width="1"/>`+"\n", strings.Join(pts, " "), fill)
		if _, ok := rows[c.Y]; !ok || cx < rows[c.Y] {
			rows[c.Y] = cx
		}
	}
	for y := 0; y < v.Height; y++ {
		if x, ok := rows[y]; ok {
			cy := margin + float64(v.Height-1-y)*unit*math.Sqrt(3)/2 + unit/2
			fmt.Fprintf(b, `<text x="%.0f" y="%.0f" font-size="12" text-anchor="middle" fill="#555">%d</text>`+"\n", x-unit*0.75, cy+4, y+1)
		}
	}
}

func drawLast(b *strings.Builder, v View, centres [][2]float64) {
	if len(v.Last) == 0 {
		return
	}
	b.WriteString(`<g id="last-move" fill="none" stroke="#e8590c" stroke-width="3">` + "\n")
	for _, c := range v.Last {
		if c < 0 || c >= len(centres) {
			continue
		}
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" stroke-dasharray="4 3"/>`+"\n", centres[c][0], centres[c][1], unit*0.46)
	}
	if len(v.Last) > 1 {
		var pts []string
		for _, c := range v.Last {
			if c >= 0 && c < len(centres) {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", centres[c][0], centres[c][1]))
			}
		}
		fmt.Fprintf(b, `<polyline points="%s" stroke-opacity="0.7"/>`+"\n", strings.Join(pts, " "))
	}
	b.WriteString("</g>\n")
}

// pieceColours returns the fill and the label colour of a piece.
func pieceColours(v View, p Piece) (string, string) {
	name := strings.ToLower(p.Kind)
	if p.Owner >= 0 {
		name = ""
		if p.Owner < len(v.Players) {
			name = strings.ToLower(v.Players[p.Owner])
		}
		if _, ok := colourNames[name]; !ok {
			i := p.Owner % len(ownerFill)
			return ownerFill[i], ownerText[i]
		}
	}
	if c, ok := colourNames[name]; ok {
		text := "#fff"
		if c == "#f7f7f7" || c == "#f2c12e" {
			text = "#222"
		}
		return c, text
	}
	return "#9a9a9a", "#fff"
}

func drawStack(b *strings.Builder, v View, c Cell, centre [2]float64) {
	if len(c.Stack) == 0 {
		return
	}
	rad := unit * 0.36
	fmt.Fprintf(b, `<g class="stack" data-cell="%s" data-height="%d">`+"\n", esc(c.Name), len(c.Stack))
	n := len(c.Stack)
	for i, p := range c.Stack {
		off := float64(n-1-i) * 3
		fill, text := pieceColours(v, p)
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="#555" stroke-width="1.2"/>`+"\n", centre[0], centre[1]+off, rad, fill)
		if i == n-1 && p.Label != "" {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="%d" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`+"\n",
				centre[0], centre[1]+5, labelSize(p.Label), text, esc(p.Label))
		}
	}
	if n > 1 {
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="8" fill="#e8590c"/><text x="%.1f" y="%.1f" font-size="11" text-anchor="middle" fill="#fff">%d</text>`+"\n",
			centre[0]+rad*0.8, centre[1]-rad*0.8, centre[0]+rad*0.8, centre[1]-rad*0.8+4, n)
	}
	b.WriteString("</g>\n")
}

func labelSize(l string) int {
	if len(l) > 2 {
		return 11
	}
	return 14
}

func esc(s string) string {
	// Control characters are not allowed in XML at all: they are written
	// as Go escapes (\x1b), so the picture stays valid whatever the names.
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(safetext.Escape(s))
}
