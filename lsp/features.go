package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/stdlib"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// view is a document read at a position.
type view struct {
	d     *document
	f     *file
	ix    *index
	off   int
	chain []*entry
	role  role
	// base: the file `extends: name` reads (Server.basePath)
	base func(path, name string) string
}

func (s *Server) view(uri string, pos protocol.Position) *view {
	d, ok := s.docs[uri]
	if !ok {
		return nil
	}
	f := parseFile(d.path, d.text)
	v := &view{d: d, f: f, off: offsetOf(d.text, pos), base: s.basePath}
	v.ix = buildIndex(f, s.read, s.module(), s.basePath)
	v.chain, v.role = f.at(v.off)
	return v
}

func (v *view) last() *entry {
	if len(v.chain) == 0 {
		return nil
	}
	return v.chain[len(v.chain)-1]
}

// member returns X when the token i is the Y of a dotted name X.Y.
func (f *file) member(i int) string {
	if i >= 2 && isOp(&f.toks[i-1], ".") && f.toks[i-2].Kind == lang.TokIdent {
		return f.toks[i-2].Text
	}
	return ""
}

// --- hover -------------------------------------------------------------

func (s *Server) hover(ctx *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.view(p.TextDocument.URI, p.Position)
	if v == nil {
		return nil, nil
	}
	i, t := v.f.tokenAt(v.off)
	if t == nil || (t.Kind != lang.TokIdent && t.Kind != lang.TokString && t.Kind != lang.TokKeyword) {
		return nil, nil
	}
	md := v.hoverAt(i, t)
	if md == "" {
		return nil, nil
	}
	r := tokenRange(v.d.text, *t)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: md}, Range: &r}, nil
}

func (v *view) hoverAt(i int, t *lang.Token) string {
	e := v.last()
	if e == nil {
		return ""
	}
	parent := keyOf(v.chain, 1)
	switch {
	case v.role == roleKey && t.Offset == e.key.Offset:
		return v.keyHover(e, parent)
	case v.role == roleLabel || (v.role != roleValue && containsTok(e.labels, t)):
		if (e.key.Text == "win" || e.key.Text == "lose") && parent == "end" {
			return hoverText("`"+t.Text+"`", "a moment of `"+e.key.Text+"`", languageDocs.wordDoc("end label", t.Text))
		}
		return v.nameHover(t.Text, v.ix.lookup(strings.Trim(t.Text, `"`)))
	case v.role != roleValue:
		return ""
	}
	key := e.key.Text
	name := strings.Trim(t.Text, `"`)
	switch key {
	case "extends":
		return hoverText("`"+name+"`", "the base of this variant", "`"+v.base(v.f.path, name)+"`")
	case "import":
		if src, _, err := stdlib.Open(name); err == nil {
			return hoverText("`"+name+"`", "a module of the library (stdlib)", leadingComment(string(src)))
		}
		return ""
	}
	if m := v.f.member(i); m != "" {
		switch m {
		case "piece":
			return v.nameHover(name, v.ix.lookup(name, declProp))
		case "opponent", "own":
			if ds := v.ix.lookup(name, declZone); len(ds) > 0 {
				return v.nameHover(name, ds)
			}
		}
		return hoverText("`"+m+"."+name+"`", "", languageDocs.wordDoc(key, name))
	}
	if ds := v.ix.lookup(name); len(ds) > 0 {
		return v.nameHover(name, ds)
	}
	if doc := languageDocs.wordDoc(key, name); doc != "" {
		return hoverText("`"+name+"`", "in `"+key+"`", doc)
	}
	return ""
}

func containsTok(ts []lang.Token, t *lang.Token) bool {
	for _, x := range ts {
		if x.Offset == t.Offset {
			return true
		}
	}
	return false
}

// keyHover documents the key of e, an entry of the block of parent ("":
// the file).
func (v *view) keyHover(e *entry, parent string) string {
	key := e.key.Text
	if parent == "" {
		return hoverText("`"+key+"`", "entry", languageDocs.entryDoc(key))
	}
	owner := parent
	if len(v.chain) >= 2 && len(v.chain[len(v.chain)-2].labels) > 0 {
		owner += " " + v.chain[len(v.chain)-2].labels[0].Text
	}
	switch parent {
	case "setup", "target", "zone":
		if ds := v.ix.lookup(key, declKind_, declPlayer); len(ds) > 0 {
			return v.nameHover(key, ds)
		}
	case "piece":
		if key != "symbol" && key != "numbered" {
			return hoverText("`"+key+"`", "a property of `"+owner+"`", "A whole number the rules read as `piece."+key+"` (the moving piece's property) and, for `points`, the score.\n\n"+languageDocs.propDoc("piece", "numbered"))
		}
	}
	doc := languageDocs.propDoc(parent, key)
	return hoverText("`"+key+"`", "in `"+owner+"`", doc)
}

// nameHover shows the declarations of a name of the game.
func (v *view) nameHover(name string, ds []*decl) string {
	if len(ds) == 0 {
		return ""
	}
	var b strings.Builder
	seen := map[*entry]bool{}
	for _, d := range ds {
		if seen[d.entry] {
			continue
		}
		seen[d.entry] = true
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "**%s** `%s` (%s)\n\n```\n%s\n```", declWhat[d.kind], name, v.where(d), entryText(d.file, d.entry))
	}
	return b.String()
}

// where names a declaration's place: file:line, the file relative to the
// document's folder.
func (v *view) where(d *decl) string {
	name := d.file.path
	switch {
	case d.file.module != "":
		name = "stdlib/" + d.file.module + ".rules"
	default:
		if rel, err := filepath.Rel(filepath.Dir(v.f.path), name); err == nil {
			name = rel
		}
	}
	return fmt.Sprintf("%s:%d", filepath.ToSlash(name), d.at.Pos.Line)
}

// entryText is the source of an entry, at most 12 lines.
func entryText(f *file, e *entry) string {
	start := strings.LastIndexByte(f.text[:e.key.Offset], '\n') + 1
	text := strings.TrimRight(f.text[start:min(e.end, len(f.text))], "\n ")
	lines := strings.Split(text, "\n")
	if len(lines) > 12 {
		lines = append(lines[:12], "...")
	}
	indent := len(lines[0]) - len(strings.TrimLeft(lines[0], " \t"))
	for i, l := range lines {
		if len(l) >= indent && strings.TrimSpace(l[:indent]) == "" {
			lines[i] = l[indent:]
		}
	}
	return strings.Join(lines, "\n")
}

// leadingComment is the first paragraph of comments of a file.
func leadingComment(src string) string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		out = append(out, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	return strings.Join(out, "\n")
}

func hoverText(title, what, doc string) string {
	head := "**" + title + "**"
	if what != "" {
		head += " " + what
	}
	if doc == "" {
		return head
	}
	return head + "\n\n" + doc
}

// --- definition --------------------------------------------------------

func (s *Server) definition(ctx *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.view(p.TextDocument.URI, p.Position)
	if v == nil {
		return nil, nil
	}
	i, t := v.f.tokenAt(v.off)
	e := v.last()
	if t == nil || e == nil || (t.Kind != lang.TokIdent && t.Kind != lang.TokString) {
		return nil, nil
	}
	name := strings.Trim(t.Text, `"`)
	if v.role == roleValue {
		switch e.key.Text {
		case "extends":
			return []protocol.Location{{URI: uriOf(s.basePath(v.f.path, name))}}, nil
		case "import":
			if path, _, ok := s.module()(name); ok {
				return []protocol.Location{{URI: uriOf(path)}}, nil
			}
			return nil, nil
		}
	}
	var ds []*decl
	switch m := v.f.member(i); m {
	case "piece":
		ds = v.ix.lookup(name, declProp)
	case "opponent", "own":
		ds = v.ix.lookup(name, declZone)
	case "":
		ds = v.ix.lookup(name)
	}
	if len(ds) == 0 {
		return nil, nil
	}
	out := []protocol.Location{}
	index := map[*file]*lines{} // each file's lines indexed once
	for _, d := range ds {
		x := index[d.file]
		if x == nil {
			x = newLines(d.file.text)
			index[d.file] = x
		}
		out = append(out, protocol.Location{URI: uriOf(d.file.path), Range: x.tokenRange(d.at)})
	}
	return out, nil
}

// --- document symbols --------------------------------------------------

func (s *Server) documentSymbol(ctx *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[p.TextDocument.URI]
	if !ok {
		return nil, nil
	}
	f := parseFile(d.path, d.text)
	return symbols(f, newLines(f.text), f.entries, 0), nil
}

func symbols(f *file, x *lines, es []*entry, depth int) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	for _, e := range es {
		name := e.key.Text
		sel := e.key
		for _, l := range e.labels {
			name += " " + l.Text
			sel = l
		}
		// Positions in text order: each goes on from the one before.
		start := x.position(e.key.Offset)
		sym := protocol.DocumentSymbol{
			Name:           name,
			Kind:           symbolKind(e.key.Text, depth),
			SelectionRange: protocol.Range{Start: start, End: x.position(sel.Offset + len(sel.Text))},
		}
		if len(e.values) > 0 {
			first, last := e.values[0], e.values[len(e.values)-1]
			detail := strings.Join(strings.Fields(f.text[first.Offset:last.Offset+len(last.Text)]), " ")
			sym.Detail = &detail
		}
		if len(e.kids) > 0 {
			sym.Children = symbols(f, x, e.kids, depth+1)
		}
		sym.Range = protocol.Range{Start: start, End: x.position(e.end)}
		out = append(out, sym)
	}
	return out
}

func symbolKind(key string, depth int) protocol.SymbolKind {
	if depth > 0 {
		return protocol.SymbolKindProperty
	}
	switch key {
	case "game":
		return protocol.SymbolKindString
	case "import", "extends":
		return protocol.SymbolKindModule
	case "option":
		return protocol.SymbolKindConstant
	case "board":
		return protocol.SymbolKindStruct
	case "players", "player":
		return protocol.SymbolKindEnum
	case "piece":
		return protocol.SymbolKindClass
	case "setup", "target":
		return protocol.SymbolKindObject
	case "zone":
		return protocol.SymbolKindVariable
	case "step", "jump", "remove", "group", "drop":
		return protocol.SymbolKindFunction
	case "end", "score":
		return protocol.SymbolKindEvent
	}
	return protocol.SymbolKindKey
}

// --- completion --------------------------------------------------------

type candidate struct {
	label, detail string
	kind          protocol.CompletionItemKind
	doc           string
}

func (s *Server) completion(ctx *glsp.Context, p *protocol.CompletionParams) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[p.TextDocument.URI]
	if !ok {
		return nil, nil
	}
	off := offsetOf(d.text, p.Position)
	start := off
	for start > 0 && isWordByte(d.text[start-1]) {
		start--
	}
	prefix := d.text[start:off]
	v := s.view(p.TextDocument.URI, positionOf(d.text, start))
	var cands []candidate
	switch v.role {
	case roleBlock:
		cands = v.keys(v.last())
	case roleKey:
		var parent *entry
		if len(v.chain) >= 2 {
			parent = v.chain[len(v.chain)-2]
		}
		cands = v.keys(parent)
	case roleLabel:
		cands = v.labelCands()
	case roleValue:
		cands = v.valueCands(s, start)
	}
	list := protocol.CompletionList{Items: []protocol.CompletionItem{}}
	seen := map[string]bool{}
	for _, c := range cands {
		if seen[c.label] || !strings.HasPrefix(c.label, prefix) {
			continue
		}
		seen[c.label] = true
		kind := c.kind
		item := protocol.CompletionItem{Label: c.label, Kind: &kind}
		if c.detail != "" {
			detail := c.detail
			item.Detail = &detail
		}
		if c.doc != "" {
			item.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: c.doc}
		}
		sortText := fmt.Sprintf("%04d", len(list.Items))
		item.SortText = &sortText
		list.Items = append(list.Items, item)
	}
	return list, nil
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// keys completes the keys of parent's block (nil: the file's entries).
func (v *view) keys(parent *entry) []candidate {
	var out []candidate
	all := lang.Keys()
	if parent == nil {
		for _, k := range all["file"] {
			out = append(out, candidate{label: k, detail: "entry", kind: protocol.CompletionItemKindKeyword, doc: languageDocs.entryDoc(k)})
		}
		return out
	}
	pk := parent.key.Text
	hasLabel := len(parent.labels) > 0
	switch {
	case (pk == "setup" || pk == "target") && hasLabel:
		return v.named(declKind_)
	case pk == "zone":
		return v.named(declPlayer)
	case pk == "setup":
		out = v.named(declKind_)
	}
	for _, k := range all[pk] {
		out = append(out, candidate{label: k, detail: "property of " + pk, kind: protocol.CompletionItemKindProperty, doc: languageDocs.propDoc(pk, k)})
	}
	return out
}

// named lists the declared names of kinds k.
func (v *view) named(ks ...declKind) []candidate {
	var out []candidate
	for _, k := range ks {
		for _, n := range v.ix.names(k) {
			out = append(out, candidate{label: n, detail: declWhat[k], kind: declItemKind[k]})
		}
	}
	return out
}

var declItemKind = map[declKind]protocol.CompletionItemKind{
	declKind_: protocol.CompletionItemKindClass, declProp: protocol.CompletionItemKindField,
	declZone: protocol.CompletionItemKindVariable, declOption: protocol.CompletionItemKindConstant,
	declChoice: protocol.CompletionItemKindEnumMember, declPlayer: protocol.CompletionItemKindEnum,
	declRule: protocol.CompletionItemKindFunction,
}

func (v *view) labelCands() []candidate {
	e := v.last()
	switch e.key.Text {
	case "player", "setup", "target", "hand":
		if keyOf(v.chain, 1) == "" {
			return v.named(declPlayer)
		}
	case "promote":
		return v.named(declKind_)
	case "win", "lose":
		var out []candidate
		for _, m := range lang.Keys()["end label"] {
			out = append(out, candidate{label: m, detail: "moment", kind: protocol.CompletionItemKindKeyword, doc: languageDocs.wordDoc("end label", m)})
		}
		return out
	}
	return nil
}

func words(detail string, kind protocol.CompletionItemKind, key string, names ...string) []candidate {
	var out []candidate
	for _, n := range names {
		out = append(out, candidate{label: n, detail: detail, kind: kind, doc: languageDocs.wordDoc(key, n)})
	}
	return out
}

const (
	kindWord = protocol.CompletionItemKindKeyword
	kindFunc = protocol.CompletionItemKindFunction
	kindVal  = protocol.CompletionItemKindValue
)

var squareDirs = []string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}

// valueCands completes a value at offset off of the last entry.
func (v *view) valueCands(s *Server, off int) []candidate {
	e := v.last()
	calls, prev, prev2 := openCalls(e.values, off)
	if out, ok := v.contextCands(calls, prev, prev2); ok {
		return out
	}
	return v.keyCands(e.key.Text, keyOf(v.chain, 1))
}

// openCall is a call (or bracket) open at the cursor, with the index of
// the argument the cursor is in.
type openCall struct {
	fn  string
	arg int
}

// openCalls returns the calls open before off among an entry's value
// tokens, and the two tokens before the cursor.
func openCalls(values []lang.Token, off int) (calls []openCall, prev, prev2 *lang.Token) {
	for i := range values {
		t := &values[i]
		if t.Offset >= off {
			break
		}
		switch {
		case isOp(t, "(") && prev != nil && prev.Kind == lang.TokIdent:
			calls = append(calls, openCall{fn: prev.Text})
		case isOp(t, "(") || isOp(t, "["):
			calls = append(calls, openCall{fn: t.Text})
		case (isOp(t, ")") || isOp(t, "]")) && len(calls) > 0:
			calls = calls[:len(calls)-1]
		case isOp(t, ",") && len(calls) > 0:
			calls[len(calls)-1].arg++
		}
		prev2, prev = prev, t
	}
	return calls, prev, prev2
}

// cellCands are the words of a cell condition.
func (v *view) cellCands() []candidate {
	w := lang.Words()
	out := words("cell condition", kindWord, "over", w["cell condition"]...)
	out = append(out, v.named(declKind_)...)
	return append(out, words("cell condition", kindWord, "over", "in", "on", "not", "height", "level", "piece", "next-to")...)
}

// contextCands are the candidates that the tokens before the cursor
// decide (after a ".", "in" or "on", inside a call); ok tells that they
// decide.
func (v *view) contextCands(calls []openCall, prev, prev2 *lang.Token) (out []candidate, ok bool) {
	w := lang.Words()
	if isOp(prev, ".") && prev2 != nil {
		switch prev2.Text {
		case "piece":
			return v.named(declProp), true
		case "opponent", "own":
			return append(v.named(declZone), words("player value", kindVal, "value", w["player value"]...)...), true
		case "winner", "loser":
			return words("player value", kindVal, "margin", w["player value"]...), true
		}
		return nil, true
	}
	if prev != nil && prev.Kind == lang.TokIdent {
		switch prev.Text {
		case "in":
			out := append(v.named(declZone), words("side", kindWord, "", "opponent", "own")...)
			return append(out, words("cell set", kindWord, "", "all", "dark", "light", "corners", "centre")...), true
		case "on":
			return words("cell condition", kindWord, "", "target"), true
		}
	}
	if len(calls) == 0 {
		return nil, false
	}
	c := calls[len(calls)-1]
	switch c.fn {
	case "every", "some", "count":
		if c.arg == 0 {
			return append(words("player", kindWord, "", "own", "opponent"), v.named(declZone)...), true
		}
		return v.cellCands(), true
	case "distance":
		return append(words("direction set", kindWord, "dirs", w["direction set"]...), words("direction", kindWord, "dirs", squareDirs...)...), true
	case "mirror":
		return v.named(declPlayer), true
	case "shuffle":
		return v.named(declKind_), true
	case "numbered", "square", "hex", "ranks", "rows":
		return v.named(declOption), true
	}
	return nil, false
}

// keyCands are the values of property key (in the block parent).
func (v *view) keyCands(key, parent string) []candidate {
	w := lang.Words()
	switch key {
	case "dirs":
		out := words("direction set", kindWord, "dirs", w["direction set"]...)
		out = append(out, words("direction", kindWord, "dirs", squareDirs...)...)
		return append(out, v.named(declOption)...)
	case "at":
		if parent == "promote" {
			return words("choice", kindVal, key, lang.Choices()[key]...)
		}
		return v.cellCands() // a removal's cell
	case "over", "onto", "from", "enemy", "hurdle", "chain-stop":
		return v.cellCands()
	case "piece":
		return append(words("owner", kindWord, "piece", lang.Choices()["piece"]...), v.named(declKind_)...)
	case "capture", "chain", "chain-dirs", "cells", "forward", "no-move", "at-limit", "at-passes", "best", "take", "forbid", "taken", "prefer", "text":
		return words("choice", kindVal, key, lang.Choices()[key]...)
	case "when":
		if parent == "capture" {
			return words("group value", kindWord, "", "size", "run", "distance")
		}
		return append(words("turn value", kindWord, "", "turn", "ply", "not"), v.named(declOption)...)
	case "win", "lose", "draw":
		out := words("goal", kindFunc, "win", "every", "some", "count")
		out = append(out, words("player", kindWord, "", "own", "opponent")...)
		out = append(out, words("player value", kindVal, "value", w["player value"]...)...)
		out = append(out, words("", kindWord, "", "not")...)
		return append(out, v.named(declOption, declChoice)...)
	case "value":
		out := words("player value", kindVal, "value", w["player value"]...)
		return append(out, words("function", kindFunc, "value", "distance", "count")...)
	case "margin":
		return words("player", kindWord, "", "winner", "loser")
	case "priority":
		return v.named(declRule)
	case "import":
		return words("module", protocol.CompletionItemKindModule, "", stdlib.Names()...)
	case "extends":
		return v.rulesFiles()
	case "to":
		return v.named(declKind_)
	case "in":
		return v.named(declZone)
	case "fill":
		return append(v.named(declKind_), words("function", kindFunc, "fill", "shuffle")...)
	case "shape":
		return words("board shape", kindFunc, "shape", "square", "hex")
	case "players":
		return words("function", kindFunc, "players", "numbered")
	case "stacking":
		return append(words("", kindVal, "", "true", "false"), v.named(declOption)...)
	case "length", "plies", "passes":
		return append(words("", kindWord, "", "piece"), v.named(declOption)...)
	}
	switch {
	case key == "option" && parent == "":
		return words("", kindVal, "", "true", "false")
	case (key == "setup" || key == "target") && parent == "":
		return words("function", kindFunc, "setup", "mirror")
	case key == "zone" && parent == "", parent == "zone", parent == "setup", parent == "target", key == "empty":
		return words("cells", kindFunc, "setup", "ranks", "rows", "mirror")
	}
	return nil
}

// rulesFiles are the other rules files of the document's folder (extends).
func (v *view) rulesFiles() []candidate {
	var out []candidate
	files, _ := os.ReadDir(filepath.Dir(v.f.path))
	for _, fi := range files {
		if strings.HasSuffix(fi.Name(), ".rules") && filepath.Join(filepath.Dir(v.f.path), fi.Name()) != v.f.path {
			out = append(out, candidate{label: `"` + fi.Name() + `"`, detail: "rules file", kind: protocol.CompletionItemKindFile})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].label < out[j].label })
	return out
}
