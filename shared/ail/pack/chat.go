package pack

import (
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/ail/codesig"
)

// chatLines turns a chat log into lines: fenced Go and Python blocks
// that declare functions become a [CodeBlock_N] marker and their @SIG
// lines; every other non-blank line, fences of other code included, is
// kept as @CTX.
func chatLines(text string) []ail.Line {
	var (
		out   []ail.Line
		block int
	)
	rest, prose := text, 0 // rest[:prose] is prose not yet added
	for prose < len(rest) {
		line, after := cutLine(rest[prose:])
		fence, info, ok := openFence(line)
		if !ok {
			prose = len(rest) - len(after)
			continue
		}
		out = append(out, ail.Ctx(rest[:prose])...)
		rest, prose = rest[prose:], 0
		code, tail, closed := blockBody(after, fence)
		lang := codesig.LangOfFence(info, code)
		if sigLines := blockSigs(lang, "CodeBlock_"+strconv.Itoa(block+1), code); len(sigLines) > 0 {
			block++
			out = append(out, ail.Line{Kind: ail.KindCtx, Body: "[CodeBlock_" + strconv.Itoa(block) + "]"})
			out = append(out, sigLines...)
			rest = tail
			continue
		}
		// Not code we can map: keep the block as it is, fences included.
		end := len(rest) - len(tail)
		if !closed {
			end = len(rest)
		}
		out = append(out, ail.Ctx(rest[:end])...)
		rest = rest[end:]
	}
	return append(out, ail.Ctx(rest[:prose])...)
}

// blockSigs returns the @SIG lines of a code block, or nil when the
// block has no signatures (a snippet of statements) or cannot be parsed.
func blockSigs(lang codesig.Lang, name, code string) []ail.Line {
	if lang == "" {
		return nil
	}
	sigs, err := codesig.Extract(lang, name, []byte(code))
	if err != nil {
		return nil
	}
	var out []ail.Line
	for _, s := range sigs {
		if l, err := ail.SigLine(s); err == nil {
			out = append(out, l)
		}
	}
	return out
}

// cutLine splits off the first line of s (without its newline).
func cutLine(s string) (line, rest string) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// openFence reports whether line opens a fenced code block (three or
// more backticks or tildes, indented at most three blanks) and returns
// the fence and the info string after it.
func openFence(line string) (fence, info string, ok bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return "", "", false
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || (t[0] == '`' && strings.IndexByte(t[n:], '`') >= 0) {
		return "", "", false
	}
	return t[:n], strings.TrimSpace(t[n:]), true
}

// blockBody reads the code after an opening fence up to the closing one
// (the same character, at least as many, nothing else on the line). It
// returns the code, the text after the closing fence and whether there
// was one; an unclosed block runs to the end.
func blockBody(s, fence string) (code, rest string, closed bool) {
	var b strings.Builder
	for s != "" {
		line, after := cutLine(s)
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
			return b.String(), after, true
		}
		b.WriteString(line)
		b.WriteByte('\n')
		s = after
	}
	return b.String(), "", false
}
