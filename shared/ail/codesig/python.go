package codesig

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// pyScope is an open class or function while walking the lines.
type pyScope struct {
	indent int
	name   string
	def    *pyDef // nil for a class
}

// pyDef collects what one function's body shows.
type pyDef struct {
	sig          ail.Sig
	annotated    bool
	returnsValue bool
	muts         mutations
}

// Python extracts the signatures of every function and method of a
// Python source, nested ones included, in source order. It uses its own
// scanner rather than a parser, so it accepts any Python 3 version and
// never fails: a fragment yields what it can.
func Python(file string, src []byte) []ail.Sig {
	var (
		stack []pyScope
		defs  []*pyDef
		decos []string
	)
	for _, l := range scanPython(string(src)) {
		for len(stack) > 0 && l.indent <= stack[len(stack)-1].indent {
			stack = stack[:len(stack)-1]
		}
		text := l.text
		if strings.HasPrefix(text, "@") {
			decos = append(decos, text)
			continue
		}
		async := false
		if rest, ok := strings.CutPrefix(text, "async"); ok && strings.HasPrefix(strings.TrimLeft(rest, " \t"), "def ") {
			async, text = true, strings.TrimLeft(rest, " \t")
		}
		switch firstWord(text) {
		case "def":
			d, body, ok := parseDef(file, text[len("def"):], stack, decos)
			if ok {
				d.sig.Async = async
				defs = append(defs, d)
				stack = append(stack, pyScope{indent: l.indent, name: lastName(d.sig.Name), def: d})
				if body != "" {
					d.statement(body)
				}
			}
		case "class":
			if name := firstWord(strings.TrimLeft(text[len("class"):], " \t")); name != "" {
				stack = append(stack, pyScope{indent: l.indent, name: name})
			}
		default:
			if n := len(stack); n > 0 && stack[n-1].def != nil {
				stack[n-1].def.statement(text)
			}
		}
		decos = nil
	}
	out := make([]ail.Sig, 0, len(defs))
	for _, d := range defs {
		out = append(out, d.finish())
	}
	return out
}

// lastName returns the part of a qualified name after its last dot.
func lastName(q string) string { return q[strings.LastIndexByte(q, '.')+1:] }

// parseDef parses a def header after the keyword: name, optional type
// parameters, parameters, optional return annotation, and the body text
// that may follow the colon on the same line.
func parseDef(file, text string, stack []pyScope, decos []string) (*pyDef, string, bool) {
	text = strings.TrimLeft(text, " \t")
	name := firstWord(text)
	rest := text[len(name):]
	if name == "" {
		return nil, "", false
	}
	if strings.HasPrefix(rest, "[") { // PEP 695 type parameters
		end := matchClose(rest, 0)
		if end < 0 {
			return nil, "", false
		}
		name += compact(rest[:end+1])
		rest = rest[end+1:]
	}
	rest = strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(rest, "(") {
		return nil, "", false
	}
	end := matchClose(rest, 0)
	if end < 0 {
		return nil, "", false
	}
	params := params(rest[1:end], isMethod(stack, decos))
	rest = rest[end+1:]
	colon := indexTopPy(rest, ':')
	if colon < 0 {
		colon = len(rest)
	}
	d := &pyDef{sig: ail.Sig{File: file, Name: qualify(stack, name), Args: params}}
	if ret, ok := strings.CutPrefix(strings.TrimSpace(rest[:colon]), "->"); ok && strings.TrimSpace(ret) != "" {
		d.sig.Ret, d.annotated = compact(ret), true
	}
	body := ""
	if colon < len(rest) {
		body = strings.TrimSpace(rest[colon+1:])
	}
	return d, body, true
}

// isMethod reports whether a def directly inside the innermost scope
// takes the instance or class as its first parameter.
func isMethod(stack []pyScope, decos []string) bool {
	if len(stack) == 0 || stack[len(stack)-1].def != nil {
		return false
	}
	for _, d := range decos {
		if firstWord(strings.TrimPrefix(d, "@")) == "staticmethod" {
			return false
		}
	}
	return true
}

// qualify joins the names of the enclosing scopes and name with dots.
func qualify(stack []pyScope, name string) string {
	parts := make([]string, 0, len(stack)+1)
	for _, s := range stack {
		parts = append(parts, s.name)
	}
	return strings.Join(append(parts, name), ".")
}

// maxDefault is the longest default value written out; longer ones
// become "...".
const maxDefault = 16

// params formats a parameter list: name:type=default, *args, **kwargs,
// and the bare * and / markers. A method's self or cls is left out.
func params(list string, method bool) []string {
	var out []string
	for i, p := range splitTopPy(list, ',') {
		p = strings.TrimSpace(p)
		if p == "" || (i == 0 && method) {
			continue
		}
		var def string
		if eq := indexTopPy(p, '='); eq >= 0 {
			p, def = strings.TrimSpace(p[:eq]), compact(p[eq+1:])
		}
		if colon := indexTopPy(p, ':'); colon >= 0 {
			p = strings.TrimSpace(p[:colon]) + ":" + compact(p[colon+1:])
		}
		if def != "" {
			if len(def) > maxDefault {
				def = "..."
			}
			p += "=" + def
		}
		out = append(out, p)
	}
	return out
}

// finish settles the return type: the annotation, else Any when a value
// is returned or yielded, else None.
func (d *pyDef) finish() ail.Sig {
	switch {
	case d.annotated:
	case d.returnsValue:
		d.sig.Ret = "Any"
	default:
		d.sig.Ret = "None"
	}
	d.sig.Mutates = d.muts.list
	return d.sig
}

// compound lists the statements whose header ends in a colon and may be
// followed by a body on the same line.
var compound = map[string]bool{
	"if": true, "elif": true, "else": true, "while": true, "for": true, "with": true,
	"try": true, "except": true, "finally": true, "match": true, "case": true, "async": true,
}

// statement records what one logical line of the body returns, yields
// and changes.
func (d *pyDef) statement(text string) {
	for _, stmt := range splitTopPy(text, ';') {
		stmt = strings.TrimSpace(stmt)
		word := firstWord(stmt)
		if compound[word] {
			// match and case are soft keywords: "match = x" is a name.
			if colon := indexTopPy(stmt, ':'); colon >= 0 && len(assignSplit(stmt[:colon])) == 0 {
				d.statement(stmt[colon+1:])
				continue
			}
		}
		if hasWord(stmt, "yield") || (word == "return" && !isNone(stmt[len(word):])) {
			d.returnsValue = true
		}
		switch word {
		case "global", "nonlocal":
			for _, n := range strings.Split(stmt[len(word):], ",") {
				d.muts.add(word + ":" + strings.TrimSpace(n))
			}
			continue
		case "del":
			for _, t := range splitTopPy(stmt[len(word):], ',') {
				d.muts.add(mutationOf(t))
			}
			continue
		}
		for _, target := range assignSplit(stmt) {
			for _, t := range splitTopPy(target, ',') {
				d.muts.add(mutationOf(t))
			}
		}
		d.muts.calls(stmt)
	}
}

// isNone reports whether a return statement's value is empty or None.
func isNone(v string) bool {
	v = strings.TrimSpace(v)
	return v == "" || v == "None"
}
