package core

// Captured returns the number of pieces player has captured so far in s (0
// for a player out of range).
func (s *State) Captured(player int) int {
	if player < 0 || player >= len(s.CapturedBy) {
		return 0
	}
	return int(s.CapturedBy[player])
}
