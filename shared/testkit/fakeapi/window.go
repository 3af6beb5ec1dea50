package fakeapi

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
)

// tooLong is the refusal the real API sends for a prompt larger than the
// model's context window, in the words Claude Code 2.1.332 matches
// (/^prompt is too long: \d+ tokens > \d+ maximum$/): it compacts the
// conversation then and sends the request again. For the 200k models
// whose window Claude Code takes as is (Sonnet 4.5, Opus 4.5, Haiku 4.5
// and older), this refusal is the only thing that makes it compact by
// itself.
func tooLong(tokens int, window int64) string {
	return fmt.Sprintf("prompt is too long: %d tokens > %d maximum", tokens, window)
}

// contextWindow is the window the real API gives a request: 1M with the
// 1M-context beta or for a natively 1M model, 200k for the other Claude
// models; 0 (no limit) for a model it does not know, such as the fake's
// default.
func contextWindow(r Request) int64 {
	model, _ := r.JSON["model"].(string)
	w, ok := autocompact.WindowOf(model)
	if !ok {
		return 0
	}
	if strings.Contains(r.Header.Get("anthropic-beta"), "context-1m") {
		return autocompact.Window1M
	}
	return w
}

// refusal is the error for a reply whose prompt would not fit the
// request's window, "" when it fits. A summarisation request is never
// refused: its reply is what makes the conversation fit again.
func refusal(r Request, reply Reply) string {
	w := contextWindow(r)
	if w == 0 || int64(reply.InputTokens) <= w || strings.HasPrefix(reply.Text, summaryPrefix) {
		return ""
	}
	return tooLong(reply.InputTokens, w)
}

// refuseOnce reports whether a request too long for its window is
// refused: the first time for its prompt. Claude Code compacts on the
// refusal and sends the same prompt again; the fake's usage comes from
// markers in the prompt, which the compaction cannot shrink, so the
// second time the request is taken as the compacted conversation it is.
func (s *Server) refuseOnce(r Request) bool {
	model, _ := r.JSON["model"].(string)
	key := model + "\x00" + r.Prompt()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refused[key] {
		return false
	}
	if s.refused == nil {
		s.refused = map[string]bool{}
	}
	s.refused[key] = true
	return true
}
