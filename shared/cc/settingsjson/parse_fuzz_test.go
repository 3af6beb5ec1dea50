package settingsjson

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// realisticSettings has every kind of value Claude Code's settings.json
// holds; the fuzz seeds replace each value in turn by null.
const realisticSettings = `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "model": "opus",
  "cleanupPeriodDays": 30,
  "includeCoAuthoredBy": false,
  "env": {"ANTHROPIC_LOG": "debug", "MAX_THINKING_TOKENS": "8000"},
  "permissions": {
    "allow": ["Bash(git diff:*)", "Read(~/.zshrc)"],
    "deny": [],
    "defaultMode": "acceptEdits"
  },
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [{"type": "command", "command": "gofmt -l . >&2", "timeout": 1.5e1}]
      }
    ]
  },
  "statusLine": {"type": "command", "command": "~/.claude/statusline.sh", "padding": 0},
  "enabledPlugins": {"formatter@tools": true}
}
`

// invalidSeeds are near misses of every rule of the grammar, and the
// encodings and caps the editor treats on purpose.
var invalidSeeds = []string{
	"{", "}", `{"a"}`, `{"a":}`, `{"a":1,}`, `[{}]`, `"x"`, "1", "null", `{"a":tru}`,
	`{"a":"\ud800"}`, "{\"a\":\"\x00\"}", "{} {}", `{"a":1}x`, `{"a":01}`, `{"a":-}`,
	`{"a":1.}`, `{"a":.1}`, `{"a":1e+}`, "{\"a\":\"\xff\"}", "{\"\xff\":1}", "\xef\xbb{}",
	bom + bom + "{}", "\xff\xfe{\x00}\x00", "\x00{}", "{\"a\"\x00:1}", "{\"a\":1}\v", "\u00a0{}",
}

// seedsForParse is every seed FuzzParse starts from.
func seedsForParse() []string {
	seeds := []string{"", " ", " \t\r\n ", bom, bom + "\n", bom + "{}", bom + realisticSettings,
		realisticSettings, strings.ReplaceAll(realisticSettings, "\n", "\r\n"),
		deepDoc(MaxDepth - 1), deepDoc(MaxDepth), deepDoc(2000), `{"a":` + strings.Repeat(`{"b":`, 600)}
	seeds = append(seeds, invalidSeeds...)
	seeds = append(seeds, nullEverywhere(realisticSettings)...)
	for _, tc := range trickyDocs {
		if len(tc.doc) < 4096 {
			seeds = append(seeds, tc.doc)
		}
	}
	return seeds
}

// FuzzParse checks the scanner and Validate against encoding/json, and
// that replacing any top-level value changes no byte outside it. It must
// never panic on any input.
func FuzzParse(f *testing.F) {
	for _, s := range seedsForParse() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		want := encodingJSONAccepts(doc)
		_, scanErr := scanDocument(doc)
		validErr := Validate("", doc)
		if (scanErr == nil) != want || (validErr == nil) != want {
			t.Fatalf("%q: scanner %v, Validate %v; encoding/json accepts = %v", doc, scanErr, validErr, want)
		}
		_, _ = Get(doc, "a", "b")
		if _, err := Delete(doc, "a"); (err == nil) != want {
			t.Fatalf("Delete on %q = %v; accepted = %v", doc, err, want)
		}
		if _, err := Set(doc, 1, "si-fuzz"); (err == nil) != want {
			t.Fatalf("Set on %q = %v; accepted = %v", doc, err, want)
		}
		if want && !IsBlank(doc) {
			checkReplaceInPlace(t, doc)
		}
	})
}

// encodingJSONAccepts is the oracle: whether encoding/json accepts doc
// as one JSON object, adjusted for what the editor does differently on
// purpose:
//   - a blank document (whitespace only) is accepted: it counts as {},
//     as Claude Code reads an empty settings.json as no settings;
//   - a UTF-8 byte order mark in front is skipped, as Claude Code skips
//     it; encoding/json rejects it;
//   - nesting deeper than MaxDepth (512) is refused; encoding/json goes
//     to 10000;
//   - a document over MaxSize (4 MiB) is refused.
func encodingJSONAccepts(doc []byte) bool {
	if len(doc) > MaxSize {
		return false
	}
	body := bytes.TrimPrefix(doc, []byte(bom))
	text := bytes.TrimLeft(body, " \t\r\n")
	if len(text) == 0 {
		return true
	}
	return text[0] == '{' && json.Valid(body) && nestingDepth(body) <= MaxDepth
}

// nestingDepth counts the deepest nesting of brackets outside strings in
// valid JSON, without recursion.
func nestingDepth(data []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range data {
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}

// checkReplaceInPlace sets each top-level key (its last occurrence, the
// one Set edits) to a new value and back. The value spans come from
// encoding/json's decoder, not from the code under test.
func checkReplaceInPlace(t *testing.T, doc []byte) {
	off := len(doc) - len(bytes.TrimPrefix(doc, []byte(bom)))
	spans := topLevelSpans(t, doc[off:])
	value := map[string]any{"si": []any{"x\"<&>", 2.5, nil}}
	for key, sp := range spans {
		start, end := off+sp[0], off+sp[1]
		out, err := Set(doc, value, key)
		if err != nil {
			t.Fatalf("Set(%q) on %q: %v", key, doc, err)
		}
		head, tail := doc[:start], doc[end:]
		if !bytes.HasPrefix(out, head) || !bytes.HasSuffix(out, tail) || len(out) < len(head)+len(tail) {
			t.Fatalf("Set(%q) on %q changed bytes outside the value:\n%q", key, doc, out)
		}
		var got any
		if err := json.Unmarshal(out[len(head):len(out)-len(tail)], &got); err != nil {
			t.Fatalf("Set(%q) on %q wrote an invalid value: %q", key, doc, out)
		}
		back, err := Set(out, Verbatim(doc[start:end]), key)
		if err != nil || !bytes.Equal(back, doc) {
			t.Fatalf("Set(%q) back to the old value on %q = %q, %v", key, out, back, err)
		}
	}
}

// topLevelSpans maps each top-level key to the byte span of its last
// value, found with encoding/json's decoder.
func topLevelSpans(t *testing.T, body []byte) map[string][2]int {
	dec := json.NewDecoder(bytes.NewReader(body))
	spans := map[string][2]int{}
	if _, err := dec.Token(); err != nil {
		t.Fatalf("oracle: %v", err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("oracle: %v", err)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatalf("oracle: %v", err)
		}
		end := int(dec.InputOffset())
		spans[tok.(string)] = [2]int{end - len(raw), end}
	}
	return spans
}

// nullEverywhere returns doc once for each value in it below the root,
// with that value replaced by null.
func nullEverywhere(doc string) []string {
	var out []string
	s := &scanner{data: []byte(doc)}
	var walk func()
	walk = func() {
		start, open := s.pos, s.peek()
		if open != '{' && open != '[' {
			_ = s.value()
		} else {
			s.pos++
			for s.skipSpace(); s.peek() != '}' && s.peek() != ']'; s.skipSpace() {
				if open == '{' {
					_ = s.str()
					s.skipSpace()
					s.pos++ // ':'
					s.skipSpace()
				}
				walk()
				if s.skipSpace(); s.peek() == ',' {
					s.pos++
				}
			}
			s.pos++
		}
		if start > 0 {
			out = append(out, doc[:start]+"null"+doc[s.pos:])
		}
	}
	walk()
	return out
}
