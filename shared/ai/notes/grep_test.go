package notes

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestGrepAgreesWithReadingEveryNote: the index and the prefilter
// never change an answer: for titles with quotes, backslashes and
// non-ASCII letters, claims of several lines, matches in the title, the
// claim, the front matter (never printed) or a summary, Grep prints
// what parsing every note and summary finds.
func TestGrepAgreesWithReadingEveryNote(t *testing.T) {
	n := newNotes(t)
	add(t, n, "a", `say "hi" \ bye`, "a claim\nwith a second line about Kelvin \u212a")
	add(t, n, "a.b", "Straße naming", "the long \u017f and ÉCOLE")
	add(t, n, "c", "plain", "nothing here; created: is not searched")
	add(t, n, "c", "", "a title made from the claim. Then more")
	writeSummary(t, n, "a", "a summary\nover two lines")
	patterns := []string{`say "hi"`, `\\ bye`, `(?i)KELVIN K`, `(?i)kelvin k`, `(?i)the long s`, `(?i)école`,
		`second line`, `created`, `2026`, `summary over`, `Straße`, `(?i)STRASSE`, `^a claim$`, `title made`, `.`}
	for _, expr := range patterns {
		p := mustPattern(t, expr)
		v, err := n.Grep(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(v.Text, "\n"), "\n")
		got = got[:len(got)-1] // the count
		if want := everyMatch(t, n, p); !slices.Equal(got, want) {
			t.Errorf("grep %q:\n%s\nwant\n%s", expr, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// everyMatch greps by parsing every note and summary of n.
func everyMatch(t *testing.T, n *Notes, p interface{ MatchString(string) bool }) []string {
	t.Helper()
	c, err := n.scan()
	must(t, err)
	var out []string
	for _, d := range sortedTopics(c) {
		if s, ok, _ := n.readSummary(d.Topic); ok && len(d.Topic) > 0 && p.MatchString(s.Text) {
			out = append(out, fmt.Sprintf("%s (summary): %s", d.Topic, s.Text))
		}
		for _, id := range d.Notes {
			note, _, err := n.readNote(notePath(d.Topic, id), d.Topic, nil)
			must(t, err)
			for _, line := range matchingLines(mustPattern(t, fmt.Sprint(p)), note) {
				out = append(out, fmt.Sprintf("%s %s: %s", d.Topic, id, line))
			}
		}
	}
	return out
}
