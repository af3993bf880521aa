package picture

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

func hexView() View {
	rows := []int{3, 4, 5, 4, 5, 4, 3}
	v := View{Title: "hex", Hex: true, Width: 5, Height: len(rows), Players: []string{"light", "dark"}, Caption: "to move: dark"}
	for y, n := range rows {
		for i := 0; i < n; i++ {
			v.Cells = append(v.Cells, Cell{Name: fmt.Sprintf("%c%d", 'a'+i, y+1), X: -(n - 1) + 2*i, Y: y})
		}
	}
	v.Cells[0].Stack = []Piece{{Owner: 0, Kind: "hare", Label: "H"}}
	v.Cells[8].Stack = []Piece{{Owner: 1, Kind: "frog", Label: "f"}, {Owner: 0, Kind: "cat", Label: "C"}}
	v.Last = []int{3, 8}
	return v
}

func squareView() View {
	v := View{Title: "square", Width: 4, Height: 4, Caption: "p1 wins"}
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			if (x+y)%2 == 0 {
				v.Cells = append(v.Cells, Cell{Name: fmt.Sprintf("%c%d", 'a'+x, y+1), X: x, Y: y})
			}
		}
	}
	v.Cells[0].Stack = []Piece{{Owner: -1, Kind: "yellow", Label: ""}}
	v.Cells[1].Stack = []Piece{{Owner: 0, Kind: "star", Label: "S1"}}
	v.Cells[7].Stack = []Piece{{Owner: 1, Kind: "sun", Label: "o5"}}
	v.Last = []int{1, 5, 7}
	return v
}

// TestSVGStructure checks that the output is well-formed XML with one
// cell shape per board cell, one stack group per occupied cell with its
// height, and the last move drawn; and compares with golden files.
func TestSVGStructure(t *testing.T) {
	for name, v := range map[string]View{"hex": hexView(), "square": squareView()} {
		var buf bytes.Buffer
		if err := SVG(&buf, v); err != nil {
			t.Fatal(err)
		}
		out := buf.Bytes()
		counts := map[string]int{}
		heights := []string{}
		dec := xml.NewDecoder(bytes.NewReader(out))
		for {
			tok, err := dec.Token()
			if err != nil {
				if err != io.EOF {
					t.Fatalf("%s: not well-formed: %v", name, err)
				}
				break
			}
			if se, ok := tok.(xml.StartElement); ok {
				for _, a := range se.Attr {
					if a.Name.Local == "class" {
						counts[a.Value]++
					}
					if a.Name.Local == "data-height" {
						heights = append(heights, a.Value)
					}
					if a.Name.Local == "id" {
						counts["#"+a.Value]++
					}
				}
			}
		}
		wantCells := len(v.Cells)
		if !v.Hex {
			wantCells = v.Width * v.Height
		}
		stacks := 0
		for _, c := range v.Cells {
			if len(c.Stack) > 0 {
				stacks++
			}
		}
		if counts["cell"] != wantCells || counts["stack"] != stacks || counts["#last-move"] != 1 {
			t.Errorf("%s: %v", name, counts)
		}
		if name == "hex" && strings.Join(heights, ",") != "1,2" {
			t.Errorf("hex heights %v", heights)
		}
		golden := filepath.Join("testdata", name+".svg")
		if *update {
			os.MkdirAll("testdata", 0o755)
			os.WriteFile(golden, out, 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil || !bytes.Equal(want, out) {
			t.Errorf("%s: differs from %s (go test ./picture -update)", name, golden)
		}
	}
}

// Whatever the names (markup, control characters, invalid UTF-8), the
// picture is well-formed XML and holds no control character.
func TestHostileNamesGiveValidSVG(t *testing.T) {
	v := squareView()
	v.Title = "a <b> & \"c\" \x1b[2J\x00\xff"
	v.Caption = "</svg><script>x</script>\x07"
	v.Players = []string{"p\x1b", "<q>"}
	v.Cells[0].Name = "&\x01"
	v.Cells[1].Stack = []Piece{{Owner: 0, Kind: "k\x02", Label: "<\x03"}}
	var b bytes.Buffer
	if err := SVG(&b, v); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	for {
		_, err := dec.Token()
		if err != nil {
			if err != io.EOF {
				t.Fatalf("not well-formed: %v\n%s", err, b.String())
			}
			break
		}
	}
	for _, c := range b.String() {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c == 0xfffd {
			t.Fatalf("control character %U in the picture", c)
		}
	}
	if !strings.Contains(b.String(), `<title>a &lt;b&gt; &amp; &quot;c&quot; \x1b[2J\x00\xff</title>`) {
		t.Errorf("title not escaped as expected:\n%s", b.String())
	}
}
