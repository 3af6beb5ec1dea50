package ail

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Tuning of the pointer search. A pointer costs two cl100k tokens (" $"
// and the number), so only terms of three or more tokens that recur can
// pay for themselves and their @MEM entry.
const (
	minTermLen    = 4         // shorter terms are never three tokens in practice
	maxTermLen    = 256       // longer runs are data, not names
	maxCandidates = 1000      // terms measured with the counter, most promising first
	maxPointers   = 999       // $1..$999: ids of one number token
	verifyBytes   = 256 << 10 // documents this small are counted whole to confirm the gain
)

// pointerize returns a document of lines in which recurring terms are
// replaced by $N pointers, or of the lines unchanged when no pointer
// saves tokens by c's count.
func pointerize(lines []Line, c Counter) *Document {
	plain := &Document{Lines: lines}
	chosen := choose(lines, c)
	if len(chosen) == 0 {
		return plain
	}
	ids := make(map[string]int, len(chosen))
	doc := &Document{Mem: chosen}
	for _, p := range chosen {
		ids[p.Value] = p.ID
	}
	for _, l := range lines {
		body := rewrite(l, func(f string) string { return substitute(f, ids) })
		doc.Lines = append(doc.Lines, Line{Kind: l.Kind, Body: body})
	}
	// Estimates ignore how a term's neighbours change its tokens; where
	// counting the whole document is cheap, make sure the gain is real.
	if plain.size() <= verifyBytes && c.Count(doc.Format()) >= c.Count(plain.Format()) {
		return plain
	}
	return doc
}

// candidate is a recurring term and what replacing it would save.
type candidate struct {
	term   string
	n      int // occurrences
	tokens int // tokens of " "+term
}

// estimate is the saving with a two-token pointer and a @MEM entry of
// about the term's own size.
func (cd candidate) estimate() int { return cd.n*(cd.tokens-2) - cd.tokens - 2 }

// choose picks the pointers that pay for themselves, most valuable first,
// and numbers them around the $N already written literally in the text.
func choose(lines []Line, c Counter) []Pointer {
	counts := map[string]int{}
	taken := map[int]bool{}
	count := func(f string) string {
		eachTerm(f, func(t string) {
			if len(t) >= minTermLen && len(t) <= maxTermLen {
				counts[t]++
			}
		})
		return f
	}
	for _, l := range lines {
		literalIDs(l.Body, taken)
		rewrite(l, count)
	}
	var cands []candidate
	for t, n := range counts {
		if n >= 2 {
			cands = append(cands, candidate{term: t, n: n})
		}
	}
	// Cheap ranking by characters saved, then the counter on the best.
	slices.SortFunc(cands, func(a, b candidate) int {
		return cmp.Or(cmp.Compare((b.n-1)*len(b.term), (a.n-1)*len(a.term)), strings.Compare(a.term, b.term))
	})
	cands = cands[:min(len(cands), maxCandidates)]
	for i := range cands {
		cands[i].tokens = c.Count(" " + cands[i].term)
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.estimate(), a.estimate()) })
	var out []Pointer
	gain, id := 0, 1
	for _, cd := range cands {
		for taken[id] {
			id++
		}
		if id > maxPointers {
			break
		}
		ref := "$" + strconv.Itoa(id)
		save := cd.n*(cd.tokens-c.Count(" "+ref)) - c.Count(" "+ref+"="+cd.term)
		if save <= 0 {
			continue
		}
		out = append(out, Pointer{ID: id, Value: cd.term})
		gain += save
		id++
	}
	if gain <= c.Count(string(KindMem)+"\n") {
		return nil
	}
	return out
}

// literalIDs marks the pointer ids that s already spells out ($5 in
// "costs $5"), so that no pointer takes their number and the decoder
// leaves them alone.
func literalIDs(s string, taken map[int]bool) {
	for i := strings.IndexByte(s, '$'); i >= 0; {
		id, end := pointerID(s, i+1)
		if id > 0 {
			taken[id] = true
		}
		j := strings.IndexByte(s[end:], '$')
		if j < 0 {
			return
		}
		i = end + j
	}
}

// rewrite returns l's body with fn applied to every part where the
// grammar lets a pointer stand: all of @CTX and @ARCH, the reason and
// the replacement of @LOG (its identifier cannot hold one), every part
// of @SIG and each @NEXT task. The grammar's own words ("mutates") are
// never among them, so a pointer cannot take their place. A body that
// does not parse is returned as it is.
func rewrite(l Line, fn func(string) string) string {
	switch l.Kind {
	case KindLog:
		r, err := ParseLog(l.Body)
		if err != nil {
			return l.Body
		}
		r.Reason, r.Instead = fn(r.Reason), fn(r.Instead)
		return r.String()
	case KindSig:
		s, err := ParseSig(l.Body)
		if err != nil {
			return l.Body
		}
		s.File, s.Name, s.Ret = fn(s.File), fn(s.Name), fn(s.Ret)
		mapAll(s.Args, fn)
		mapAll(s.Mutates, fn)
		return s.String()
	case KindNext:
		tasks, err := ParseNext(l.Body)
		if err != nil || len(tasks) == 0 {
			return l.Body
		}
		mapAll(tasks, fn)
		return "?" + strings.Join(tasks, " ?")
	}
	return fn(l.Body)
}

// mapAll replaces every element of xs by fn of it.
func mapAll(xs []string, fn func(string) string) {
	for i, x := range xs {
		xs[i] = fn(x)
	}
}

// substitute replaces every whole-term occurrence of a key of ids.
func substitute(s string, ids map[string]int) string {
	var b strings.Builder
	last := 0
	eachTermAt(s, func(i, j int) {
		if id, ok := ids[s[i:j]]; ok {
			b.WriteString(s[last:i])
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(id))
			last = j
		}
	})
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// eachTerm calls fn with every term of s; see eachTermAt.
func eachTerm(s string, fn func(string)) {
	eachTermAt(s, func(i, j int) { fn(s[i:j]) })
}

// eachTermAt calls fn with the bounds of every term of s: a maximal run
// of ASCII letters, digits and underscores, which may continue through a
// single . / or - that is followed by another such byte (file.go,
// src/auth, make-thumbnails); a colon ends a term, so that "$2:thumbs"
// can stand for "MinIO:thumbs". Since a term never ends next to
// a letter, digit or underscore, a $N put in its place cannot run into
// the text that follows.
func eachTermAt(s string, fn func(i, j int)) {
	for i := 0; i < len(s); {
		if !isWordByte(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) {
			if isWordByte(s[j]) {
				j++
				continue
			}
			if j+1 < len(s) && strings.IndexByte("./-", s[j]) >= 0 && isWordByte(s[j+1]) {
				j += 2
				continue
			}
			break
		}
		fn(i, j)
		i = j
	}
}

// isWordByte reports whether c is an ASCII letter, digit or underscore.
func isWordByte(c byte) bool {
	return c == '_' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}
