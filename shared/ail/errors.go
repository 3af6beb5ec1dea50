package ail

import (
	"errors"
	"fmt"
	"strings"
)

// The kinds of problem the decoder reports. Every refusal is an *[Error]
// that wraps one of them, so callers tell problems apart with
// [errors.Is]; lenient decoding names the same kinds in its [Repair]s.
var (
	ErrTooLarge            = errors.New("input over the size limit")
	ErrLineTooLong         = errors.New("line over the length limit")
	ErrInvalidUTF8         = errors.New("invalid UTF-8")
	ErrControlChar         = errors.New("control character")
	ErrNoHeader            = errors.New("missing !AILv1 header")
	ErrRepeatedHeader      = errors.New("header repeated")
	ErrNoNewline           = errors.New("last line without a newline")
	ErrBlankLine           = errors.New("blank line")
	ErrNotSection          = errors.New("not a section")
	ErrUnknownSection      = errors.New("unknown section")
	ErrSpace               = errors.New("white space out of place")
	ErrEmpty               = errors.New("section without content")
	ErrMemDef              = errors.New("malformed @MEM definition")
	ErrPointerID           = errors.New("malformed pointer number")
	ErrIdentifier          = errors.New("not an identifier")
	ErrPointerInIdentifier = errors.New("pointer where an identifier is required")
	ErrDuplicatePointer    = errors.New("pointer defined twice")
	ErrLog                 = errors.New("malformed @LOG")
	ErrLogArrow            = errors.New(`@LOG arrow not written " -> "`)
	ErrReason              = errors.New("malformed @LOG reason")
	ErrSig                 = errors.New("malformed @SIG")
	ErrSigArg              = errors.New("malformed @SIG argument")
	ErrMutates             = errors.New("malformed @SIG mutation list")
	ErrUnbalanced          = errors.New("unbalanced brackets or quotes")
	ErrNesting             = errors.New("brackets nested too deep")
	ErrNext                = errors.New("malformed @NEXT")
	ErrOutputTooLarge      = errors.New("hydrated text over the size limit")
)

// Error is a decoding error. Line is 0 when it concerns the whole input;
// Kind is one of the Err values above.
type Error struct {
	Line int
	Kind error
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Unwrap returns the kind, for [errors.Is].
func (e *Error) Unwrap() error { return e.Kind }

// Errors is what decoding with [DecodeOptions.AllErrors] returns: every
// problem found, in line order, up to [MaxErrors].
type Errors []*Error

// MaxErrors bounds the problems one decoding collects.
const MaxErrors = 1000

func (es Errors) Error() string {
	switch len(es) {
	case 0:
		return "no errors"
	case 1:
		return es[0].Error()
	}
	return fmt.Sprintf("%v (and %d more)", es[0], len(es)-1)
}

// Unwrap lets [errors.Is] and [errors.As] look at every problem.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// Repair is one near-miss that lenient decoding corrected.
type Repair struct {
	Line int    // 1-based line of the input; 0 for the count of those not listed
	Kind error  // what strict decoding would have reported, or ErrManyRepairs
	Msg  string // what was changed
}

// MaxRepairs bounds the repairs one decoding lists. Past it they are
// counted, and the last [Repair], of kind [ErrManyRepairs], says how
// many more there were.
const MaxRepairs = 1000

// ErrManyRepairs is the kind of the Repair that counts those past
// [MaxRepairs]; it is never a decoding error.
var ErrManyRepairs = errors.New("more repairs than listed")

func (r Repair) String() string {
	if r.Line == 0 {
		return r.Msg
	}
	return fmt.Sprintf("line %d: %s", r.Line, r.Msg)
}

// fault is a problem found inside one line, before the decoder knows the
// line number; [ParseLog], [ParseSig] and [ParseNext] return it as it is.
type fault struct {
	kind error
	msg  string
}

func (f *fault) Error() string { return f.msg }
func (f *fault) Unwrap() error { return f.kind }

// faultf builds a fault of kind.
func faultf(kind error, format string, args ...any) error {
	return &fault{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// lineError turns err, found on line no, into an *Error, prefixing the
// section's tag when there is one.
func lineError(no int, tag Kind, err error) *Error {
	e := &Error{Line: no, Kind: kindOf(err), Msg: err.Error()}
	if tag != "" {
		e.Msg = string(tag) + ": " + e.Msg
	}
	return e
}

// kindOf returns the kind err wraps; a plain error counts as a
// malformed section of no particular kind.
func kindOf(err error) error {
	var f *fault
	if errors.As(err, &f) {
		return f.kind
	}
	return ErrNotSection
}

// quote writes s for a message: quoted, cut after 40 bytes, or "the end
// of the line" when there is nothing left.
func quote(s string) string {
	if s == "" {
		return "the end of the line"
	}
	return excerpt(s)
}

// shown is a short, readable name for the start of s in a message: a
// misspelt arrow (" ->", "  -> ", "=>") alone, else an excerpt.
func shown(s string) string {
	n := 0
	for n < len(s) && strings.IndexByte(" \t->=", s[n]) >= 0 {
		n++
	}
	if strings.ContainsAny(s[:n], "->=") {
		return excerpt(s[:n])
	}
	return quote(s)
}
