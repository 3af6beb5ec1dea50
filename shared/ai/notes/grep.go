package notes

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// grepLine caps one printed line of a match.
const grepLine = 300

// Grep renders every note line (title or claim) and every summary that
// matches re, in tree order, then the count. A file is parsed only when
// its bytes match.
func (n *Notes) Grep(re *regexp.Regexp) (View, error) {
	c, err := n.scan()
	if err != nil {
		return View{}, err
	}
	var b strings.Builder
	hits := 0
	var buf []byte
	for _, d := range sortedTopics(c) {
		if d.Summary {
			s, _, err := n.readSummary(d.Topic)
			if err != nil {
				return View{}, err
			}
			if re.MatchString(s.Text) {
				fmt.Fprintf(&b, "%s (summary): %s\n", d.Topic, clip(s.Text, grepLine))
				hits++
			}
		}
		for _, id := range d.Notes {
			p := notePath(d.Topic, id)
			buf, err = n.st.ReadInto(p, buf)
			if err != nil {
				return View{}, err
			}
			if !re.Match(buf) {
				continue
			}
			note, err := ParseNote(p, buf)
			if err != nil {
				return View{}, err
			}
			for _, line := range matchingLines(re, note) {
				fmt.Fprintf(&b, "%s %s: %s\n", d.Topic, id, clip(line, grepLine))
				hits++
			}
		}
	}
	fmt.Fprintf(&b, "# %s for %s\n", plural(hits, "match"), re)
	return View{Text: b.String()}, nil
}

// matchingLines are the note's title and claim lines that match re, each
// once; a title made from the claim's first line is not repeated.
func matchingLines(re *regexp.Regexp, note Note) []string {
	var claim []string
	covered := false
	for _, line := range strings.Split(note.Claim, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && re.MatchString(line) && !slices.Contains(claim, line) {
			claim = append(claim, line)
			covered = covered || strings.Contains(line, note.Title)
		}
	}
	if title := strings.TrimSpace(note.Title); title != "" && !covered && re.MatchString(title) {
		return append([]string{title}, claim...)
	}
	return claim
}
