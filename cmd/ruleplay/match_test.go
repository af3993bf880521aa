package main

import (
	"encoding/json"
	"github.com/ruleplay/ruleplay/analyze"
	"math"
	"path/filepath"
	"slices"
	"testing"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		points, n, lo, hi float64
	}{
		{10, 20, 0.2993, 0.7007},
		{20, 20, 0.8389, 1},
		{0, 20, 0, 0.1611},
		{45, 50, 0.7864, 0.9565},
	} {
		lo, hi := wilson(tc.points, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("wilson(%v, %v) = %.4f-%.4f, want %.4f-%.4f", tc.points, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestPlayerKeys(t *testing.T) {
	got := analyze.PlayerKeys([]string{"mcts", "random", "mcts", "mcts"})
	if want := []string{"mcts", "random", "mcts#2", "mcts#3"}; !slices.Equal(got, want) {
		t.Errorf("playerKeys = %v, want %v", got, want)
	}
}

// Every game of a match is counted once: the wins, shared wins, draws and
// losses add up, and so do the points; seats turn round.
func TestMatchCounts(t *testing.T) {
	game := filepath.Join("..", "..", "games", "leapfrog.rules")
	for _, players := range []string{"greedy,random", "greedy,random,random"} {
		np := len(splitPlayers(players))
		code, stdout, stderr := runMain("match", game, "--option", "size=4x4", "--option", "players="+string(rune('0'+np)), "--players", players, "--games", "9", "--json", "--threads", "2")
		if code != 0 {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
		var r matchJSON
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		points := 0.0
		for _, k := range r.Players {
			if n := r.Wins[k] + r.Shared[k] + r.Draws + r.Losses[k]; n != r.Games {
				t.Errorf("%s %s: %d results for %d games", players, k, n, r.Games)
			}
			points += r.Points[k]
			ci := r.CI95[k]
			if !(ci[0] <= r.Score[k] && r.Score[k] <= ci[1]) {
				t.Errorf("%s %s: score %v outside %v", players, k, r.Score[k], ci)
			}
		}
		if math.Abs(points-float64(r.Games)) > 0.01 {
			t.Errorf("%s: %v points for %d games", players, points, r.Games)
		}
		// The seats' results add up to the players' (a seat per player).
		wins, seatWins, seatPoints := 0, 0, 0.0
		for _, k := range r.Players {
			wins += r.Wins[k] + r.Shared[k]
		}
		for _, st := range r.Seats {
			seatWins += st.Wins + st.Shared
			seatPoints += st.Points
			if n := st.Wins + st.Shared + st.Draws + st.Losses; n != r.Games {
				t.Errorf("%s seat %s: %d results for %d games", players, st.Name, n, r.Games)
			}
		}
		if len(r.Seats) != np || seatWins != wins || math.Abs(seatPoints-points) > 0.01 {
			t.Errorf("%s: %d seats with %d wins and %v points; players: %d wins, %v points", players, len(r.Seats), seatWins, seatPoints, wins, points)
		}
	}
	m := &match{specs: []string{"a", "b", "c"}}
	var seats []int
	for g := 0; g < 3; g++ {
		for j := 0; j < 3; j++ {
			seats = append(seats, m.entrant(g, j))
		}
	}
	if want := []int{0, 1, 2, 1, 2, 0, 2, 0, 1}; !slices.Equal(seats, want) {
		t.Errorf("entrants by game and seat: %v, want %v", seats, want)
	}
}
