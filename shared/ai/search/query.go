package search

import (
	"bytes"
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"
)

// query is a formula over literals that every match of a pattern
// satisfies: all of, any of, a literal, or nothing known (opAll).
type query struct {
	op  qop
	lit []byte // opLit: exact bytes, or lowered ASCII when fold
	// fold: the literal matches case-insensitively; text is compared
	// lowered (see lower).
	fold bool
	sub  []query
	// opRun: at least run bytes in a row from set.
	set *[256]bool
	run int
}

type qop int

const (
	opAll qop = iota // nothing required
	opLit
	opAnd
	opOr
	opRun
)

// smallClass is the most runes a character class may hold to become an
// any-of of literals: beyond it the test costs more than it saves.
const smallClass = 4

// required is the query every match of re satisfies.
func required(re *syntax.Regexp) query {
	switch re.Op {
	case syntax.OpLiteral:
		return literal(re.Rune, re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		return class(re.Rune, 1)
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		if re.Sub[0].Op == syntax.OpCharClass {
			return class(re.Sub[0].Rune, 1)
		}
		return required(re.Sub[0])
	case syntax.OpRepeat:
		switch {
		case re.Min >= 1 && re.Sub[0].Op == syntax.OpCharClass:
			return class(re.Sub[0].Rune, re.Min)
		case re.Min >= 1:
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		var all []query
		for _, s := range re.Sub {
			all = append(all, required(s))
		}
		return and(all)
	case syntax.OpAlternate:
		var any []query
		for _, s := range re.Sub {
			q := required(s)
			if q.op == opAll {
				return query{}
			}
			any = append(any, q)
		}
		return or(any)
	}
	// Stars, optionals, any character, empty-width assertions: nothing
	// in particular must appear.
	return query{}
}

// literal is a run of runes. A case-folded one is kept only when every
// rune is ASCII, so that comparing lowered text is exact (lower maps
// the two non-ASCII runes that fold to ASCII letters).
func literal(runes []rune, fold bool) query {
	if len(runes) == 0 {
		return query{}
	}
	var b []byte
	for _, r := range runes {
		if r == utf8.RuneError {
			return query{} // it also matches invalid bytes
		}
		if fold && r >= utf8.RuneSelf {
			return query{}
		}
		if fold && 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		b = utf8.AppendRune(b, r)
	}
	return query{op: opLit, lit: b, fold: fold}
}

// class is n runes in a row from a character class: when n is 1 and the
// class holds few runes, any of them; otherwise a run of n bytes from
// the class's bytes, every byte past ASCII counted in when it holds a
// rune past ASCII (a rune is then several such bytes, so a match's run
// is never shorter in bytes than in runes).
func class(ranges []rune, n int) query {
	if n == 1 {
		if any, ok := fewRunes(ranges); ok {
			return or(any)
		}
	}
	set := new([256]bool)
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < utf8.RuneSelf; r++ {
			set[r] = true
		}
		if ranges[i+1] >= utf8.RuneSelf {
			for b := utf8.RuneSelf; b < 256; b++ {
				set[b] = true
			}
		}
	}
	return query{op: opRun, set: set, run: n}
}

// fewRunes is a class of at most smallClass runes as literals.
func fewRunes(ranges []rune) ([]query, bool) {
	var any []query
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if len(any) == smallClass || r == utf8.RuneError {
				return nil, false
			}
			any = append(any, query{op: opLit, lit: utf8.AppendRune(nil, r)})
		}
	}
	return any, true
}

// and is all of qs; parts that require nothing drop out.
func and(qs []query) query {
	var keep []query
	for _, q := range qs {
		if q.op != opAll {
			keep = append(keep, q)
		}
	}
	switch len(keep) {
	case 0:
		return query{}
	case 1:
		return keep[0]
	}
	return query{op: opAnd, sub: keep}
}

// or is any of qs (none of which is opAll).
func or(qs []query) query {
	switch len(qs) {
	case 0:
		return query{}
	case 1:
		return qs[0]
	}
	return query{op: opOr, sub: qs}
}

// eval reports whether the text satisfies q; low is the text lowered,
// needed only by folded literals.
func (q query) eval(text, low []byte) bool {
	switch q.op {
	case opLit:
		if q.fold {
			return bytes.Contains(low, q.lit)
		}
		return bytes.Contains(text, q.lit)
	case opAnd:
		for _, s := range q.sub {
			if !s.eval(text, low) {
				return false
			}
		}
		return true
	case opOr:
		for _, s := range q.sub {
			if s.eval(text, low) {
				return true
			}
		}
		return false
	case opRun:
		k := 0
		for _, c := range text {
			if !q.set[c] {
				k = 0
			} else if k++; k >= q.run {
				return true
			}
		}
		return false
	}
	return true
}

// folds reports whether q holds a case-folded literal.
func (q query) folds() bool {
	if q.op == opLit {
		return q.fold
	}
	for _, s := range q.sub {
		if s.folds() {
			return true
		}
	}
	return false
}

// String writes q as a formula: "abc" & ("x" | (?i)"y").
func (q query) String() string {
	switch q.op {
	case opLit:
		s := strconv.Quote(string(q.lit))
		if q.fold {
			s = "(?i)" + s
		}
		return s
	case opRun:
		k := 0
		for _, in := range q.set {
			if in {
				k++
			}
		}
		return fmt.Sprintf("[%d bytes]{%d}", k, q.run)
	case opAnd, opOr:
		sep := " & "
		if q.op == opOr {
			sep = " | "
		}
		parts := make([]string, len(q.sub))
		for i, s := range q.sub {
			parts[i] = s.String()
			if s.op == opAnd || s.op == opOr {
				parts[i] = "(" + parts[i] + ")"
			}
		}
		return strings.Join(parts, sep)
	}
	return ""
}
