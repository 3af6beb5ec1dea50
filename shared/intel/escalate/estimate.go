package escalate

import (
	"bytes"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// charsPerToken and callOverhead are the estimate's constants;
// imageTokens is about what one image costs at most (Claude resizes a
// larger one).
const (
	charsPerToken = 4
	callOverhead  = 100
	imageTokens   = 1600
)

func tokensOf(chars int) int64 { return int64((chars + charsPerToken - 1) / charsPerToken) }

// Estimate guesses the tokens a call added to the context from the sizes
// of its input and its response. It is only used while the transcript has
// no usage figure yet.
func Estimate(input, response []byte) int64 {
	return callOverhead + tokensOf(len(input)) + tokensOf(len(response))
}

// Sent is one call of a batch: its input, and its result as the model
// reads it (a tool_result's content: a JSON string, or an array of
// blocks).
type Sent struct {
	Input, Result []byte
}

// Batch guesses the tokens a batch of calls adds to the next request:
// each call's input and result, the text of a result as it reaches the
// model and an image at imageTokens (its base64 bytes say nothing).
// Unlike the structured result the PostToolUse hook is given (an Edit's
// holds the whole file), this is what the model is sent.
func Batch(calls []Sent) int64 {
	var n int64
	for _, c := range calls {
		n += callOverhead + tokensOf(len(c.Input)) + resultTokens(c.Result)
	}
	return n
}

// resultTokens sizes one result: a string by its length, blocks by
// their text and images; anything else by its bytes.
func resultTokens(raw []byte) int64 {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0:
		return 0
	case raw[0] == '"':
		var s string
		if jsonx.Unmarshal(raw, &s) == nil {
			return tokensOf(len(s))
		}
	case raw[0] == '[':
		var blocks []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if jsonx.Unmarshal(raw, &blocks) == nil {
			var n int64
			for _, b := range blocks {
				if b.Type == "image" {
					n += imageTokens
				} else {
					n += tokensOf(len(b.Text))
				}
			}
			return n
		}
	}
	return tokensOf(len(raw))
}

// Prompt guesses the tokens a prompt adds to the next request.
func Prompt(text string) int64 { return tokensOf(len(text)) }

// BigPrompt is the size of prompt that may take a session from green
// into orange by itself (yellow starts 30k before orange before the
// compaction point, 100k before it with the seed's zones).
const BigPrompt = 5000

// PromptMay reports whether a prompt of extra tokens may escalate a
// session whose highest zone since its last compaction is z: a big
// prompt, or any prompt once the session reached yellow (what came
// since its last call may have taken it further).
func PromptMay(z zones.Zone, extra int64) bool { return extra >= BigPrompt || z >= zones.Yellow }
