// Package search is the regular-expression search of the ai stores
// (`ai memory grep`, `ai notes grep`): a pattern checked against a cap,
// the literals every match must contain, so that text holding none of
// them is passed over with a substring search instead of the regexp
// engine, and the bounds of one search, its time and its output.
//
// The literals are only ever a necessary condition: [Pattern.Might]
// says false only for text the regexp cannot match, so a search gives
// the same answers with or without them.
package search

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// MaxPattern caps a pattern, in bytes: RE2 runs in time linear in the
// text, but with a factor that grows with the pattern.
const MaxPattern = 1000

// ErrBadRegex marks a pattern that is refused.
var ErrBadRegex = errors.New("bad regex")

// Pattern is a compiled search pattern.
type Pattern struct {
	expr string
	re   *regexp.Regexp
	need query
	// low holds text lowered for the case-folded literals, reused.
	low []byte
}

// Compile checks and compiles an RE2 pattern as Go's regexp reads it.
func Compile(expr string) (*Pattern, error) {
	switch {
	case !utf8.ValidString(expr):
		return nil, fmt.Errorf("%w: the pattern is not valid UTF-8", ErrBadRegex)
	case len(expr) > MaxPattern:
		return nil, fmt.Errorf("%w: %d bytes, at most %d are accepted: shorten it", ErrBadRegex, len(expr), MaxPattern)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrBadRegex, expr, err)
	}
	p := &Pattern{expr: expr, re: re}
	// regexp parsed it with the same flags, so this cannot fail.
	if tree, err := syntax.Parse(expr, syntax.Perl); err == nil {
		p.need = required(tree)
	}
	return p, nil
}

// String is the pattern as given.
func (p *Pattern) String() string { return p.expr }

// Regexp is the compiled regular expression.
func (p *Pattern) Regexp() *regexp.Regexp { return p.re }

// Match reports whether b holds a match.
func (p *Pattern) Match(b []byte) bool { return p.Might(b) && p.re.Match(b) }

// MatchString reports whether s holds a match.
func (p *Pattern) MatchString(s string) bool { return p.re.MatchString(s) }

// Might reports whether text may hold a match: false only when it holds
// none of the literals a match needs. It is not safe for concurrent use.
func (p *Pattern) Might(text []byte) bool {
	if p.need.op == opAll {
		return true
	}
	var low []byte
	if p.need.folds() {
		p.low = lower(p.low[:0], text)
		low = p.low
	}
	return p.need.eval(text, low)
}

// Literals describes the prefilter, for tests and benchmarks: the
// literals a match needs, as a formula ("" when there are none).
func (p *Pattern) Literals() string { return p.need.String() }
