package analyze

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"strings"
)

// WriteHTML writes the report as one self-contained HTML page: the setup,
// the table, the comparisons and the plots, inline.
func WriteHTML(w io.Writer, r *Report) error {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(reportTitle(r)))
	b.WriteString(`<style>
body { font-family: sans-serif; margin: 2em; max-width: 72em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
figure { margin: 1.5em 0; }
</style>
</head>
<body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s</p>\n<ul>\n", html.EscapeString(reportTitle(r)), html.EscapeString(SetupLine(r.Setup)))
	for _, f := range r.Files {
		fmt.Fprintf(&b, "<li><b>%s</b>: %s (%s)</li>\n", html.EscapeString(f.Label), html.EscapeString(f.Title), html.EscapeString(f.File))
	}
	b.WriteString("</ul>\n<table>\n")
	for i, row := range Rows(r) {
		b.WriteString("<tr>")
		for _, cell := range row {
			tag := "td"
			if i == 0 {
				tag = "th"
			}
			fmt.Fprintf(&b, "<%s>%s</%s>", tag, html.EscapeString(strings.TrimSpace(cell)), tag)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
	if lines := ComparisonLines(r); len(lines) > 0 {
		b.WriteString("<h2>Differences</h2>\n<ul>\n")
		for _, l := range lines {
			fmt.Fprintf(&b, "<li>%s</li>\n", html.EscapeString(l))
		}
		b.WriteString("</ul>\n")
	}
	for _, p := range Plots(r) {
		var svg bytes.Buffer
		if err := p.Write(&svg); err != nil {
			return err
		}
		fmt.Fprintf(&b, "<figure>\n%s</figure>\n", svg.String())
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes the report as Markdown, the plots linked as
// NAME.svg beside it (written by the caller from Plots).
func WriteMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", reportTitle(r), SetupLine(r.Setup))
	for _, f := range r.Files {
		fmt.Fprintf(&b, "- **%s**: %s (`%s`)\n", mdCell(f.Label), mdCell(f.Title), f.File)
	}
	b.WriteString("\n")
	for i, row := range Rows(r) {
		cells := make([]string, len(row))
		for k, c := range row {
			cells[k] = mdCell(strings.TrimSpace(c))
		}
		fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
		if i == 0 {
			fmt.Fprintf(&b, "|%s\n", strings.Repeat("---|", len(row)))
		}
	}
	if lines := ComparisonLines(r); len(lines) > 0 {
		b.WriteString("\n## Differences\n\n")
		for _, l := range lines {
			fmt.Fprintf(&b, "- %s\n", mdCell(l))
		}
	}
	b.WriteString("\n")
	for _, p := range Plots(r) {
		fmt.Fprintf(&b, "![%s](%s.svg)\n\n", p.Title, p.Name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func reportTitle(r *Report) string {
	labels := make([]string, len(r.Files))
	for i, f := range r.Files {
		labels[i] = f.Label
	}
	return "Analysis of " + strings.Join(labels, ", ")
}
