package capture

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadLine feeds transcript lines, valid and not, to the reader of
// the user's words: it never panics, and what it keeps is bounded and
// verbatim from the input.
func FuzzReadLine(f *testing.F) {
	f.Add(`{"type":"user","uuid":"u","message":{"content":"never commit"}}`)
	f.Add(`{"type":"user","message":{"content":[{"type":"tool_result","content":"the user said:\nno, stop"}]}}`)
	f.Add(`{"type":"user","message":{"content":[{"type":"tool_result","content":"User has answered your questions: \"a\"=\"b\\\"\""}]}}`)
	f.Add(`{"type":"queue-operation","operation":"enqueue","content":[{"type":"text","text":"use pnpm"}]}`)
	f.Add("{\"type\":\"user\",\"message\":{\"content\":\"<command-name>/x</command-name><command-args>never ```x\"}}")
	f.Add(`{"type":"user","message":{"content":"` + strings.Repeat("never ", 5000) + `"}}`)
	f.Fuzz(func(t *testing.T, line string) {
		l := ReadLine([]byte(line))
		for _, it := range l.Items {
			if it.Text == "" || utf8.RuneCountInString(it.Text) > maxSentence+1 && utf8.ValidString(it.Text) {
				t.Fatalf("kept %q", it.Text)
			}
			if it.Kind != Rule && it.Kind != Correction && it.Kind != Decision {
				t.Fatalf("kind %q", it.Kind)
			}
		}
	})
}
