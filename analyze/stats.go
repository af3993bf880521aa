package analyze

import (
	"math"
	"slices"
	"sort"
)

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a proportion of points out
// of n.
func Wilson(points, n float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p := points / n
	den := 1 + z95*z95/n
	mid := (p + z95*z95/(2*n)) / den
	half := z95 * math.Sqrt(p*(1-p)/n+z95*z95/(4*n*n)) / den
	return max(0, mid-half), min(1, mid+half)
}

// pNormal is the two-sided p-value of a standard normal statistic z.
func pNormal(z float64) float64 {
	if math.IsNaN(z) {
		return 1
	}
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// pShare is the two-sided p-value of points out of n differing from the
// share p0 (one-sample z-test).
func pShare(points, n, p0 float64) float64 {
	if n == 0 || p0 <= 0 || p0 >= 1 {
		return 1
	}
	return pNormal((points/n - p0) / math.Sqrt(p0*(1-p0)/n))
}

// pProportions is the two-sided p-value of the difference between two
// proportions, a points of na and b points of nb (pooled z-test).
func pProportions(a, na, b, nb float64) float64 {
	if na == 0 || nb == 0 {
		return 1
	}
	pool := (a + b) / (na + nb)
	se := math.Sqrt(pool * (1 - pool) * (1/na + 1/nb))
	if se == 0 {
		if a/na == b/nb {
			return 1
		}
		return 0
	}
	return pNormal((a/na - b/nb) / se)
}

// pMeans is the two-sided p-value of the difference between the means of
// two samples: Welch's statistic, read against the normal distribution.
func pMeans(x, y []float64) float64 {
	if len(x) < 2 || len(y) < 2 {
		return 1
	}
	mx, vx := meanVar(x)
	my, vy := meanVar(y)
	se := math.Sqrt(vx/float64(len(x)) + vy/float64(len(y)))
	if se == 0 {
		if mx == my {
			return 1
		}
		return 0
	}
	return pNormal((mx - my) / se)
}

// meanVar is the mean and the sample variance of xs.
func meanVar(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	if len(xs) < 2 {
		return m, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return m, ss / float64(len(xs)-1)
}

// Dist summarises a sample.
type Dist struct {
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"` // sample standard deviation
	Min    float64 `json:"min"`
	P10    float64 `json:"p10"`
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
	Max    float64 `json:"max"`
}

// distOf summarises xs (which it sorts).
func distOf(xs []float64) Dist {
	if len(xs) == 0 {
		return Dist{}
	}
	m, v := meanVar(xs)
	sort.Float64s(xs)
	return Dist{
		N: len(xs), Mean: round(m, 3), SD: round(math.Sqrt(v), 3),
		Min: xs[0], P10: round(quantile(xs, 0.1), 3), Median: round(quantile(xs, 0.5), 3),
		P90: round(quantile(xs, 0.9), 3), Max: xs[len(xs)-1],
	}
}

// quantile is the q-quantile of sorted xs, interpolated between ranks.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 1 {
		return xs[0]
	}
	pos := q * float64(len(xs)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(xs)-1)
	return xs[lo] + (xs[hi]-xs[lo])*(pos-float64(lo))
}

// round rounds x to digits decimals.
func round(x float64, digits int) float64 {
	f := math.Pow(10, float64(digits))
	return math.Round(x*f) / f
}

func ints(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// Bin is one bar of a histogram: the count of values in [Lo, Hi).
type Bin struct {
	Lo    int `json:"lo"`
	Hi    int `json:"hi"`
	Count int `json:"count"`
}

// binWidth is a round width (1, 2, 5, 10, 20, 50, ...) that splits 0..top
// into at most want bins.
func binWidth(top, want int) int {
	w := 1
	for steps := 0; (top+w)/w > want; steps++ {
		switch steps % 3 {
		case 0:
			w *= 2
		case 1:
			w = w / 2 * 5
		default:
			w *= 2
		}
	}
	return w
}

// histogram counts xs in bins of width w from 0 to top.
func histogram(xs []int, w, top int) []Bin {
	n := top/w + 1
	bins := make([]Bin, n)
	for i := range bins {
		bins[i] = Bin{Lo: i * w, Hi: (i + 1) * w}
	}
	for _, x := range xs {
		if i := x / w; i >= 0 && i < n {
			bins[i].Count++
		}
	}
	return bins
}

// sortedKeys returns the keys of m in order of decreasing count, then name.
func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		if a < b {
			return -1
		}
		if a > b {
			return 1
		}
		return 0
	})
	return keys
}
