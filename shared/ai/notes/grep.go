package notes

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
)

// grepLine caps one printed line of a match.
const grepLine = 300

// hit is one printed match and where it sorts.
type hit struct {
	topic   Topic
	summary bool
	id      string
	line    string
}

// Grep renders every note line (title or claim) and every summary that
// matches p, in tree order, then a count; b (nil: the defaults) bounds
// the time and the matches. It reads the store's search index (one
// file, kept at the newest commit); a note is parsed only when its
// title or a line of its claim matches, which is tested on all cores
// and, first, for the literals a match needs. A search that ran out of
// time returns what it found and b's error.
func (n *Notes) Grep(p *search.Pattern, b *search.Budget) (View, error) {
	if b == nil {
		b = search.NewBudget(nil)
	}
	hits, cands, err := n.collect(p, b)
	if err != nil {
		return View{}, err
	}
	keep := search.Filter(p, b, len(cands), func(p *search.Pattern, i int) bool {
		return searchable(cands[i].data, func(line []byte) bool { return p.Match(bytes.TrimSpace(line)) })
	})
	for i, c := range cands {
		if !keep[i] || b.Full() {
			continue
		}
		note, err := ParseNote(c.file, c.data)
		if err != nil {
			return View{}, err
		}
		for _, line := range matchingLines(p, note) {
			hits = append(hits, hit{topic: c.topic, id: c.id, line: fmt.Sprintf("%s %s: %s", c.topic, c.id, clip(line, grepLine))})
			b.Hit()
		}
	}
	sortHits(hits)
	var out strings.Builder
	for _, h := range hits {
		out.WriteString(h.line + "\n")
	}
	out.WriteString(b.Footer(p) + "\n")
	return View{Text: out.String()}, b.Err(p)
}

// collect reads the search index once: the summaries that match p, and
// the note files that hold the literals a match needs, for the regexp.
func (n *Notes) collect(p *search.Pattern, b *search.Budget) ([]hit, []candidate, error) {
	var hits []hit
	var cands []candidate
	err := n.st.EachSearched(func(file string, data []byte) error {
		dir, name := path.Split(file)
		t, ok := topicOfDir(strings.TrimSuffix(dir, "/"))
		if !ok || len(t) == 0 {
			return nil
		}
		if name == SummaryFile {
			if !b.More() {
				return nil
			}
			// Parsed whole: its text joins the file's lines.
			if s := parseSummary(t, data); p.MatchString(s.Text) {
				hits = append(hits, hit{topic: t, summary: true, line: fmt.Sprintf("%s (summary): %s", t, clip(s.Text, grepLine))})
				b.Hit()
			}
			return nil
		}
		if id, ok := idOfFile(name); ok && searchable(data, p.Might) {
			cands = append(cands, candidate{t, id, file, data})
		}
		return nil
	})
	return hits, cands, err
}

// candidate is a note file a search tests.
type candidate struct {
	topic    Topic
	id, file string
	data     []byte
}

// sortHits puts hits in tree order: by topic, its summary first, then
// its notes oldest first.
func sortHits(hits []hit) {
	slices.SortStableFunc(hits, func(x, y hit) int {
		if c := slices.Compare(x.topic, y.topic); c != 0 {
			return c
		}
		if x.summary != y.summary {
			if x.summary {
				return -1
			}
			return 1
		}
		return strings.Compare(x.id, y.id)
	})
}

// searchable reports whether test holds for a line of a note file's
// claim or for its title, as matchingLines reads them (the title
// unquoted), leaving out the rest of the front matter (ids, times),
// which no search reads. A file that cannot be split so is left to the
// parse (true).
func searchable(data []byte, test func([]byte) bool) bool {
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	end := bytes.Index(rest, []byte("\n---\n"))
	if !ok || end < 0 {
		return true
	}
	front, body := rest[:end+1], rest[end+5:]
	for len(body) > 0 {
		line := body
		if j := bytes.IndexByte(body, '\n'); j >= 0 {
			line, body = body[:j], body[j+1:]
		} else {
			body = nil
		}
		if test(line) {
			return true
		}
	}
	i := bytes.Index(front, []byte("\ntitle:"))
	if bytes.HasPrefix(front, []byte("title:")) {
		i = -1
	} else if i < 0 {
		return true // a title written otherwise: the parse reads it
	}
	title := front[i+1:]
	if j := bytes.IndexByte(title, '\n'); j >= 0 {
		title = title[:j]
	}
	_, value, _ := strings.Cut(string(title), ":")
	return test([]byte(unquote(strings.TrimSpace(value))))
}

// matchingLines are the note's title and claim lines that match p, each
// once; a title made from the claim's first line is not repeated.
func matchingLines(p *search.Pattern, note Note) []string {
	var claim []string
	covered := false
	for _, line := range strings.Split(note.Claim, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && p.MatchString(line) && !slices.Contains(claim, line) {
			claim = append(claim, line)
			covered = covered || strings.Contains(line, note.Title)
		}
	}
	if title := strings.TrimSpace(note.Title); title != "" && !covered && p.MatchString(title) {
		return append([]string{title}, claim...)
	}
	return claim
}
