package web

import (
	"encoding/json"
	"testing"
)

// TestZonesOneSide: a zone given for one player only (Fox and Hounds'
// den and home belong to the fox's player) is sent with an empty list
// for the other player, never null (the page reads every list).
func TestZonesOneSide(t *testing.T) {
	p := compiled(t, "fox-and-hounds.rules")
	b, err := json.Marshal(zonesOf(p.Game()))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"name":"start","cells":[[],[0,1,2,3]]},{"name":"den","cells":[[28,29,30,31],[]]},{"name":"home","cells":[[0,1,2,3],[]],"read":"goal"}]`
	if string(b) != want {
		t.Errorf("zones:\n got %s\nwant %s", b, want)
	}
}
