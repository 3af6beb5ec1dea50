package shape

import "testing"

// minRootedShare is the share of the corpus's tool calls that must map to
// a root. Before Bash commands were parsed it was 57.5% (the Bash calls of
// a replay named nothing that could be checked).
const minRootedShare = 0.80

// TestCorpusRootedShare replays the corpus's tool calls through
// [Env.Target], with the paths each transcript showed as the oracle, and
// checks the share that maps to a root, per file and overall.
func TestCorpusRootedShare(t *testing.T) {
	var rooted, calls, bashRooted, bash int
	for _, path := range corpusFiles(t) {
		s := readSession(t, path)
		n := 0
		for _, c := range s.calls {
			p, _ := Env{Cwd: c.cwd, Known: s.known.Lookup}.Target(c.tool, c.input)
			if c.tool == "Bash" {
				bash++
			}
			if p != "" {
				n++
				if c.tool == "Bash" {
					bashRooted++
				}
			}
		}
		t.Logf("%-66s %4d/%4d %5.1f%%", s.name, n, len(s.calls), pct(n, len(s.calls)))
		rooted += n
		calls += len(s.calls)
	}
	t.Logf("overall %d/%d %.1f%%; Bash %d/%d %.1f%%", rooted, calls, pct(rooted, calls), bashRooted, bash, pct(bashRooted, bash))
	if share := float64(rooted) / float64(max(calls, 1)); share < minRootedShare {
		t.Errorf("rooted share = %.1f%%, want at least %.0f%%", 100*share, 100*minRootedShare)
	}
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }
