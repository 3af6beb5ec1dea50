package ail

import (
	"strings"
	"unicode/utf8"
)

// This file checks @SIG bodies against the grammar in grammar.go:
// file_ref|[~]fn_name(items)->type_id[|mutates(items)].

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

// ParseSig parses the body of a @SIG line, strictly.
func ParseSig(body string) (Sig, error) { return parseSig(body, true) }

// parseSig is [ParseSig]; without keep it only checks, and leaves the
// argument and mutation lists empty.
func parseSig(body string, keep bool) (Sig, error) {
	bar := strings.IndexByte(body, '|')
	switch {
	case bar < 0:
		return Sig{}, faultf(ErrSig, `expected "|" after the file, found the end of the line`)
	case bar == 0:
		return Sig{}, faultf(ErrSig, `expected a file before "|"`)
	case whiteAt(body[:bar]) >= 0:
		return Sig{}, faultf(ErrSpace, "expected a file without white space, found %s", excerpt(body[:bar]))
	}
	s := Sig{File: body[:bar]}
	rest := body[bar+1:]
	if r, ok := strings.CutPrefix(rest, "~"); ok {
		s.Async, rest = true, r
	}
	open, err := nameEnd(rest)
	if err != nil {
		return Sig{}, err
	}
	s.Name = rest[:open]
	end, err := groupEnd(rest, open)
	if err != nil {
		return Sig{}, err
	}
	if end < 0 {
		return Sig{}, unclosed(rest, open, "the arguments")
	}
	if s.Args, err = items(ErrSigArg, "argument", rest[open+1:end-1], keep); err != nil {
		return Sig{}, err
	}
	after, ok := strings.CutPrefix(rest[end:], "->")
	if !ok {
		return Sig{}, faultf(ErrSig, `expected "->" and the return type after the arguments, found %s`, shown(rest[end:]))
	}
	if s.Ret, s.Mutates, err = retAndMutations(after, keep); err != nil {
		return Sig{}, err
	}
	return s, nil
}

// nameEnd returns the index of the "(" that ends the function name at
// the start of s. Square brackets (type parameters) may hold anything
// balanced; outside them the name has no white space or separators.
func nameEnd(s string) (int, error) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(' && i == 0:
			return 0, faultf(ErrSig, `expected a function name before "("`)
		case c == '(':
			return i, nil
		case c == '[':
			end, err := groupEnd(s, i)
			if err != nil {
				return 0, err
			}
			if end < 0 {
				return 0, unclosed(s, i, "the type parameters")
			}
			i = end
		case strings.IndexByte(")]{}|,'\"`", c) >= 0:
			return 0, faultf(ErrSig, `expected "(" after the name %s, found %s`, excerpt(s[:i]), excerpt(s[i:]))
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if isWhite(r) {
				return 0, faultf(ErrSpace, `expected "(" after the name %s, found white space`, excerpt(s[:i]))
			}
			i += size
		}
	}
	if s == "" {
		return 0, faultf(ErrSig, `expected a function name and "(", found the end of the line`)
	}
	return 0, faultf(ErrSig, `expected "(" and the arguments after the name %s, found the end of the line`, excerpt(s))
}

// retAndMutations splits what follows "->" into the return type and the
// optional mutation list, which must close at the end of the line.
func retAndMutations(after string, keep bool) (string, []string, error) {
	at, err := findTop(after, mutatesOpen)
	if err != nil {
		return "", nil, err
	}
	ret := after
	if at >= 0 {
		ret = after[:at]
	}
	if ret == "" {
		return "", nil, faultf(ErrSig, `expected a return type after "->", found %s`, quote(after))
	}
	if padded(ret) {
		return "", nil, faultf(ErrSpace, "expected the return type without white space around it, found %s", excerpt(ret))
	}
	if at < 0 {
		return ret, nil, nil
	}
	group := after[at+len(mutatesOpen)-1:]
	end, err := groupEnd(group, 0)
	switch {
	case err != nil:
		return "", nil, err
	case end < 0:
		return "", nil, faultf(ErrMutates, `expected ")" to close "mutates(", found the end of the line`)
	case end != len(group):
		return "", nil, faultf(ErrMutates, `expected the end of the line after the mutation list, found %s`, excerpt(group[end:]))
	case end == 2:
		return "", nil, faultf(ErrMutates, `expected a mutation inside "mutates()", found nothing`)
	}
	muts, err := items(ErrMutates, "mutation", group[1:end-1], keep)
	return ret, muts, err
}

// items splits a bracketed list and checks its parts; without keep it
// only checks. A part that does not split is reported before a bad part.
func items(kind error, what, s string, keep bool) ([]string, error) {
	var parts []string
	var bad error
	err := eachTop(s, func(n int, p string) {
		if bad == nil {
			bad = checkItem(kind, what, n, p)
		}
		if keep {
			parts = append(parts, p)
		}
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return nil, err
	}
	return parts, nil
}
