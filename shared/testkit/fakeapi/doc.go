// Package fakeapi is a deterministic fake of the Anthropic Messages API
// that the real Claude Code CLI (2.1.332) accepts. It listens on
// 127.0.0.1 only, records every request, answers POST /v1/messages
// (Server-Sent Events when "stream" is true, JSON otherwise), answers
// POST /v1/messages/count_tokens, and returns 404 for anything else.
//
// # Choosing the reply
//
// Claude Code puts role "system" entries inside messages; they are
// skipped. The reply depends only on the request body (see [Decide]):
//
//   - A summarisation (compaction) request, recognised by [SummaryMarker]
//     in the last non-system message, gets
//     "<analysis>fake analysis</analysis>\n<summary>FAKE SUMMARY of N
//     messages. Last prompt: P. Instructions: I</summary>", where P is the
//     prompt before the summarisation request and I the "Additional
//     Instructions" (both at most 200 bytes, with "[[" and "@@" defanged).
//     Never a tool call.
//   - Otherwise the prompt is the last text block, other than a
//     <system-reminder>, of the most recent user message holding such
//     text. Tool results are the tool_result blocks after that message.
//   - With k tool results back and more than k tool directives, the
//     reply is the text "Calling NAME." plus a tool_use block for
//     directive k (counting from 0) and one for each joined directive
//     after it (a batch of parallel calls).
//   - After the last directive's result: "FAKE-DONE: <that result's text,
//     trimmed, at most 200 bytes>".
//   - Without directives: "FAKE-REPLY to: <prompt, at most 200 bytes>".
//   - A directive that does not parse: "FAKE-ERROR: <why>".
//
// # Directives (in the prompt)
//
//	[[bash: CMD]]         Bash tool, input {"command": CMD, "description": "fake tool call"};
//	                      CMD is trimmed and may hold balanced [[ ]] pairs.
//	[[tool: NAME JSON]]   tool NAME with the JSON object as input (JSON optional: {}).
//	[[usage: N]]          report input_tokens=N on every reply of the turn.
//	[[+bash: CMD]], [[+tool: NAME JSON]]
//	                      a call joined to the one before it: both go in one
//	                      reply, as parallel calls (their results come back
//	                      together).
//
// # Usage
//
// Each reply reports input_tokens, output_tokens and zero cache fields.
// input_tokens is, by precedence: the N of the last @@usage:N@@ in the
// newest tool result that has one; else [[usage: N]]; else an
// @@usage:N@@ in the prompt outside directives; else len(body)/4. So a
// marker printed by a tool stays in force for the rest of the turn, and
// "[[bash: echo @@usage:90000@@]]" reports 90000 on the turn's last
// reply only, which is what forces auto-compaction on the next turn
// (with --autocompact 100000).
//
// # The context window
//
// As the real API does, a request whose input_tokens (as above) exceed
// the model's context window is refused with 400 invalid_request_error
// "prompt is too long: N tokens > W maximum": W is 1M with the
// context-1m beta header or for a natively 1M model, 200k for the other
// Claude models (package autocompact's table); a model id it does not
// know has no limit. Claude Code compacts on that refusal and sends the
// request again; for its 200k models without a configured
// autoCompactWindow, that is the only way it compacts by itself. A
// prompt is refused once: sent again (after the compaction) its
// input_tokens are len(body)/4, since its markers still say the old
// size.
//
// Ids are msg_fake%06d and toolu_fake%06d, counted per [Server]; the
// response header request-id is req_fake with the message number.
package fakeapi
