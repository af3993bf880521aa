package interp

import "testing"

// TestHandTextNamesApart: a player and a piece kind of one name (Fox and
// Hounds: the fox's player holds the fox) read apart in the hand line.
func TestHandTextNamesApart(t *testing.T) {
	p := loadSrc(t, "fox.rules", `
board { shape: square(8x8); cells: dark }
player fox { forward: north }
player hounds { forward: south }
piece fox {}
piece hound {}
setup hounds { hound: b8 d8 f8 h8 }
hand fox { fox: 1 }
drop { piece: own fox; onto: empty; when: hand > 0 }
step { piece: own; dirs: forward diagonal; when: hand == 0 }
`, Config{})
	s := p.NewState(0)
	if got, want := p.HandText(s), "in hand: fox: fox 1; hounds: none"; got != want {
		t.Errorf("hand line %q, want %q", got, want)
	}
	play(t, p, s, "@a1")
	if got, want := p.HandText(s), "in hand: fox: none; hounds: none"; got != want {
		t.Errorf("after the drop: hand line %q, want %q", got, want)
	}
}
