package cl100k

import (
	"testing"
)

// TestKnownCounts checks figures that three independent cl100k
// implementations agree on (see the project's dependency notes), plus
// the pointer shapes the AILv1 encoder relies on.
func TestKnownCounts(t *testing.T) {
	cases := map[string]int{
		"":              0,
		"hello world":   2,
		" $1":           2,
		" $999":         2,
		" Celery_Redis": 4,
	}
	var c Counter
	for in, want := range cases {
		if got := c.Count(in); got != want {
			t.Errorf("Count(%q) = %d, want %d", in, got, want)
		}
	}
	if n := c.Count("\xff\xfe broken"); n <= 0 {
		t.Errorf("invalid UTF-8 counted as %d tokens", n)
	}
}
