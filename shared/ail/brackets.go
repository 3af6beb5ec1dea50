package ail

import (
	"fmt"
	"strings"
)

// MaxNesting caps how deep brackets may nest in a @SIG line and
// parentheses in a @LOG reason. The scanners below keep a fixed-size
// stack and never recurse, so deeper input is refused, not followed.
const MaxNesting = 64

// closerOf returns the bracket that closes c, or 0 when c opens none.
func closerOf(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	}
	return 0
}

// isCloser reports whether c closes a bracket.
func isCloser(c byte) bool { return c == ')' || c == ']' || c == '}' }

// isQuote reports whether c opens a string literal.
func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// groupEnd returns the index just past the bracket group that opens at
// s[i], skipping nested groups and string literals. It returns -1 and no
// error when the line ends before the group closes.
func groupEnd(s string, i int) (int, error) {
	var stack [MaxNesting]byte
	depth := 0
	for j := i; j < len(s); j++ {
		c := s[j]
		switch {
		case closerOf(c) != 0:
			if depth == MaxNesting {
				return 0, faultf(ErrNesting, "expected brackets nested at most %d deep, found more at %s", MaxNesting, excerpt(s[j:]))
			}
			stack[depth] = closerOf(c)
			depth++
		case isCloser(c):
			if want := stack[depth-1]; c != want {
				return 0, faultf(ErrUnbalanced, "expected %q, found %q at %s", string(want), string(c), excerpt(s[j:]))
			}
			if depth--; depth == 0 {
				return j + 1, nil
			}
		case isQuote(c):
			end, err := quoteEnd(s, j)
			if err != nil {
				return 0, err
			}
			j = end - 1
		}
	}
	return -1, nil
}

// quoteEnd returns the index just past the string literal that opens at
// s[i]. A backslash escapes the next byte inside ' and " literals; a
// backquoted literal has no escapes, as in Go.
func quoteEnd(s string, i int) (int, error) {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '\\' && q != '`':
			j++
		case s[j] == q:
			return j + 1, nil
		}
	}
	return 0, faultf(ErrUnbalanced, "expected %q to close the string %s", string(q), excerpt(s[i:]))
}

// unclosed is the error for a group that the line ends inside.
func unclosed(s string, i int, what string) error {
	return faultf(ErrUnbalanced, "expected %q to close %s, found the end of the line in %s", string(closerOf(s[i])), what, excerpt(s[i:]))
}

// walkTop calls visit with the index of every byte of s that is outside
// bracket groups and string literals, until visit returns true. It
// refuses a closing bracket without its opening one, a group left open
// and an unterminated literal.
func walkTop(s string, visit func(i int) bool) error {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case closerOf(c) != 0:
			end, err := groupEnd(s, i)
			if err != nil {
				return err
			}
			if end < 0 {
				return unclosed(s, i, fmt.Sprintf("%q", string(c)))
			}
			i = end
		case isCloser(c):
			return faultf(ErrUnbalanced, "expected an opening bracket before %q, found none", string(c))
		case isQuote(c):
			end, err := quoteEnd(s, i)
			if err != nil {
				return err
			}
			i = end
		default:
			if visit(i) {
				return nil
			}
			i++
		}
	}
	return nil
}

// eachTop calls fn with every part of s between the commas outside
// brackets and literals, and its number from 0, without making a list:
// a line of a million arguments is checked in place. An empty s has no
// parts.
func eachTop(s string, fn func(n int, part string)) error {
	if s == "" {
		return nil
	}
	last, n := 0, 0
	err := walkTop(s, func(i int) bool {
		if s[i] == ',' {
			fn(n, s[last:i])
			last, n = i+1, n+1
		}
		return false
	})
	fn(n, s[last:])
	return err
}

// findTop returns the index of the first marker outside brackets and
// literals, or -1, having checked the balance of s up to there.
func findTop(s, marker string) (int, error) {
	at := -1
	err := walkTop(s, func(i int) bool {
		if strings.HasPrefix(s[i:], marker) {
			at = i
			return true
		}
		return false
	})
	return at, err
}

// checkItem checks part n (from 0) of a list: present and not padded
// with white space. what names a part ("argument").
func checkItem(kind error, what string, n int, p string) error {
	switch {
	case p == "":
		return faultf(kind, "expected %s %d, found nothing", what, n+1)
	case padded(p):
		return faultf(ErrSpace, "expected %s %d without white space around it, found %s", what, n+1, excerpt(p))
	}
	return nil
}

// parenEnd returns the index just past the ")" that closes the "(" at
// s[i], counting parentheses only: a @LOG reason is prose, where quotes
// and other brackets need not pair. It returns -1 when none closes it.
func parenEnd(s string, i int) (int, error) {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '(':
			if depth == MaxNesting {
				return 0, faultf(ErrNesting, "expected parentheses nested at most %d deep, found more at %s", MaxNesting, excerpt(s[j:]))
			}
			depth++
		case ')':
			if depth--; depth == 0 {
				return j + 1, nil
			}
		}
	}
	return -1, nil
}
