// Package suggest finds the known name nearest to a mistyped one, for the
// "did you mean ...?" hints of rules files, records, moves and flags.
package suggest

import "strings"

// Distance is the Levenshtein edit distance between a and b, in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// DistanceWithin is Distance(a, b) when that is at most limit, and
// limit+1 otherwise; it stops as soon as every path is over the limit, so
// that comparing a name with many far ones costs little.
func DistanceWithin(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], limit+1)
}

// Nearest returns the name in known nearest to name (compared in lower
// case; the first of equals), or "" when even that one is more than
// within edits away. Nearest with within < 0 always returns the nearest
// ("" only when known is empty).
func Nearest(name string, known []string, within int) string {
	name = strings.ToLower(name)
	best, bestD := "", -1
	for _, k := range known {
		if d := Distance(name, k); bestD < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	if bestD < 0 || (within >= 0 && bestD > within) {
		return ""
	}
	return best
}

// Typo returns the text of known nearest to text when it is near enough
// to be a typo of it (an edit distance of at most a third of its length),
// or "".
func Typo(text string, known []string) string {
	if len(text) > 80 {
		return "" // no typo is that long; spare the distances
	}
	return Nearest(text, known, max(1, (len(text)+1)/3))
}
