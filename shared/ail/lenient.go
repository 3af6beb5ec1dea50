package ail

import (
	"strings"
	"unicode/utf8"
)

// This file is lenient decoding: it rewrites the near-misses that models
// write into strict form and records each rewrite as a [Repair], before
// the strict checks run on the result. What it repairs:
//
//   - a byte order mark, white space around a line, blank lines and a
//     missing newline at the end;
//   - white space after a tag other than one space, and a tag glued to
//     its body ("@NEXT?a");
//   - @MEM: white space between definitions, a space or another
//     character an identifier cannot hold inside a value ("$1=Auth
//     Service", "$1=a=b": "_" is written instead), and a pointer as a
//     value ("$2=$1": the value of $1 is copied, one level only);
//   - @LOG: a missing "!", such characters and pointers in the
//     identifier, white space around the reason, the arrow written
//     without its spaces or with more ("->", " ->", "  ->  "), a missing
//     "^";
//   - @SIG: white space in the file, around the name, the arguments, the
//     "->", the return type and the mutations, and an unclosed
//     "mutates(";
//   - @NEXT: spaces between tasks, a space inside a task (written "_"),
//     a missing "?" and empty tasks.

// fixLine applies the line-level repairs; keep is false for a line to
// drop.
func (d *decoder) fixLine(no int, text string) (string, bool) {
	if no == 1 {
		if t, ok := strings.CutPrefix(text, "\uFEFF"); ok {
			d.repair(no, ErrNoHeader, "removed the byte order mark")
			text = t
		}
	}
	t := strings.TrimLeftFunc(text, isWhite)
	if !strings.HasPrefix(t, "#") {
		t = strings.TrimRightFunc(t, isWhite)
	}
	switch {
	case t == "":
		d.repair(no, ErrBlankLine, "dropped the blank line")
		return "", false
	case t != text:
		d.repair(no, ErrSpace, "removed the white space around the line")
	}
	if !d.header || t[0] != '@' {
		return t, true
	}
	return d.fixSection(no, t), true
}

// fixSection repairs the tag and then the body of a section line.
func (d *decoder) fixSection(no int, text string) string {
	kind, body, ok := d.fixTag(no, text)
	if !ok {
		return text
	}
	switch kind {
	case KindMem:
		body = d.fixMem(no, body)
	case KindLog:
		body = d.fixLog(no, body)
	case KindSig:
		body = d.fixSig(no, body)
	case KindNext:
		body = d.fixNext(no, body)
	}
	switch {
	case body == "":
		return string(kind)
	case len(text) == len(kind)+1+len(body) && text[len(kind)] == ' ' && text[len(kind)+1:] == body:
		return text // nothing repaired: no copy
	}
	return string(kind) + " " + body
}

// fixTag finds the tag text starts with and returns the body after it,
// writing one space between them.
func (d *decoder) fixTag(no int, text string) (Kind, string, bool) {
	for _, k := range tagOrder {
		rest, ok := strings.CutPrefix(text, string(k))
		if !ok {
			continue
		}
		if rest == "" {
			return k, "", true
		}
		r, _ := utf8.DecodeRuneInString(rest)
		body := strings.TrimLeftFunc(rest, isWhite)
		switch {
		case !isWhite(r) && isIdentRune(r):
			return "", "", false // @CTXhello is another tag
		case !isWhite(r):
			d.repair(no, ErrSpace, "%s: inserted a space after the tag", k)
		case rest[:len(rest)-len(body)] != " ":
			d.repair(no, ErrSpace, "%s: wrote one space after the tag for %s", k, quoted(rest[:len(rest)-len(body)]))
		}
		return k, body, true
	}
	return "", "", false
}

// fixMem repairs the definitions of a @MEM line.
func (d *decoder) fixMem(no int, body string) string {
	if !oneSpaced(body) {
		d.repair(no, ErrSpace, "@MEM: wrote one space between definitions")
	}
	var b strings.Builder
	b.Grow(len(body))
	d.eachGroup(body, isDefStart, func(words []string) {
		def := words[0]
		if len(words) > 1 {
			def = strings.Join(words, "_")
			d.repair(no, ErrIdentifier, `@MEM: an identifier has no spaces: joined the words of %s with "_"`, quoted(def))
		}
		if eq := strings.IndexByte(def, '='); isDefStart(def) {
			if v := identify(def[eq+1:], true); v != def[eq+1:] {
				d.repair(no, ErrIdentifier, "@MEM: wrote %s=%s for %s", def[:eq], quoted(v), quoted(def))
				def = def[:eq+1] + v
			}
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(def)
	})
	return b.String()
}

// eachGroup calls fn with the words of body in groups: a word for which
// starts is true, and the first word, begins a group; the others join
// the group before them. The list fn gets is reused for the next group.
func (d *decoder) eachGroup(body string, starts func(string) bool, fn func(words []string)) {
	words := d.words[:0]
	for f := range strings.FieldsSeq(body) {
		if len(words) > 0 && starts(f) {
			fn(words)
			words = words[:0]
		}
		words = append(words, f)
	}
	if len(words) > 0 {
		fn(words)
	}
	d.words = words[:0]
}

// oneSpaced reports whether s is its words with one space between them
// and none around them, as strings.Join(strings.Fields(s), " ") is.
func oneSpaced(s string) bool {
	white := true // white space before the first word is too much
	for _, r := range s {
		w := isWhite(r)
		if w && (r != ' ' || white) {
			return false
		}
		white = w
	}
	return !white || s == ""
}

// isDefStart reports whether s starts with "$", digits and "=".
func isDefStart(s string) bool {
	if !isPointerAt(s, 0) {
		return false
	}
	i := 1
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i < len(s) && s[i] == '='
}

// identify turns s into an identifier: every run of characters that an
// identifier cannot hold becomes one "_". With pointers, $N runs are
// kept, for resolve to copy.
func identify(s string, pointers bool) string {
	if identEnd(s, 0, pointers) == len(s) {
		return s
	}
	var b strings.Builder
	bad := false
	for i := 0; i < len(s); {
		if end := identEnd(s, i, pointers); end > i {
			b.WriteString(s[i:end])
			i, bad = end, false
			continue
		}
		if !bad {
			b.WriteByte('_')
		}
		i, bad = i+runeLen(s[i:]), true
	}
	return b.String()
}

// fixLog repairs a @LOG body: !identifier(reason) -> ^expr.
func (d *decoder) fixLog(no int, body string) string {
	open := strings.IndexByte(body, '(')
	if open < 0 {
		return body
	}
	tried, hasBang := strings.CutPrefix(body[:open], "!")
	if !hasBang {
		d.repair(no, ErrLog, `@LOG: inserted "!" before the rejected approach`)
	}
	if id := identify(strings.Join(strings.Fields(tried), "_"), true); id != tried {
		d.repair(no, ErrIdentifier, "@LOG: wrote the identifier %s for %s", quoted(id), quoted(tried))
		tried = id
	}
	head := "!" + tried + "("
	end, err := parenEnd(body, open)
	if err != nil || end < 0 {
		return head + body[open+1:]
	}
	reason := strings.TrimFunc(body[open+1:end-1], isWhite)
	if reason != body[open+1:end-1] {
		d.repair(no, ErrSpace, "@LOG: removed the white space around the reason")
	}
	rest := body[end:]
	after, ok := strings.CutPrefix(strings.TrimLeftFunc(rest, isWhite), "->")
	if !ok {
		return head + reason + rest
	}
	after = strings.TrimLeftFunc(after, isWhite)
	if arrow := rest[:len(rest)-len(after)]; arrow != logArrow {
		d.repair(no, ErrLogArrow, "@LOG: wrote %q for %s", logArrow, quoted(arrow))
	}
	instead, hasCaret := strings.CutPrefix(after, "^")
	if !hasCaret {
		d.repair(no, ErrLog, `@LOG: inserted "^" before the replacement`)
	}
	if t := strings.TrimLeftFunc(instead, isWhite); t != instead {
		d.repair(no, ErrSpace, `@LOG: removed the white space after "^"`)
		instead = t
	}
	return head + reason + ")" + logArrow + "^" + instead
}
