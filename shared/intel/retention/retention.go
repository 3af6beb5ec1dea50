// Package retention judges a compaction summary against what had to
// survive it: each of the user's captured instructions is kept verbatim,
// kept in substance, or lost; each file in flight and each PRESERVE root
// is named or not. The PostCompact hook judges the summary Claude Code
// just wrote, and si replay the summaries a transcript recorded, with
// the same functions, so the figures a replay reports are the ones a
// session would have seen.
//
// The summary is data: it is only searched, never followed.
package retention

import (
	"slices"
	"strings"
)

// Verdict is what a summary did with one instruction.
type Verdict string

// The verdicts.
const (
	Verbatim  Verdict = "verbatim"  // the words appear as the user wrote them
	Substance Verdict = "substance" // one passage carries most of its content words
	Lost      Verdict = "lost"
)

// maxSummary bounds the summary text judged: its first and last halves
// are read when it is longer (Claude Code's summaries list the user's
// messages near their end).
const maxSummary = 1 << 20

// Summary is a summary prepared for judging many items.
type Summary struct {
	raw   string           // lower-cased, for file names in prose
	paths *Paths           // the paths it names
	flat  string           // folded, one space between words
	lines [][]string       // each line's content stems
	index map[string][]int // stem → the lines holding it
}

// Prepare folds summary once for [Summary.Judge] and [Summary.Names].
func Prepare(summary string) *Summary {
	if len(summary) > maxSummary {
		summary = summary[:maxSummary/2] + "\n" + summary[len(summary)-maxSummary/2:]
	}
	s := &Summary{raw: strings.ToLower(summary), paths: NewPaths(summary), flat: fold(summary), index: map[string][]int{}}
	for _, line := range strings.Split(summary, "\n") {
		stems := contentStems(line)
		if len(stems) == 0 {
			continue
		}
		n := len(s.lines)
		s.lines = append(s.lines, stems)
		for _, st := range stems {
			if l := s.index[st]; len(l) == 0 || l[len(l)-1] != n {
				s.index[st] = append(l, n)
			}
		}
	}
	return s
}

// Empty reports a summary with no text to judge.
func (s *Summary) Empty() bool { return strings.TrimSpace(s.flat) == "" }

// substanceShare is the share of an instruction's content words one
// passage of the summary (a line and the two after it) must hold for the
// instruction to count as kept in substance; instructions of three
// content words or fewer need all of them.
const substanceShare = 0.6

// Judge says what the summary kept of text (context, when given, is the
// question an answer replied to: it helps judge a short answer).
func (s *Summary) Judge(text, context string) Verdict {
	want := fold(strings.Trim(strings.TrimSpace(text), ".!?…\"' "))
	if want == "" {
		return Lost
	}
	if s.containsPlain(want) {
		return Verbatim
	}
	own := contentStems(text)
	if len(own) == 0 {
		return Lost
	}
	need := len(own)
	if need > 3 {
		need = int(float64(need)*substanceShare + 0.999)
	}
	// A short reply ("option B") counts in a passage that also names what
	// it answered.
	var about []string
	if len(own) < 3 && context != "" {
		about = contentStems(context)
	}
	if s.anyPassage(append(own, about...), func(hits map[string]bool) bool {
		n, ctx := 0, len(about) == 0
		for _, st := range own {
			if hits[st] {
				n++
			}
		}
		for _, st := range about {
			ctx = ctx || hits[st]
		}
		return n >= need && ctx
	}) {
		return Substance
	}
	return Lost
}

// containsPlain reports an occurrence of want in the summary that is
// not turned around by a negation just before it ("not to mock the
// database" does not keep "mock the database").
func (s *Summary) containsPlain(want string) bool {
	for from := 0; ; {
		i := strings.Index(s.flat[from:], want)
		if i < 0 {
			return false
		}
		at := from + i
		// The two words just before ("not to …"), within the sentence.
		before := strings.Fields(s.flat[max(0, at-24):at])
		negated := false
		for i := len(before) - 1; i >= 0 && i >= len(before)-2; i-- {
			if strings.ContainsAny(before[i], ".;:!?") {
				break
			}
			negated = negated || negation[strings.Trim(before[i], ",'\"")]
		}
		if !negated {
			return true
		}
		from = at + 1
	}
}

// anyPassage reports whether a passage of three lines holds the stems
// ok wants (it is given the stems the passage holds). A passage that
// holds a negation the stems do not (or lacks one they hold) does not
// count: it says the opposite.
func (s *Summary) anyPassage(stems []string, ok func(map[string]bool) bool) bool {
	negated := slices.Contains(stems, "not")
	hits := map[int]map[string]bool{}
	for _, st := range stems {
		for _, n := range s.index[st] {
			for start := max(0, n-2); start <= n; start++ {
				if hits[start] == nil {
					hits[start] = map[string]bool{}
				}
				hits[start][st] = true
			}
		}
	}
	for start, h := range hits {
		if s.negatedAt(start) == negated && ok(h) {
			return true
		}
	}
	return false
}

// negatedAt reports a negation in the passage of three lines at start.
func (s *Summary) negatedAt(start int) bool {
	for _, n := range s.index["not"] {
		if n >= start && n < start+3 {
			return true
		}
	}
	return false
}

// fold lower-cases text, folds typographic quotes and dashes, drops
// markdown emphasis and backquotes, and leaves one space between words.
func fold(s string) string {
	s = strings.ToLower(folder.Replace(s))
	return strings.Join(strings.Fields(s), " ")
}

var folder = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`, "\u2013", "-", "\u2014", "-",
	"\u2026", "...", "`", "", "**", "", "__", "")
