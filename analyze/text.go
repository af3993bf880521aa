package analyze

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// table is a grid of text: a heading row, then rows of a label and one
// cell per file.
type table struct {
	rows [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

// write prints the table with columns padded to their widest cell.
func (t *table) write(w io.Writer) error {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			if i == len(r)-1 {
				b.WriteString(c)
			} else {
				fmt.Fprintf(&b, "%-*s", widths[i], c)
			}
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// SetupLine describes how the games were played, in one line.
func SetupLine(su Setup) string {
	s := fmt.Sprintf("%d games per file, players %s, seed %d", su.Games, strings.Join(su.Players, ","), su.Seed)
	if su.Playouts > 0 {
		s += fmt.Sprintf(", %d playouts", su.Playouts)
	}
	if su.Think > 0 {
		s += fmt.Sprintf(", think %v", su.Think)
	}
	if su.Cutoff > 0 {
		s += fmt.Sprintf(", cutoff %d", su.Cutoff)
	}
	if su.MaxPlies > 0 {
		s += fmt.Sprintf(", --max-plies %d", su.MaxPlies)
	}
	return s
}

// Rows returns the report as a table: a heading (the files' labels) and a
// row per figure, each a label and one cell per file.
func Rows(r *Report) [][]string {
	var t table
	head := []string{""}
	for _, f := range r.Files {
		head = append(head, f.Label)
	}
	t.add(head...)
	each := func(label string, cell func(f FileReport) string) {
		row := []string{label}
		for _, f := range r.Files {
			row = append(row, cell(f))
		}
		t.add(row...)
	}
	each("games", func(f FileReport) string { return fmt.Sprint(f.Games) })
	resultRows(r, each)
	each("length (plies)", func(f FileReport) string {
		return fmt.Sprintf("mean %.1f, median %g, sd %.1f", f.Length.Mean, f.Length.Median, f.Length.SD)
	})
	each("  range, 10%-90%", func(f FileReport) string {
		return fmt.Sprintf("%g-%g, %g-%g", f.Length.Min, f.Length.Max, f.Length.P10, f.Length.P90)
	})
	if h := r.Files[0].Length.Histogram; len(h) > 0 {
		each(fmt.Sprintf("  histogram, from 0 by %d", h[0].Hi-h[0].Lo), func(f FileReport) string { return spark(f.Length.Histogram) })
	}
	if r.Setup.MaxPlies > 0 {
		each(fmt.Sprintf("  stopped at --max-plies %d", r.Setup.MaxPlies), func(f FileReport) string { return pct(f.Length.Capped, f.Games) })
	}
	each("legal moves", func(f FileReport) string {
		return fmt.Sprintf("mean %.1f, median %g, max %g", f.Branching.Mean, f.Branching.Median, f.Branching.Max)
	})
	each("  opening, middle, end", func(f FileReport) string {
		p := f.Branching.Phases
		return fmt.Sprintf("%.1f, %.1f, %.1f", p[0], p[1], p[2])
	})
	each("  forced moves", func(f FileReport) string { return pct(f.Branching.Forced, f.Branching.Positions) })
	each("  passes", func(f FileReport) string { return pct(f.Branching.Passes, f.Branching.Positions) })
	endingRows(r, each)
	if hasMargin(r) {
		each("margin (scored games)", func(f FileReport) string {
			if f.Margin == nil {
				return "-"
			}
			return fmt.Sprintf("mean %.1f, median %g, range %g-%g", f.Margin.Mean, f.Margin.Median, f.Margin.Min, f.Margin.Max)
		})
	}
	if len(r.Files) > 0 && r.Files[0].Timing != nil {
		each("time per move", func(f FileReport) string { return ms(f.Timing.MoveMs) })
		each("time per game", func(f FileReport) string {
			return fmt.Sprintf("mean %s, max %s", ms(f.Timing.GameMs), ms(f.Timing.GameMaxMs))
		})
	}
	return t.rows
}

// resultRows adds the results per seat and per player.
func resultRows(r *Report, each func(string, func(FileReport) string)) {
	res := func(x Result) string {
		s := fmt.Sprintf("%d/%d/%d", x.Wins, x.Draws, x.Losses)
		if x.Shared > 0 {
			s = fmt.Sprintf("%d+%d shared/%d/%d", x.Wins, x.Shared, x.Draws, x.Losses)
		}
		return fmt.Sprintf("%s  %.3f (%.3f-%.3f)", s, x.Score, x.CI95[0], x.CI95[1])
	}
	f0 := r.Files[0]
	for j := range f0.Seats {
		j := j
		label := "seat " + f0.Seats[j].Name
		if j == 0 {
			label += " (moves first)"
		}
		each(label+": w/d/l  score (95%)", func(f FileReport) string { return res(f.Seats[j]) })
	}
	each("first-seat advantage", func(f FileReport) string {
		return fmt.Sprintf("%+.3f (p=%s)", f.FirstSeat.Excess, pText(f.FirstSeat.P))
	})
	for i := range f0.Players {
		i := i
		each("player "+f0.Players[i].Name, func(f FileReport) string { return res(f.Players[i]) })
	}
	each("draws", func(f FileReport) string { return pct(f.Draws, f.Games) })
}

// endingRows adds a row per way a game ended, in any file.
func endingRows(r *Report, each func(string, func(FileReport) string)) {
	var names []string
	seen := map[string]bool{}
	for _, f := range r.Files {
		for _, e := range f.Endings {
			if !seen[e.Name] {
				seen[e.Name] = true
				names = append(names, e.Name)
			}
		}
	}
	for i, name := range names {
		label := "  " + name
		if i == 0 {
			label = "ended by " + name
		}
		each(label, func(f FileReport) string {
			for _, e := range f.Endings {
				if e.Name == name {
					return pct(e.Count, f.Games)
				}
			}
			return pct(0, f.Games)
		})
	}
}

// spark draws a histogram in one line of block characters, each bin's
// height relative to the highest.
func spark(bins []Bin) string {
	levels := []rune(" ▁▂▃▄▅▆▇█")
	top := 0
	for _, b := range bins {
		top = max(top, b.Count)
	}
	out := make([]rune, len(bins))
	for i, b := range bins {
		k := 0
		if top > 0 {
			k = (b.Count*8 + top - 1) / top
		}
		out[i] = levels[k]
	}
	return "|" + string(out) + "|"
}

func hasMargin(r *Report) bool {
	for _, f := range r.Files {
		if f.Margin != nil {
			return true
		}
	}
	return false
}

func pct(n, of int) string {
	if of == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%.0f%%)", n, 100*float64(n)/float64(of))
}

// ms renders milliseconds as a duration with three significant digits.
func ms(x float64) string {
	d := time.Duration(x * float64(time.Millisecond))
	unit := time.Duration(1)
	for v := d; v >= 1000; v /= 10 {
		unit *= 10
	}
	return d.Round(unit).String()
}

func pText(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4g", p)
}

// ComparisonLines says how each file differs from the first, one line per
// file.
func ComparisonLines(r *Report) []string {
	var out []string
	for _, c := range r.Comparisons {
		out = append(out, fmt.Sprintf("%s vs %s: first seat's score %s, draw rate %s, mean length %s, legal moves %s",
			c.Label, c.Base, diffText(c.FirstSeat, "%+.3f"), diffText(c.Draws, "%+.3f"), diffText(c.Length, "%+.1f plies"), diffText(c.Branching, "%+.2f")))
	}
	return out
}

func diffText(d Diff, format string) string {
	s := fmt.Sprintf(format+" (p=%s", d.Delta, pText(d.P))
	if d.Significant {
		s += ", significant"
	}
	return s + ")"
}

// WriteText prints the report for a terminal: the setup, the table with a
// column per file, and the comparisons.
func WriteText(w io.Writer, r *Report) error {
	if _, err := fmt.Fprintln(w, SetupLine(r.Setup)); err != nil {
		return err
	}
	for _, f := range r.Files {
		fmt.Fprintf(w, "%s: %s\n", f.Label, f.Title)
	}
	fmt.Fprintln(w)
	t := table{rows: Rows(r)}
	if err := t.write(w); err != nil {
		return err
	}
	if lines := ComparisonLines(r); len(lines) > 0 {
		fmt.Fprintln(w)
		for _, l := range lines {
			if _, err := fmt.Fprintln(w, l); err != nil {
				return err
			}
		}
	}
	return nil
}
