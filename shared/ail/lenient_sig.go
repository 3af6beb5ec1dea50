package ail

import (
	"strings"
)

// This file holds the lenient repairs of @SIG and @NEXT bodies; see
// lenient.go for the list.

// fixSig repairs a @SIG body. Where it cannot find the next part, it
// stops and leaves the rest for the strict check to refuse.
func (d *decoder) fixSig(no int, body string) string {
	bar := strings.IndexByte(body, '|')
	if bar < 0 {
		return body
	}
	file := strings.Join(strings.Fields(body[:bar]), "_")
	rest := body[bar+1:]
	if t := strings.TrimLeftFunc(rest, isWhite); file != body[:bar] || t != rest {
		d.repair(no, ErrSpace, "@SIG: removed the white space in and around the file")
		rest = t
	}
	head := file + "|"
	if r, ok := strings.CutPrefix(rest, "~"); ok {
		head, rest = head+"~", r
	}
	open := argsOpen(rest)
	if open < 0 {
		return head + rest
	}
	name := strings.TrimFunc(rest[:open], isWhite)
	if name != rest[:open] {
		d.repair(no, ErrSpace, "@SIG: removed the white space around the name")
	}
	head += name
	end, err := groupEnd(rest, open)
	if err != nil || end < 0 {
		return head + rest[open:]
	}
	args, ok := trimItems(rest[open+1 : end-1])
	if !ok {
		d.repair(no, ErrSpace, "@SIG: removed the white space around the arguments")
	}
	head += "(" + args + ")"
	tail := strings.TrimLeftFunc(rest[end:], isWhite)
	after, ok := strings.CutPrefix(tail, "->")
	if !ok {
		return head + rest[end:]
	}
	if t := strings.TrimLeftFunc(after, isWhite); t != after || tail != rest[end:] {
		d.repair(no, ErrSpace, `@SIG: wrote "->" for %s`, quoted(rest[end:len(rest)-len(t)]))
		after = t
	}
	return head + "->" + d.fixRet(no, after)
}

// argsOpen returns the index of the "(" after a function name, skipping
// type parameters in square brackets, or -1.
func argsOpen(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			return i
		case '[':
			end, err := groupEnd(s, i)
			if err != nil || end < 0 {
				return -1
			}
			i = end - 1
		}
	}
	return -1
}

// fixRet repairs the return type and the mutation list.
func (d *decoder) fixRet(no int, after string) string {
	at, err := findTop(after, mutatesOpen)
	if err != nil || at < 0 {
		return after
	}
	ret := strings.TrimRightFunc(after[:at], isWhite)
	if ret != after[:at] {
		d.repair(no, ErrSpace, "@SIG: removed the white space after the return type")
	}
	group := after[at+len(mutatesOpen)-1:]
	end, err := groupEnd(group, 0)
	if err == nil && end < 0 {
		if e, err2 := groupEnd(group+")", 0); err2 == nil && e == len(group)+1 {
			d.repair(no, ErrMutates, `@SIG: closed "mutates(" at the end of the line`)
			group, end = group+")", e
		}
	}
	if err != nil || end != len(group) {
		return ret + after[at:]
	}
	muts, ok := trimItems(group[1 : end-1])
	if !ok {
		d.repair(no, ErrSpace, "@SIG: removed the white space around the mutations")
	}
	return ret + mutatesOpen + muts + ")"
}

// trimItems trims every part of a comma-separated list; ok is false when
// that changed something. A list it cannot split is returned as it is.
func trimItems(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	err := eachTop(s, func(n int, p string) {
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strings.TrimFunc(p, isWhite))
	})
	if err != nil {
		return s, true
	}
	out := b.String()
	return out, out == s
}

// fixNext repairs a @NEXT body into "?task ?task".
func (d *decoder) fixNext(no int, body string) string {
	if !oneSpaced(body) {
		d.repair(no, ErrSpace, "@NEXT: wrote one space between tasks")
	}
	var b strings.Builder
	b.Grow(len(body) + 1)
	d.eachGroup(body, func(f string) bool { return strings.HasPrefix(f, "?") }, func(words []string) {
		first, ok := strings.CutPrefix(words[0], "?")
		if !ok {
			d.repair(no, ErrNext, `@NEXT: inserted "?" before %s`, quoted(first))
		}
		if first == "" && len(words) > 1 {
			d.repair(no, ErrNext, `@NEXT: wrote %s right after its "?"`, quoted(words[1]))
			first, words = words[1], words[1:]
		}
		if first == "" {
			d.repair(no, ErrNext, "@NEXT: dropped an empty task")
			return
		}
		if len(words) > 1 {
			d.repair(no, ErrNext, `@NEXT: a task has no spaces: joined its %d words with "_"`, len(words))
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('?')
		b.WriteString(first)
		for _, w := range words[1:] {
			b.WriteByte('_')
			b.WriteString(w)
		}
	})
	return b.String()
}
