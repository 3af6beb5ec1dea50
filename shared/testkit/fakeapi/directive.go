package fakeapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Directive is one scripted tool call found in a prompt: the model calls
// tool Name with Input.
type Directive struct {
	// Name is the tool name, "Bash" for a [[bash: CMD]] directive.
	Name string
	// Input is the tool input, sent as the tool_use block's input.
	Input map[string]any
	// Joined is set by a "+" before the directive's kind ([[+bash: …]]):
	// the call goes in the same reply as the one before it, as a batch
	// of parallel calls.
	Joined bool
}

// Batches groups the calls by reply: a call and the Joined ones after it.
func (sc Script) Batches() [][]Directive {
	var out [][]Directive
	for _, c := range sc.Calls {
		if c.Joined && len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], c)
			continue
		}
		out = append(out, []Directive{c})
	}
	return out
}

// Script is what a prompt asks the fake model to do.
type Script struct {
	// Calls are the tool calls to make, in order: one per reply, except
	// that a Joined call shares the reply of the call before it.
	Calls []Directive
	// Usage is the input_tokens value set by [[usage: N]] or by an
	// @@usage:N@@ marker outside directives; 0 when absent.
	Usage int
}

// usageMarker matches the @@usage:N@@ marker in prompts and tool results.
var usageMarker = regexp.MustCompile(`@@usage:(\d+)@@`)

// ParseScript reads the directives in prompt: [[bash: CMD]],
// [[tool: NAME JSON]] and [[usage: N]]. Text outside directives is
// ignored except for @@usage:N@@ markers; [[usage: N]] wins over them.
func ParseScript(prompt string) (Script, error) {
	var sc Script
	var plain strings.Builder
	rest := prompt
	for {
		i := strings.Index(rest, "[[")
		if i < 0 {
			plain.WriteString(rest)
			break
		}
		plain.WriteString(rest[:i])
		kind, body, tail, ok := cutDirective(rest[i:])
		if !ok {
			plain.WriteString("[[")
			rest = rest[i+2:]
			continue
		}
		joined := strings.HasPrefix(kind, "+")
		if err := sc.add(strings.TrimPrefix(kind, "+"), body); err != nil {
			return Script{}, err
		}
		if joined && kind != "+usage" && len(sc.Calls) > 1 {
			sc.Calls[len(sc.Calls)-1].Joined = true
		}
		rest = tail
	}
	if sc.Usage == 0 {
		sc.Usage = lastUsage(plain.String())
	}
	return sc, nil
}

// add records one directive of the given kind.
func (sc *Script) add(kind, body string) error {
	switch kind {
	case "bash":
		input := map[string]any{"command": strings.TrimSpace(body), "description": "fake tool call"}
		sc.Calls = append(sc.Calls, Directive{Name: "Bash", Input: input})
	case "tool":
		d, err := parseTool(body)
		if err != nil {
			return err
		}
		sc.Calls = append(sc.Calls, d)
	case "usage":
		n, err := strconv.Atoi(strings.TrimSpace(body))
		if err != nil || n < 0 {
			return fmt.Errorf("bad [[usage: %s]]: want a token count", strings.TrimSpace(body))
		}
		sc.Usage = n
	}
	return nil
}

// cutDirective splits s, which starts with "[[", into a directive kind
// ("+" first for a joined call), its body and the text after the
// closing "]]". A bash body may hold
// nested "[[ ... ]]" pairs (shell tests); a tool body ends after its JSON
// object, so brackets inside the JSON are fine. ok is false when s does
// not start with a known directive or is not closed.
func cutDirective(s string) (kind, body, tail string, ok bool) {
	for _, k := range []string{"bash", "tool", "usage", "+bash", "+tool"} {
		if strings.HasPrefix(s, "[["+k+":") {
			kind = k
			break
		}
	}
	if kind == "" {
		return "", "", "", false
	}
	start := len("[[" + kind + ":")
	end := closing(s, start)
	if strings.HasSuffix(kind, "tool") {
		end = toolEnd(s, start)
	}
	if end < 0 {
		return "", "", "", false
	}
	return kind, s[start:end], s[end+2:], true
}

// closing returns the index of the "]]" that balances the "[[" opening s,
// searching from start, or -1.
func closing(s string, start int) int {
	depth := 1
	for i := start; i+1 < len(s); i++ {
		switch s[i : i+2] {
		case "[[":
			depth++
			i++
		case "]]":
			if depth--; depth == 0 {
				return i
			}
			i++
		}
	}
	return -1
}

// toolEnd returns the index of the "]]" closing a "[[tool: NAME JSON]]"
// directive whose body starts at start, or -1. When the JSON does not
// decode it falls back to the first balancing "]]" so that parseTool can
// report the error.
func toolEnd(s string, start int) int {
	i := skipSpace(s, start)
	for i < len(s) && !isSpace(s[i]) && s[i] != '{' && s[i] != ']' {
		i++
	}
	i = skipSpace(s, i)
	if i < len(s) && s[i] == '{' {
		dec := json.NewDecoder(strings.NewReader(s[i:]))
		var v json.RawMessage
		if dec.Decode(&v) == nil {
			j := skipSpace(s, i+int(dec.InputOffset()))
			if strings.HasPrefix(s[j:], "]]") {
				return j
			}
		}
	}
	return closing(s, start)
}

// skipSpace returns the index of the first non-space byte of s at or
// after i.
func skipSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// isSpace reports whether b is ASCII white space.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// parseTool reads "NAME JSON" from a [[tool: ...]] body.
func parseTool(body string) (Directive, error) {
	body = strings.TrimSpace(body)
	end := strings.IndexFunc(body, unicode.IsSpace)
	if j := strings.IndexByte(body, '{'); j >= 0 && (end < 0 || j < end) {
		end = j
	}
	if end < 0 {
		end = len(body)
	}
	name, raw := body[:end], strings.TrimSpace(body[end:])
	if name == "" {
		return Directive{}, fmt.Errorf("bad [[tool: %s]]: missing tool name", body)
	}
	input := map[string]any{}
	if raw != "" {
		dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
		dec.UseNumber()
		if err := dec.Decode(&input); err != nil {
			return Directive{}, fmt.Errorf("bad [[tool: %s]] input: %w", name, err)
		}
		if dec.More() {
			return Directive{}, fmt.Errorf("bad [[tool: %s]] input: text after the JSON object", name)
		}
	}
	return Directive{Name: name, Input: input}, nil
}

// lastUsage returns N of the last @@usage:N@@ marker in s, or 0.
func lastUsage(s string) int {
	m := usageMarker.FindAllStringSubmatch(s, -1)
	if len(m) == 0 {
		return 0
	}
	n, err := strconv.Atoi(m[len(m)-1][1])
	if err != nil {
		return 0
	}
	return n
}

// truncate shortens s to at most n bytes without splitting a rune.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
