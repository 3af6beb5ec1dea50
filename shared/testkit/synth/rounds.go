package synth

import "fmt"

// round writes one tool round: an assistant response in two records (a
// text block and a tool_use block sharing id and usage), the tool result,
// a progress record, and now and then a prompt, an attachment or a
// compaction.
func (g *gen) round() {
	g.rounds++
	if g.rounds%40 == 1 {
		g.emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": "please " + g.text(60+g.rng.IntN(200))}})
	}
	dir := dirs[(g.rounds/25+g.rng.IntN(2))%len(dirs)]
	file := fmt.Sprintf("%s/%s/file%d.go", g.o.Cwd, dir, g.rng.IntN(6))
	tool, input := g.toolCall(file)
	g.ctx += int64(300 + g.rng.IntN(2500))
	if g.ctx > 380_000 { // a long session is compacted now and then
		g.ctx = 30_000
	}
	usage := map[string]any{"input_tokens": int64(1 + g.rng.IntN(20)), "cache_creation_input_tokens": int64(100 + g.rng.IntN(2900)),
		"cache_read_input_tokens": 20000 + g.ctx, "output_tokens": int64(20 + g.rng.IntN(780)),
		"service_tier": "standard"}
	g.count(usage)
	id := fmt.Sprintf("msg_synth%07d", g.rounds)
	req := fmt.Sprintf("req_synth%07d", g.rounds)
	toolID := fmt.Sprintf("toolu_synth%07d", g.rounds)
	msg := func(block map[string]any) map[string]any {
		return map[string]any{"type": "assistant", "requestId": req, "message": map[string]any{"model": g.o.Model, "id": id, "type": "message",
			"role": "assistant", "content": []any{block}, "stop_reason": nil, "stop_sequence": nil, "usage": usage}}
	}
	g.emit(msg(map[string]any{"type": "text", "text": g.text(40 + g.rng.IntN(300))}))
	g.emit(msg(map[string]any{"type": "tool_use", "id": toolID, "name": tool, "input": input}))
	g.emit(map[string]any{"type": "progress", "data": map[string]any{"type": "hook_progress", "hookEvent": "PostToolUse", "hookName": "PostToolUse:" + tool, "command": "true"}})
	out := g.text(200 + g.rng.IntN(2300))
	g.emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": toolID, "type": "tool_result", "content": out}}},
		"toolUseResult": map[string]any{"stdout": out, "stderr": "", "interrupted": false}})
	if g.rounds%97 == 0 {
		g.emit(map[string]any{"type": "attachment", "attachment": map[string]any{"type": "skill_listing", "content": g.text(4000)}})
	}
	if g.o.CompactEvery > 0 && g.rounds%g.o.CompactEvery == 0 {
		g.compact()
	}
}

func (g *gen) toolCall(file string) (string, map[string]any) {
	switch g.rng.IntN(4) {
	case 0:
		return "Read", map[string]any{"file_path": file}
	case 1:
		return "Edit", map[string]any{"file_path": file, "old_string": g.text(40), "new_string": g.text(50)}
	case 2:
		return "Grep", map[string]any{"pattern": "func ", "path": file}
	}
	return "Bash", map[string]any{"command": "go test ./...", "description": "run tests"}
}

func (g *gen) count(u map[string]any) {
	g.sum.Responses++
	g.sum.Input += u["input_tokens"].(int64)
	g.sum.Output += u["output_tokens"].(int64)
	g.sum.Creation += u["cache_creation_input_tokens"].(int64)
	g.sum.Read += u["cache_read_input_tokens"].(int64)
}

func (g *gen) compact() {
	pre := 20000 + g.ctx
	g.ctx = 3000
	g.sum.Compacts++
	g.parent = ""
	g.emit(map[string]any{"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "level": "info",
		"compactMetadata": map[string]any{"trigger": "auto", "preTokens": pre, "postTokens": 23000}})
	g.emit(map[string]any{"type": "user", "isCompactSummary": true, "message": map[string]any{"role": "user",
		"content": "This session is being continued from a previous conversation that ran out of context. " + g.text(1500)}})
}
