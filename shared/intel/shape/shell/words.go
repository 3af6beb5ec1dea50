package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word turns a parsed word into its text as the command receives it:
// quotes and backslashes removed, and the offset of the first wildcard or
// expansion kept, since only the part before it is certain. Commands
// substituted inside the word ($( ), backquotes, <( )) are walked as
// commands of their own.
func (w *walker) word(sw *syntax.Word, dir string, depth int) Word {
	var b strings.Builder
	out := Word{Cut: -1}
	unknown := func() {
		if out.Cut < 0 {
			out.Cut = b.Len()
		}
	}
	for i, part := range sw.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if i == 0 && strings.HasPrefix(p.Value, "~") {
				unknown() // the home directory is not known here
			}
			if at := unescapeBare(&b, p.Value); at >= 0 && out.Cut < 0 {
				out.Cut, out.Wild = at, true
			}
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if lit, ok := q.(*syntax.Lit); ok {
					unescapeDouble(&b, lit.Value)
					continue
				}
				unknown()
				w.inner(q, dir, depth)
			}
		default:
			unknown()
			w.inner(part, dir, depth)
		}
	}
	out.Text = b.String()
	return out
}

// inner walks the commands a word part runs.
func (w *walker) inner(part syntax.WordPart, dir string, depth int) {
	switch p := part.(type) {
	case *syntax.CmdSubst:
		w.stmts(p.Stmts, dir, depth+1)
	case *syntax.ProcSubst:
		w.stmts(p.Stmts, dir, depth+1)
	}
}

// unescapeBare writes an unquoted literal without its backslashes and
// returns the offset in b of its first unescaped wildcard, -1 for none.
// Braces count as wildcards: src/{a,b}.go names two files under src.
func unescapeBare(b *strings.Builder, s string) int {
	first := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
			continue
		case first < 0 && wildAt(s, i):
			first = b.Len()
		}
		b.WriteByte(c)
	}
	return first
}

// wildAt reports whether s[i] starts a wildcard: * and ? always, [ and {
// only when closed later in the word ([ alone is the test command).
func wildAt(s string, i int) bool {
	switch s[i] {
	case '*', '?':
		return true
	case '[':
		return strings.IndexByte(s[i+1:], ']') >= 0
	case '{':
		return strings.IndexByte(s[i+1:], '}') >= 0
	}
	return false
}

// unescapeDouble writes a literal from inside double quotes, where a
// backslash only escapes $ ` " \ and a newline.
func unescapeDouble(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
}
