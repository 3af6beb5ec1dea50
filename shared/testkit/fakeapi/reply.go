package fakeapi

import (
	"fmt"
	"strings"
)

// SummaryMarker is the text that marks Claude Code's compaction
// (summarisation) request.
const SummaryMarker = "Your task is to create a detailed summary of the conversation so far"

// summaryPrefix starts every summary the fake writes.
const summaryPrefix = "<analysis>fake analysis</analysis>"

// echoLimit caps the prompt and tool result text echoed in replies.
const echoLimit = 200

// Reply is one answer of the fake model.
type Reply struct {
	// Text is the text block, sent first; may be empty with a tool call.
	Text string
	// Tool is the tool call to make after the text, or nil.
	Tool *Directive
	// Also are more tool calls made in the same reply, after Tool: a
	// batch of parallel calls.
	Also []Directive
	// InputTokens and OutputTokens are the usage to report.
	InputTokens, OutputTokens int
}

// StopReason returns "tool_use" for a tool call and "end_turn" otherwise.
func (r Reply) StopReason() string {
	if r.Tool != nil {
		return "tool_use"
	}
	return "end_turn"
}

// Decide computes the fake model's reply to a /v1/messages request body
// of size bodyLen bytes. It depends only on the body, so it is
// deterministic.
func Decide(body map[string]any, bodyLen int) Reply {
	msgs := messages(body)
	r := decide(msgs)
	if r.InputTokens == 0 {
		r.InputTokens = max(1, bodyLen/4)
	}
	r.OutputTokens = 1 + len(r.Text)/4
	if r.Tool != nil {
		r.OutputTokens += 10 * (1 + len(r.Also))
	}
	return r
}

// decide picks the reply text or tool call and any scripted usage.
func decide(msgs []map[string]any) Reply {
	last := lastTurnMessage(msgs)
	if last != nil && last["role"] == "user" && strings.Contains(joinText(contentBlocks(last["content"])), SummaryMarker) {
		return summaryReply(msgs)
	}
	p := promptIndex(msgs)
	if p < 0 {
		return Reply{Text: "FAKE-REPLY to: "}
	}
	prompt := promptText(msgs[p])
	sc, err := ParseScript(prompt)
	if err != nil {
		return Reply{Text: "FAKE-ERROR: " + err.Error()}
	}
	results := toolResults(msgs[p+1:])
	usage := sc.Usage
	for _, res := range results {
		if n := lastUsage(res); n > 0 {
			usage = n
		}
	}
	r := Reply{InputTokens: usage}
	switch batch, k := nextBatch(sc, len(results)), len(results); {
	case batch != nil:
		r.Text, r.Tool, r.Also = "Calling "+batch[0].Name+".", &batch[0], batch[1:]
	case len(sc.Calls) > 0:
		r.Text = "FAKE-DONE: " + truncate(results[k-1], echoLimit)
	default:
		r.Text = "FAKE-REPLY to: " + truncate(prompt, echoLimit)
	}
	return r
}

// nextBatch returns the calls of the reply that follows done results: the
// batch that starts at call done, or nil when every call was made.
func nextBatch(sc Script, done int) []Directive {
	n := 0
	for _, b := range sc.Batches() {
		if n >= done {
			return b
		}
		n += len(b)
	}
	return nil
}

// lastTurnMessage returns the last message whose role is not "system".
func lastTurnMessage(msgs []map[string]any) map[string]any {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i]["role"] != "system" {
			return msgs[i]
		}
	}
	return nil
}

// summaryReply answers a compaction request. The summary echoes the
// prompt before the summarisation request and the additional
// instructions (defanged), so tests can tell it worked.
func summaryReply(msgs []map[string]any) Reply {
	prompt, instructions := "", ""
	if p := promptIndex(msgs); p >= 0 {
		instructions = additionalInstructions(joinText(contentBlocks(msgs[p]["content"])))
		if q := promptIndex(msgs[:p]); q >= 0 {
			prompt = promptText(msgs[q])
		}
	}
	text := fmt.Sprintf(summaryPrefix+"\n<summary>FAKE SUMMARY of %d messages. Last prompt: %s. Instructions: %s</summary>",
		len(msgs), defang(truncate(prompt, echoLimit)), defang(truncate(instructions, echoLimit)))
	return Reply{Text: text}
}

// defang breaks directive and usage markers in echoed text ("[[" becomes
// "[ [", "@@" becomes "@ @"), so that a summary quoting a prompt never
// scripts the model again after compaction.
func defang(s string) string {
	return strings.NewReplacer("[[", "[ [", "@@", "@ @").Replace(s)
}

// additionalInstructions returns the "Additional Instructions:" section
// of a summarisation prompt, without the trailing reminder, or "".
func additionalInstructions(s string) string {
	_, after, ok := strings.Cut(s, "Additional Instructions:")
	if !ok {
		return ""
	}
	before, _, _ := strings.Cut(after, "REMINDER:")
	return strings.TrimSpace(before)
}
