package ail

import (
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// This file builds lines for [Encode] from what callers know. Each
// builder writes only what the strict decoder accepts: it cleans what
// it can and returns an error for what it cannot.

// Ctx returns text as @CTX lines: one per non-blank line, trimmed, with
// invalid UTF-8 and control characters replaced by U+FFFD.
func Ctx(text string) []Line { return prose(KindCtx, text) }

// Arch is [Ctx] for @ARCH lines.
func Arch(text string) []Line { return prose(KindArch, text) }

func prose(k Kind, text string) []Line {
	out := make([]Line, 0, strings.Count(text, "\n")+1)
	for text != "" {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if line = clean(strings.TrimSpace(line)); line != "" {
			out = append(out, Line{Kind: k, Body: line})
		}
	}
	return out
}

// clean replaces invalid UTF-8 and control characters other than tab
// with U+FFFD; clean input is returned as it is.
func clean(s string) string {
	if checkText(s) == nil {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r != '\t' && termtext.IsControl(r) {
			return utf8.RuneError
		}
		return r
	}, s)
}

// word joins the fields of s with underscores: the identifier style that
// @LOG names and @NEXT tasks use.
func word(s string) string { return clean(strings.Join(strings.Fields(s), "_")) }

// oneLine collapses all white space runs of s to single blanks.
func oneLine(s string) string { return clean(strings.Join(strings.Fields(s), " ")) }

// LogLine builds a @LOG line. The rejected approach is written as an
// identifier: every run of characters an identifier cannot hold (white
// space, parentheses, $ …) becomes "_". White space in the reason and
// the replacement is collapsed, and a parenthesis of the reason without
// its partner becomes a square bracket, so that the reason ends where
// the grammar says.
func LogLine(r Rejection) (Line, error) {
	reason, err := pairParens(oneLine(r.Reason))
	if err != nil {
		return Line{}, fmt.Errorf("log entry: %w", err)
	}
	r = Rejection{Tried: identify(word(r.Tried), false), Reason: reason, Instead: oneLine(r.Instead)}
	body := r.String()
	if back, err := ParseLog(body); err != nil || back != r {
		return Line{}, fmt.Errorf("log entry %s: want !tried(reason) -> ^instead, each part present: %w", excerpt(body), err)
	}
	return Line{Kind: KindLog, Body: body}, nil
}

// pairParens replaces every parenthesis of s that has no partner by the
// matching square bracket; nesting past [MaxNesting] is an error.
func pairParens(s string) (string, error) {
	b := []byte(s)
	var open []int
	for i, c := range b {
		switch c {
		case '(':
			if len(open) == MaxNesting-1 {
				return "", faultf(ErrNesting, "expected parentheses nested at most %d deep in the reason, found more", MaxNesting-1)
			}
			open = append(open, i)
		case ')':
			if len(open) == 0 {
				b[i] = ']'
				continue
			}
			open = open[:len(open)-1]
		}
	}
	for _, i := range open {
		b[i] = '['
	}
	return string(b), nil
}

// NextLine builds a @NEXT line from tasks; blanks inside a task become
// underscores and empty tasks are dropped.
func NextLine(tasks ...string) (Line, error) {
	var ws []string
	for _, t := range tasks {
		if w := word(t); w != "" {
			ws = append(ws, "?"+w)
		}
	}
	if len(ws) == 0 {
		return Line{}, fmt.Errorf("no task given")
	}
	return Line{Kind: KindNext, Body: strings.Join(ws, " ")}, nil
}

// SigLine builds a @SIG line, collapsing white space in every part; in
// the file, where the grammar allows none, blanks and "|" become "_".
func SigLine(s Sig) (Line, error) {
	s.File = strings.ReplaceAll(word(s.File), "|", "_")
	s.Name, s.Ret = oneLine(s.Name), oneLine(s.Ret)
	s.Args, s.Mutates = oneLines(s.Args), oneLines(s.Mutates)
	body := s.String()
	back, err := ParseSig(body)
	if err == nil && !reflect.DeepEqual(back, s) {
		err = fmt.Errorf("%s reads back differently", excerpt(body))
	}
	if err != nil {
		return Line{}, fmt.Errorf("signature %s: %w", s.Name, err)
	}
	return Line{Kind: KindSig, Body: body}, nil
}

// oneLines applies oneLine to every element; empty becomes nil, as
// ParseSig returns it.
func oneLines(xs []string) []string {
	if len(xs) == 0 {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = oneLine(x)
	}
	return out
}
