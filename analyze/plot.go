package analyze

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// The plots are plain SVG written here: a few axes, bars, lines and
// whiskers need no plotting library, and the pictures stay small and
// self-contained (no fonts, scripts or files outside them).

const (
	plotW, plotH                 = 640.0, 320.0
	padL, padR, padTop, padBelow = 56.0, 16.0, 34.0, 46.0
)

var palette = []string{"#1f6fb4", "#d0382b", "#2c9a3c", "#8a55b8", "#e07b12", "#7a5230", "#d14f9a", "#555555"}

func colour(i int) string { return palette[i%len(palette)] }

// Plot is one picture of a report.
type Plot struct {
	Name  string // file stem: "length", "branching", "scores"
	Title string
	Write func(w io.Writer) error
}

// Plots returns the pictures of a report: the length histogram, the legal
// moves by ply and the seats' scores with their intervals.
func Plots(r *Report) []Plot {
	return []Plot{
		{"length", "Game length (plies)", func(w io.Writer) error { return lengthSVG(w, r) }},
		{"branching", "Legal moves by ply", func(w io.Writer) error { return branchingSVG(w, r) }},
		{"scores", "Scores by seat, with 95% intervals", func(w io.Writer) error { return scoresSVG(w, r) }},
	}
}

// canvas accumulates the SVG of one plot.
type canvas struct {
	b          strings.Builder
	xmax, ymax float64 // data ranges, from 0
}

func (c *canvas) x(v float64) float64 { return padL + v/c.xmax*(plotW-padL-padR) }
func (c *canvas) y(v float64) float64 { return plotH - padBelow - v/c.ymax*(plotH-padTop-padBelow) }

func (c *canvas) f(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

// begin opens the SVG and writes the title.
func (c *canvas) begin(title string) {
	c.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	c.f(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	c.f(`<text x="%g" y="20" font-size="14" font-weight="bold">%s</text>`+"\n", padL, html.EscapeString(title))
}

// axes draws both axes with ticks; xticks false leaves the x axis bare.
func (c *canvas) axes(xlabel, ylabel string, xticks bool) {
	x0, y0 := c.x(0), c.y(0)
	c.f(`<path d="M%.1f %.1fV%.1fH%.1f" fill="none" stroke="#333"/>`+"\n", x0, c.y(c.ymax), y0, c.x(c.xmax))
	for _, v := range ticks(c.ymax) {
		y := c.y(v)
		c.f(`<path d="M%.1f %.1fH%.1f" stroke="#ddd"/><text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", x0, y, c.x(c.xmax), x0-4, y+4, num(v))
	}
	if xticks {
		for _, v := range ticks(c.xmax) {
			x := c.x(v)
			c.f(`<path d="M%.1f %.1fv4" stroke="#333"/><text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x, y0, x, y0+16, num(v))
		}
	}
	c.f(`<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", (x0+c.x(c.xmax))/2, plotH-8, html.EscapeString(xlabel))
	c.f(`<text transform="translate(14 %.1f) rotate(-90)" text-anchor="middle">%s</text>`+"\n", (padTop+y0)/2, html.EscapeString(ylabel))
}

// legend names the files in their colours, top right.
func (c *canvas) legend(r *Report) {
	x := plotW - padR - 180.0
	for i, f := range r.Files {
		y := padTop + 4 + float64(i)*16
		c.f(`<rect x="%.1f" y="%.1f" width="10" height="10" fill="%s"/><text x="%.1f" y="%.1f">%s</text>`+"\n", x, y, colour(i), x+14, y+9, html.EscapeString(f.Label))
	}
}

func (c *canvas) end(w io.Writer) error {
	c.f("</svg>\n")
	_, err := io.WriteString(w, c.b.String())
	return err
}

// ticks returns round values from 0 to top (about five).
func ticks(top float64) []float64 {
	if top <= 0 {
		return []float64{0}
	}
	raw := top / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := 0.0; v <= top*1.0001; v += step {
		out = append(out, v)
	}
	return out
}

// niceTop rounds a data maximum up to a tick.
func niceTop(v float64) float64 {
	if v <= 0 {
		return 1
	}
	t := ticks(v * 1.05)
	step := 1.0
	if len(t) > 1 {
		step = t[1]
	}
	return math.Ceil(v*1.05/step) * step
}

func num(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2g", v)
}

// lengthSVG draws the length histograms, the files' bars side by side in
// each bin.
func lengthSVG(w io.Writer, r *Report) error {
	c := &canvas{}
	c.begin("Game length (plies)")
	bins := 0
	top := 0
	for _, f := range r.Files {
		bins = max(bins, len(f.Length.Histogram))
		for _, b := range f.Length.Histogram {
			top = max(top, b.Count)
		}
	}
	width := 1
	if len(r.Files) > 0 && len(r.Files[0].Length.Histogram) > 0 {
		width = r.Files[0].Length.Histogram[0].Hi
	}
	c.xmax, c.ymax = float64(max(1, bins*width)), niceTop(float64(top))
	c.axes("plies", "games", true)
	n := float64(max(1, len(r.Files)))
	for i, f := range r.Files {
		for _, b := range f.Length.Histogram {
			if b.Count == 0 {
				continue
			}
			bw := (c.x(float64(b.Hi)) - c.x(float64(b.Lo))) * 0.9 / n
			x := c.x(float64(b.Lo)) + bw*float64(i)
			c.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %d-%d plies: %d</title></rect>`+"\n",
				x, c.y(float64(b.Count)), bw, c.y(0)-c.y(float64(b.Count)), colour(i), html.EscapeString(f.Label), b.Lo, b.Hi-1, b.Count)
		}
	}
	c.legend(r)
	return c.end(w)
}

// branchingSVG draws the mean number of legal moves at each ply, a line
// per file.
func branchingSVG(w io.Writer, r *Report) error {
	c := &canvas{}
	c.begin("Legal moves by ply (mean over the games still going)")
	plies, top := 1, 0.0
	for _, f := range r.Files {
		plies = max(plies, len(f.Branching.ByPly))
		for _, v := range f.Branching.ByPly {
			top = max(top, v)
		}
	}
	c.xmax, c.ymax = float64(max(1, plies-1)), niceTop(top)
	c.axes("ply (0: the start)", "legal moves", true)
	for i, f := range r.Files {
		if len(f.Branching.ByPly) == 0 {
			continue
		}
		var d strings.Builder
		for k, v := range f.Branching.ByPly {
			op := "L"
			if k == 0 {
				op = "M"
			}
			fmt.Fprintf(&d, "%s%.1f %.1f", op, c.x(float64(k)), c.y(v))
		}
		c.f(`<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", d.String(), colour(i))
	}
	c.legend(r)
	return c.end(w)
}

// scoresSVG draws each seat's score in each file with its 95% interval,
// and the fair share as a dashed line.
func scoresSVG(w io.Writer, r *Report) error {
	c := &canvas{}
	c.begin("Score of each seat, with 95% intervals")
	seats := 0
	for _, f := range r.Files {
		seats = max(seats, len(f.Seats))
	}
	c.xmax, c.ymax = float64(max(1, seats)), 1
	c.axes("seat", "score", false)
	n := float64(max(1, len(r.Files)))
	if seats > 0 {
		fairY := c.y(fair(seats))
		c.f(`<path d="M%.1f %.1fH%.1f" stroke="#888" stroke-dasharray="4 4"/>`+"\n", c.x(0), fairY, c.x(c.xmax))
	}
	for j := 0; j < seats; j++ {
		name := ""
		if len(r.Files) > 0 && j < len(r.Files[0].Seats) {
			name = r.Files[0].Seats[j].Name
		}
		c.f(`<text x="%.1f" y="%.1f" text-anchor="middle">%d. %s</text>`+"\n", c.x(float64(j)+0.5), c.y(0)+16, j+1, html.EscapeString(name))
		for i, f := range r.Files {
			if j >= len(f.Seats) {
				continue
			}
			s := f.Seats[j]
			x := c.x(float64(j) + (float64(i)+1)/(n+1))
			c.f(`<path d="M%.1f %.1fV%.1fM%.1f %.1fh10M%.1f %.1fh10" stroke="%s" stroke-width="2"/>`, x, c.y(s.CI95[0]), c.y(s.CI95[1]), x-5, c.y(s.CI95[0]), x-5, c.y(s.CI95[1]), colour(i))
			c.f(`<circle cx="%.1f" cy="%.1f" r="5" fill="%s"><title>%s, %s: %.3f (%.3f-%.3f)</title></circle>`+"\n", x, c.y(s.Score), colour(i), html.EscapeString(f.Label), html.EscapeString(s.Name), s.Score, s.CI95[0], s.CI95[1])
		}
	}
	c.legend(r)
	return c.end(w)
}
