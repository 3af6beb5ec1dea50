package line

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/sessioncost"
	"github.com/session-intelligence/session-intelligence/shared/intel/usage"
)

// TestCostAgrees: the status line's cost, its c$ pair and `si usage`
// show one figure for a session with a subagent and a model without a
// list price (issue 22 saw c$8.87 on the line and ~$25.8 in si usage),
// subagent included, ~ on each; Claude Code's own figure does not
// replace it.
func TestCostAgrees(t *testing.T) {
	f := newFixture(t)
	rec := func(id, model string, in, out int64) string {
		return fmt.Sprintf(`{"type":"assistant","requestId":"r%s","timestamp":"2026-11-29T10:00:00Z","message":{"id":"m%s","model":%q,"content":[],"usage":{"input_tokens":%d,"output_tokens":%d}}}`+"\n", id, id, model, in, out)
	}
	f.transcript = filepath.Join(filepath.Dir(f.transcript), "sid-cost.jsonl")
	must(t, os.WriteFile(f.transcript, []byte(rec("1", "claude-opus-9-preview", 150_000, 20_000)+rec("2", "claude-sonnet-4-5", 90_000, 4_000)), 0o600))
	sub := filepath.Join(sessioncost.SubagentDir(f.transcript), "agent-1.jsonl")
	must(t, os.MkdirAll(filepath.Dir(sub), 0o700))
	must(t, os.WriteFile(sub, []byte(rec("3", "claude-opus-9-preview", 180_000, 30_000)), 0o600))

	in := f.with(150_000, map[string]string{"cost": `{"total_cost_usd":8.87}`})
	line := f.render(in, false, []string{"cost", "costSaved"}, "")
	rep, err := usage.Build([]string{f.transcript}, pricing.Default())
	if err != nil {
		t.Fatal(err)
	}
	si := rep.Sessions[0].Figure().String()
	if !strings.HasPrefix(si, "~$") {
		t.Fatalf("si usage figure %q is not marked as an estimate", si)
	}
	if want := si + " · c" + si; line != want {
		t.Errorf("status line %q, want %q (si usage's figure)", line, want)
	}
	must(t, os.Remove(sub))
	if got := f.render(in, false, []string{"cost"}, ""); got == si {
		t.Errorf("without the subagent the cost is still %q", got)
	}
}
