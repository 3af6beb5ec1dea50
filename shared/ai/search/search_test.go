package search

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"
)

// TestLiterals: the literals a pattern needs, for each construct.
func TestLiterals(t *testing.T) {
	cases := []struct{ expr, want string }{
		{`no such text`, `"no such text"`},
		{`claim 9[0-9]{3}:`, `"claim 9" & [10 bytes]{3} & ":"`},
		{`o.*x`, `"o" & "x"`},
		{`(?i)LOREM.*Z`, `(?i)"lorem" & (?i)"z"`},
		{`foo|bar`, `"foo" | "bar"`},
		{`foo|b*`, ``},
		{`(ab)+c?`, `"ab"`},
		{`x{0,3}y`, `"y"`},
		{`x{2,3}`, `"x"`},
		{`[ab]c`, `("a" | "b") & "c"`},
		{`[a-z]c`, `[26 bytes]{1} & "c"`},
		{`\d+`, `[10 bytes]{1}`},
		{`[0-9]{5}`, `[10 bytes]{5}`},
		{`\d{4}-\d{2}`, `[10 bytes]{4} & "-" & [10 bytes]{2}`},
		{`(?i)[a-z]{3}`, `[180 bytes]{3}`}, // 52 letters and every byte past ASCII (K and ſ fold in)
		{`[é0-9]{2}`, `[138 bytes]{2}`},
		{`[^a]`, `[255 bytes]{1}`},
		{`.`, ``},
		{`^$`, ``},
		{`(?i)straße`, ``}, // a folded literal outside ASCII is left out
		{`straße`, `"straße"`},
		{"\ufffd", ``}, // it also matches invalid bytes
		{`\bgo\b`, `"go"`},
	}
	for _, tc := range cases {
		p, err := Compile(tc.expr)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tc.expr, err)
		}
		if got := p.Literals(); got != tc.want {
			t.Errorf("Compile(%q).Literals() = %s, want %s", tc.expr, got, tc.want)
		}
	}
}

// TestMightNeverMissesAMatch: for random patterns and texts, a text the
// regexp matches always passes the prefilter.
func TestMightNeverMissesAMatch(t *testing.T) {
	atoms := []string{"a", "b", "K", "k", "s", "S", "ſ", "\u212a", "é", "É", "ab", "(?i)ks", "(?i)a", ".", "[ab]", "[kK]", "x?", "b*", "(a|bk)", "\\b", "(?i:s|é)",
		"[a-z]{2}", "(?i)[k-s]{2,3}", "[é a]{2}", "[^ab]{2}", "\\w+", "[0-9x]{3}"}
	alphabet := []rune("abkKsSſ\u212aéÉ xy12")
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		var expr strings.Builder
		for range 1 + rng.IntN(4) {
			expr.WriteString(atoms[rng.IntN(len(atoms))])
			if rng.IntN(5) == 0 {
				expr.WriteString("+")
			}
		}
		if rng.IntN(4) == 0 {
			expr.WriteString("|" + atoms[rng.IntN(len(atoms))])
		}
		p, err := Compile(expr.String())
		if err != nil {
			continue
		}
		text := make([]rune, rng.IntN(12))
		for j := range text {
			text[j] = alphabet[rng.IntN(len(alphabet))]
		}
		b := []byte(string(text))
		if p.Regexp().Match(b) && !p.Might(b) {
			t.Fatalf("case %d: %q matches %q but Might says no (literals %s)", i, expr.String(), string(text), p.Literals())
		}
	}
}

// TestFoldsToASCII: the only runes outside ASCII whose case folds reach
// an ASCII letter are the two lower maps.
func TestFoldsToASCII(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < 0x80 && r != kelvin && r != longS {
				t.Errorf("%U folds to ASCII %q; lower must map it", r, f)
			}
		}
	}
	if got := string(lower(nil, []byte("Ab\u212a\u017fÉ"))); got != "abksÉ" {
		t.Errorf("lower = %q", got)
	}
}

// TestCompileRefuses: an invalid pattern names itself and the error; an
// over-long one names the cap.
func TestCompileRefuses(t *testing.T) {
	cases := []struct{ expr, want string }{
		{`(unclosed`, `bad regex "(unclosed": error parsing regexp: missing closing ): ` + "`(unclosed`"},
		{`a{1001}`, `invalid repeat count`},
		{strings.Repeat("a", MaxPattern+1), "bad regex: 1001 bytes, at most 1000 are accepted: shorten it"},
		{"\xff", "not valid UTF-8"},
	}
	for _, tc := range cases {
		_, err := Compile(tc.expr)
		if err == nil || !errors.Is(err, ErrBadRegex) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Compile(%.20q) = %v, want %q", tc.expr, err, tc.want)
		}
	}
	if _, err := Compile(strings.Repeat("a", MaxPattern)); err != nil {
		t.Errorf("a pattern at the cap: %v", err)
	}
}

// TestBudget: the clock stops a search, the match count caps it, and
// the footer says which.
func TestBudget(t *testing.T) {
	p, _ := Compile("x")
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { now = now.Add(100 * time.Millisecond); return now }
	b := NewBudgetOf(clock, time.Second, 10)
	calls := 0
	for b.More() {
		calls++
	}
	if calls < 10 || calls > 10*checkEvery+checkEvery {
		t.Errorf("More went on %d times for a 1 s budget read every %d calls at 100 ms a reading", calls, checkEvery)
	}
	if err := b.Err(p); !errors.Is(err, ErrTooSlow) || !strings.Contains(err.Error(), "after 1s with 0 matches") {
		t.Errorf("Err = %v", err)
	}
	if f := b.Footer(p); f != "# search stopped after 1s: 0 matches so far for x" {
		t.Errorf("Footer = %q", f)
	}
	b = NewBudgetOf(nil, time.Hour, 3)
	for b.More() {
		b.Hit()
	}
	if b.Hits() != 3 || b.Err(p) != nil || b.Footer(p) != "# stopped at 3 matches for x; narrow the regex to see the rest" {
		t.Errorf("hits %d, err %v, footer %q", b.Hits(), b.Err(p), b.Footer(p))
	}
	b = NewBudget(nil)
	b.Hit()
	if b.Footer(p) != "# 1 match for x" {
		t.Errorf("Footer = %q", b.Footer(p))
	}
}

// TestMatchAgreesWithRegexp: Match is the regexp's answer.
func TestMatchAgreesWithRegexp(t *testing.T) {
	for _, expr := range []string{`(?i)GO\b`, `claim 9[0-9]{3}:`, `a|b`} {
		p, _ := Compile(expr)
		re := regexp.MustCompile(expr)
		for _, text := range []string{"go on", "Go", "claim 9123: x", "claim 91: x", "b", ""} {
			if p.Match([]byte(text)) != re.MatchString(text) {
				t.Errorf("%q on %q: Match %v, regexp %v", expr, text, p.Match([]byte(text)), re.MatchString(text))
			}
		}
	}
}
