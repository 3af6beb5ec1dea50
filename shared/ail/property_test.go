package ail

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// pieces are what the random texts are made of: the grammar's own
// operators and separators, white space of every sort, pointers,
// quotes, brackets, words worth a pointer and bytes the decoder refuses.
var pieces = []string{
	"a", "b", "x_y", "api.v2", "src/auth", "-", ">", "->", " -> ", "(", ")", "[", "]", "{", "}",
	"|", ",", "'", `"`, "`", `\`, "$", "$1", "$12", "$0", "=", "^", "?", " ?", "!", "~", ":", ":=",
	" ", "  ", "\t", "\n", "\r", "é", "\u00a0", "\u2028", "\x00", "\x1b", "\xff", "mutates",
	"|mutates(", "#", "@NEXT", "!AILv1", "recipe_thumbnail_orchestrator", "ghp_aB3dE5fG7haB3dE5fG7haB3dE5fG7haB3dE5fG7h",
}

// randomText joins up to n random pieces.
func randomText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range rng.IntN(n + 1) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

func randomList(rng *rand.Rand) []string {
	out := make([]string, rng.IntN(4))
	for i := range out {
		out[i] = randomText(rng, 3)
	}
	return out
}

// randomLine builds one line with a builder from random parts; ok is
// false when the builder refused them.
func randomLine(rng *rand.Rand) (lines []Line, ok bool) {
	switch rng.IntN(5) {
	case 0:
		return Ctx(randomText(rng, 8)), true
	case 1:
		return Arch(randomText(rng, 8)), true
	case 2:
		l, err := LogLine(Rejection{randomText(rng, 4), randomText(rng, 6), randomText(rng, 4)})
		return []Line{l}, err == nil
	case 3:
		s := Sig{File: randomText(rng, 2), Name: randomText(rng, 2), Async: rng.IntN(2) == 0,
			Args: randomList(rng), Ret: randomText(rng, 2), Mutates: randomList(rng)}
		l, err := SigLine(s)
		return []Line{l}, err == nil
	}
	l, err := NextLine(randomText(rng, 4), randomText(rng, 4))
	return []Line{l}, err == nil
}

// TestEncoderOutputDecodes: whatever the builders accept, Encode writes
// a snapshot that decodes strictly, with or without pointers and
// redaction, and the pointers change nothing once hydrated.
func TestEncoderOutputDecodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	built := map[bool]int{}
	for range 5000 {
		var lines []Line
		for range 1 + rng.IntN(6) {
			ls, ok := randomLine(rng)
			built[ok]++
			if ok {
				lines = append(lines, ls...)
			}
		}
		for _, opt := range []Options{{NoRedact: true}, {NoRedact: true, Counter: byteCounter{}}, {Counter: byteCounter{}}} {
			text, _, err := Encode(lines, opt)
			if err != nil {
				t.Fatalf("Encode(%+v, counter %v) = %v", lines, opt.Counter != nil, err)
			}
			d, err := ParseString(text, Limits{})
			if err != nil {
				t.Fatalf("encoder output does not decode: %v\n%s", err, text)
			}
			if _, reps, err := DecodeString(text, DecodeOptions{Lenient: true}); err != nil || len(reps) > 0 {
				t.Fatalf("encoder output needs repairs %v: %v\n%s", reps, err, text)
			}
			plain, _, _ := Encode(lines, Options{NoRedact: opt.NoRedact})
			if a, b := hydrateDoc(t, d), hydrate(t, plain); a != b {
				t.Fatalf("pointers changed the text:\n%s\nvs\n%s", a, b)
			}
		}
	}
	t.Logf("built %v", built)
	if built[true] < built[false]/4 {
		t.Fatalf("the builders accepted %d and refused %d: too few to mean much", built[true], built[false])
	}
}

func hydrateDoc(t *testing.T, d *Document) string {
	t.Helper()
	out, err := d.Hydrate(Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLogLineAlwaysBuilds: a rejection whose three parts have any text
// at all becomes a @LOG line, whatever characters they hold.
func TestLogLineAlwaysBuilds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 20000 {
		r := Rejection{randomText(rng, 5), randomText(rng, 8), randomText(rng, 5)}
		if word(r.Tried) == "" || oneLine(r.Reason) == "" || oneLine(r.Instead) == "" {
			continue
		}
		l, err := LogLine(r)
		if err != nil {
			t.Fatalf("LogLine(%q) = %v", r, err)
		}
		if _, err := ParseLog(l.Body); err != nil {
			t.Fatalf("LogLine(%q) wrote %q: %v", r, l.Body, err)
		}
	}
}
