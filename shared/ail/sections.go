package ail

import (
	"errors"
	"fmt"
	"strings"
)

// Sig is one code signature: @SIG file|~name(args)->ret|mutates(a,b).
type Sig struct {
	File    string   // where the code lives: a path or a [CodeBlock_N] name
	Name    string   // qualified: Class.method, outer.inner, Type.Method
	Async   bool     // written as ~ before the name
	Args    []string // "name:type=default", "*args", "**kwargs:Any"
	Ret     string   // the return type, or what was inferred
	Mutates []string // what the body changes; at most five
}

// mutatesOpen starts the optional mutation slot of a @SIG line.
const mutatesOpen = "|mutates("

// String formats s as the body of a @SIG line.
func (s Sig) String() string {
	var b strings.Builder
	b.WriteString(s.File)
	b.WriteByte('|')
	if s.Async {
		b.WriteByte('~')
	}
	b.WriteString(s.Name)
	b.WriteByte('(')
	b.WriteString(strings.Join(s.Args, ","))
	b.WriteString(")->")
	b.WriteString(s.Ret)
	if len(s.Mutates) > 0 {
		b.WriteString(mutatesOpen)
		b.WriteString(strings.Join(s.Mutates, ","))
		b.WriteByte(')')
	}
	return b.String()
}

// errSigShape is the grammar of a @SIG body, for error messages.
var errSigShape = errors.New(`want "file|name(args)->type" with an optional "|mutates(...)"`)

// ParseSig parses the body of a @SIG line.
func ParseSig(body string) (Sig, error) {
	file, rest, ok := strings.Cut(body, "|")
	if !ok || strings.TrimSpace(file) == "" {
		return Sig{}, errSigShape
	}
	s := Sig{File: file}
	if strings.HasPrefix(rest, "~") {
		s.Async, rest = true, rest[1:]
	}
	open := indexTop(rest, '(')
	if open <= 0 {
		return Sig{}, fmt.Errorf("no name( in %s: %w", excerpt(rest), errSigShape)
	}
	s.Name = rest[:open]
	end := closing(rest, open)
	if end < 0 {
		return Sig{}, fmt.Errorf("unbalanced argument list: %w", errSigShape)
	}
	if s.Args = splitTop(rest[open+1 : end]); hasEmpty(s.Args) {
		return Sig{}, fmt.Errorf("empty argument: %w", errSigShape)
	}
	after, ok := strings.CutPrefix(rest[end+1:], "->")
	if !ok {
		return Sig{}, fmt.Errorf("no -> after the arguments: %w", errSigShape)
	}
	s.Ret = after
	if i := strings.LastIndex(after, mutatesOpen); i >= 0 && strings.HasSuffix(after, ")") {
		s.Ret = after[:i]
		s.Mutates = splitTop(after[i+len(mutatesOpen) : len(after)-1])
		if len(s.Mutates) == 0 || hasEmpty(s.Mutates) {
			return Sig{}, fmt.Errorf("empty mutation: %w", errSigShape)
		}
	}
	if s.Ret == "" {
		return Sig{}, fmt.Errorf("empty return type: %w", errSigShape)
	}
	return s, nil
}

// Rejection is one @LOG entry: what was tried, why it failed and what
// replaced it.
type Rejection struct {
	Tried, Reason, Instead string
}

// String formats r as the body of a @LOG line.
func (r Rejection) String() string {
	return "!" + r.Tried + "(" + r.Reason + ") -> ^" + r.Instead
}

// errLogShape is the grammar of a @LOG body, for error messages.
var errLogShape = errors.New(`want "!tried(reason) -> ^instead"`)

// ParseLog parses the body of a @LOG line. The arrow may have blanks
// around it or none.
func ParseLog(body string) (Rejection, error) {
	rest, ok := strings.CutPrefix(body, "!")
	open := strings.IndexByte(rest, '(')
	if !ok || open <= 0 {
		return Rejection{}, errLogShape
	}
	r := Rejection{Tried: rest[:open]}
	for i := open + 1; i < len(rest); i++ {
		if rest[i] != ')' {
			continue
		}
		tail := strings.TrimLeft(rest[i+1:], " \t")
		if tail, ok = strings.CutPrefix(tail, "->"); !ok {
			continue
		}
		if tail, ok = strings.CutPrefix(strings.TrimLeft(tail, " \t"), "^"); !ok {
			continue
		}
		r.Reason, r.Instead = rest[open+1:i], tail
		if strings.TrimSpace(r.Reason) == "" || strings.TrimSpace(r.Instead) == "" {
			return Rejection{}, fmt.Errorf("empty reason or replacement: %w", errLogShape)
		}
		return r, nil
	}
	return Rejection{}, errLogShape
}

// ParseNext parses the body of a @NEXT line into its tasks: "?a ?b".
func ParseNext(body string) ([]string, error) {
	if body == "" {
		return nil, nil
	}
	rest, ok := strings.CutPrefix(body, "?")
	if !ok {
		return nil, errors.New(`want tasks written "?task ?other_task"`)
	}
	tasks := strings.Split(rest, " ?")
	for i, t := range tasks {
		if tasks[i] = strings.TrimSpace(t); tasks[i] == "" {
			return nil, fmt.Errorf("task %d is empty", i+1)
		}
	}
	return tasks, nil
}

// checkBody validates the body of a line of kind k.
func checkBody(k Kind, body string) error {
	var err error
	switch k {
	case KindCtx, KindArch:
		if body == "" {
			err = errors.New("empty")
		}
	case KindLog:
		_, err = ParseLog(body)
	case KindSig:
		_, err = ParseSig(body)
	case KindNext:
		_, err = ParseNext(body)
	default:
		err = fmt.Errorf("not a line section")
	}
	return err
}

// indexTop returns the index of the first c outside square brackets, or
// -1. Type parameters (name[T]) may precede a signature's argument list.
func indexTop(s string, c byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case c:
			if depth <= 0 {
				return i
			}
		}
	}
	return -1
}

// closing returns the index of the bracket that closes s[open], skipping
// nested brackets and quoted strings, or -1.
func closing(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return i
			}
		case '"', '\'', '`':
			if i = skipQuoted(s, i); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// skipQuoted returns the index of the quote that closes the string
// starting at s[i], or -1.
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return -1
}

// splitTop splits s at commas outside brackets and quotes. An empty s
// gives no parts.
func splitTop(s string) []string {
	if s == "" {
		return nil
	}
	var parts []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'', '`':
			if j := skipQuoted(s, i); j >= 0 {
				i = j
			}
		case ',':
			if depth == 0 {
				parts = append(parts, s[last:i])
				last = i + 1
			}
		}
	}
	return append(parts, s[last:])
}

// hasEmpty reports whether any part is blank.
func hasEmpty(parts []string) bool {
	for _, p := range parts {
		if strings.TrimSpace(p) == "" {
			return true
		}
	}
	return false
}
