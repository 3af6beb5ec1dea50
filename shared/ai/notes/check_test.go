package notes

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseTopic(t *testing.T) {
	cases := []struct {
		in      string
		want    string // path, when accepted
		errHas  string
		errKind error
	}{
		{in: "physics", want: "physics"},
		{in: "physics.qm", want: "physics/qm"},
		{in: "a-b.c_d.0x", want: "a-b/c_d/0x"},
		{in: "", errHas: "empty; name one like physics.qm"},
		{in: "..", errHas: "empty segment"},
		{in: "physics..qm", errHas: "empty segment"},
		{in: ".physics", errHas: "empty segment"},
		{in: "physics.", errHas: "empty segment"},
		{in: "../etc", errHas: "not slashes"},
		{in: "/etc/passwd", errHas: "not slashes"},
		{in: "physics/qm", errHas: "not slashes"},
		{in: `physics\qm`, errHas: "not slashes"},
		{in: "Physics", errHas: `segment "Physics" has capitals`},
		{in: "-x", errHas: `segment "-x" has '-'`},
		{in: "a b", errHas: `has ' '`},
		{in: "quantum.é", errHas: `has 'é'`},
		{in: "a\x00b", errHas: `has '\x00'`},
		{in: "~", errHas: `has '~'`},
		{in: "a.b.c.d.e.f.g.h.i", errHas: "9 levels; at most 8"},
		{in: strings.Repeat("x", 49), errHas: "over 48 characters"},
	}
	for _, c := range cases {
		got, err := ParseTopic(c.in)
		if c.errHas != "" {
			if err == nil || !strings.Contains(err.Error(), c.errHas) || !errors.Is(err, ErrBadTopic) {
				t.Errorf("ParseTopic(%q) = %v, %v; want an error with %q", c.in, got, err, c.errHas)
			}
			continue
		}
		if err != nil || got.Path() != c.want || got.String() != c.in {
			t.Errorf("ParseTopic(%q) = %q, %v; want %q", c.in, got.Path(), err, c.want)
		}
	}
}

func TestCheckClaimTitleConfidence(t *testing.T) {
	claims := []struct{ in, want, errHas string }{
		{in: "  a claim \n", want: "a claim"},
		{in: "line one\r\nline two", want: "line one\nline two"},
		{in: "tab\there", want: "tab here"},
		{in: " \n\t", errHas: "empty claim: write the claim as an argument or on stdin"},
		{in: strings.Repeat("é", MaxClaim+1), errHas: "claim too long: 4001 characters, at most 4000"},
		{in: "bad \xff", errHas: "not valid UTF-8"},
	}
	for _, c := range claims {
		got, err := CheckClaim(c.in)
		if (c.errHas == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.errHas) || got != c.want {
			t.Errorf("CheckClaim(%q) = %q, %v", c.in, got, err)
		}
	}
	titles := []struct{ claim, want string }{
		{"Energy is conserved.\nNoether: time symmetry.", "Energy is conserved"},
		{"First sentence. Second sentence.", "First sentence"},
		{"  spaced   out\ttitle  ", "spaced out title"},
		{strings.Repeat("long ", 30), clip(strings.TrimSpace(strings.Repeat("long ", 30)), 80)},
		{"v1.2 is out", "v1.2 is out"},
	}
	for _, c := range titles {
		if got, err := CheckTitle("", c.claim); got != c.want || err != nil || len([]rune(got)) > 80 {
			t.Errorf("title made from %q: %q, %v; want %q", c.claim, got, err, c.want)
		}
	}
	if _, err := CheckTitle(strings.Repeat("t", MaxTitle+1), "x"); err == nil || !strings.Contains(err.Error(), "title too long: 121 characters, at most 120") {
		t.Errorf("long title: %v", err)
	}
	for _, c := range []string{"", "guess", "likely", "verified", "disputed"} {
		if err := CheckConfidence(c); err != nil {
			t.Errorf("CheckConfidence(%q): %v", c, err)
		}
	}
	if err := CheckConfidence("sure"); err == nil || err.Error() != `unknown confidence "sure": use one of guess, likely, verified, disputed` {
		t.Errorf("CheckConfidence(sure): %v", err)
	}
}

func TestNoteFileRoundTrip(t *testing.T) {
	n := Note{ID: "0c3k7mx9p2ab", Title: `Quotes "and": colons`, Confidence: "verified",
		Created: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), Links: []string{"0c3k7mx9p2ac", "0c3k7mx9p2ad"},
		ConflictOf: "0c3k7mx9p2ae", Claim: "line one\n\n---\nline three"}
	got, err := ParseNote("x.md", n.Format())
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != n.Title || got.Claim != n.Claim || !got.Created.Equal(n.Created) || got.ConflictOf != n.ConflictOf ||
		strings.Join(got.Links, ",") != strings.Join(n.Links, ",") || got.Confidence != n.Confidence || got.ID != n.ID {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, n)
	}
	bad := []struct{ name, data, errHas string }{
		{"no front matter", "just text\n", "x.md line 1: bad note file: no front matter"},
		{"unclosed", "---\nid: 0c3k7mx9p2ab\n", "does not end with ---"},
		{"no id", "---\ntitle: x\n---\nclaim\n", "no id"},
		{"bad id", "---\nid: ../../etc\n---\n", `line 2: bad note file: bad id "../../etc"`},
		{"bad link", "---\nid: 0c3k7mx9p2ab\nlinks: [../x]\n---\n", `bad link "../x"`},
		{"links not a list", "---\nid: 0c3k7mx9p2ab\nlinks: 0c3k7mx9p2ac\n---\n", "want [id, id]"},
		{"bad time", "---\nid: 0c3k7mx9p2ab\ncreated: yesterday\n---\n", `bad created time "yesterday"`},
		{"no colon", "---\nid: 0c3k7mx9p2ab\nwhat\n---\n", `want key: value, got "what"`},
	}
	for _, c := range bad {
		if _, err := ParseNote("x.md", []byte(c.data)); err == nil || !strings.Contains(err.Error(), c.errHas) {
			t.Errorf("%s: %v; want %q", c.name, err, c.errHas)
		}
	}
	// Hand edits that stay readable: unknown keys, single quotes, comments.
	hand := "---\nid: 0c3k7mx9p2ab\ntitle: 'it''s'\nsource: a book\n# a comment\n---\nclaim\n"
	if got, err := ParseNote("x.md", []byte(hand)); err != nil || got.Title != "it's" || got.Claim != "claim" {
		t.Errorf("hand-edited note: %+v, %v", got, err)
	}
}

func TestNewID(t *testing.T) {
	a := NewID(time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
	b := NewID(time.Date(2026, 5, 1, 10, 0, 1, 0, time.UTC))
	if !ValidID(a) || !ValidID(b) || a[:idTimeLen] >= b[:idTimeLen] {
		t.Errorf("ids %s, %s: want valid, sorting by time", a, b)
	}
	if early := NewID(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)); early[:idTimeLen] != "000000" {
		t.Errorf("an id before the epoch: %s", early)
	}
	for _, bad := range []string{"", "0c3k7mx9p2a", "0c3k7mx9p2abc", "0C3K7MX9P2AB", "0c3k7mx9p2ai", "../../../x/"} {
		if ValidID(bad) {
			t.Errorf("ValidID(%q) = true", bad)
		}
	}
}
