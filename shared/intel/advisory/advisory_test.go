package advisory

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

const silence = "Silence this feedback with CLAUDE_COMPACT_AUTOBLOCK=0 or compact.autoblock=false in ~/.claude/session-intelligence.json."

func base() Input {
	return Input{Zone: zones.Orange, Tokens: 312_000, Cost: 7.56, Zones: zones.Set{Yellow: 200_000, Orange: 300_000, Red: 400_000}}
}

func TestHeadline(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Input)
		want string
	}{
		{"orange", func(*Input) {}, "[StrategicCompact] Drift zone — context at ~312k tokens, $7.56 spent. Advisory only — continue if the task needs full context."},
		{"red", func(in *Input) { in.Zone, in.Tokens = zones.Red, 425_000 }, "[StrategicCompact] High-risk zone — context at ~425k tokens, $7.56 spent. Advisory only — continue if the task needs full context."},
		{"yellow", func(in *Input) { in.Zone = zones.Yellow }, "[StrategicCompact] Caution zone — context at ~312k tokens, $7.56 spent. Advisory only — continue if the task needs full context."},
		{"green", func(in *Input) { in.Zone = zones.Green }, "[StrategicCompact] Free zone — context at ~312k tokens, $7.56 spent. Advisory only — continue if the task needs full context."},
		{"estimated", func(in *Input) { in.Estimated = true }, "[StrategicCompact] Drift zone — context at ~312k (estimated) tokens, $7.56 spent. Advisory only — continue if the task needs full context."},
		{"cost unknown", func(in *Input) { in.Cost = -1 }, "[StrategicCompact] Drift zone — context at ~312k tokens. Advisory only — continue if the task needs full context."},
		{"estimated cost", func(in *Input) { in.CostText = "~$9.28" }, "[StrategicCompact] Drift zone — context at ~312k tokens, ~$9.28 spent. Advisory only — continue if the task needs full context."},
		{"cost zero", func(in *Input) { in.Cost = 0 }, "[StrategicCompact] Drift zone — context at ~312k tokens, $0.00 spent. Advisory only — continue if the task needs full context."},
		{"repeat", func(in *Input) { in.Repeat, in.Cost = true, 123.4 }, "[StrategicCompact] Drift zone (still) — context at ~312k tokens, $123 spent. Advisory only — continue if the task needs full context."},
		{"big", func(in *Input) { in.Zone, in.Tokens = zones.Red, 1_250_000 }, "[StrategicCompact] High-risk zone — context at ~1.25M tokens, $7.56 spent. Advisory only — continue if the task needs full context."},
		{"auto-compaction ahead", func(in *Input) { in.Tokens, in.Zones.Compact = 140_000, 167_000 },
			"[StrategicCompact] Drift zone — context at ~140k tokens, $7.56 spent, 27k before auto-compaction (at 167k). Advisory only — continue if the task needs full context."},
		{"auto-compaction due", func(in *Input) { in.Tokens, in.Zones.Compact = 170_000, 167_000 },
			"[StrategicCompact] Drift zone — context at ~170k tokens, $7.56 spent; auto-compaction (at 167k) is due. Advisory only — continue if the task needs full context."},
		{"auto-compaction off", func(in *Input) { in.CompactOff = true },
			"[StrategicCompact] Drift zone — context at ~312k tokens, $7.56 spent; auto-compaction is off. Advisory only — continue if the task needs full context."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			got, _, _ := strings.Cut(Compose(in), "\n")
			if got != tt.want {
				t.Errorf("headline = %q\nwant       %q", got, tt.want)
			}
		})
	}
}

func TestCompose(t *testing.T) {
	const (
		orangeAction = "Context rot zone: compact between steps, before starting the next task."
		redAction    = "Urgent: output quality degrades from here; compact at the next natural pause (finish the current edit first)."
		memory       = "Before compacting, while you can still write files: save what this session learned to auto-memory, /h/.claude/projects/-w-p/memory/project_session_2026-12-01_ab12cd34.md (type project: decisions, files touched, follow-ups, anything that took several attempts to find; extend it if it exists), plus a reference_<topic>.md only for a reusable recipe, and list them in MEMORY.md. Skip it if there is nothing new."
		review       = "Review the open follow-ups in /h/MEMORY.md, /h/ctx.md: strike through (~~…~~) the ones this session finished, so the resume after the compaction lists only what is still open."
		aiMemory     = "Before compacting, while you can still run commands: record with `ai memory note` what this session learned that the memory does not hold yet (decisions and their reasons, what failed, what is still open), one note each. Skip it if there is nothing new."
		hints        = "When you do compact, `/compact` auto-injects preserve/drop hints from observed tool usage; free-text hints still work."
		adaptive     = "(Zones adapted to your history: orange=300k, red=400k, 7 past compacts.)"
	)
	tests := []struct {
		name string
		edit func(*Input)
		rest []string // lines after the headline
	}{
		{"bare orange", func(*Input) {}, []string{orangeAction, silence}},
		{"red", func(in *Input) { in.Zone = zones.Red }, []string{redAction, silence}},
		{"yellow action", func(in *Input) { in.Zone = zones.Yellow }, []string{"A good time to /compact after the current task.", silence}},
		{"diagnosis", func(in *Input) { in.Diagnosis = "hot: src/billing" }, []string{"Observed: hot: src/billing.", orangeAction, silence}},
		{"memory dir", func(in *Input) {
			in.MemoryDir, in.MemoryFile = "/h/.claude/projects/-w-p/memory", "project_session_2026-12-01_ab12cd34.md"
		},
			[]string{orangeAction, memory, silence}},
		{"memory dir trailing slash", func(in *Input) {
			in.MemoryDir, in.MemoryFile = "/h/.claude/projects/-w-p/memory/", "project_session_2026-12-01_ab12cd34.md"
		},
			[]string{orangeAction, memory, silence}},
		// A project whose instructions use `ai memory` offloads there
		// alone, whatever auto-memory says: one session, one record.
		{"ai memory", func(in *Input) {
			in.AIMemory, in.MemoryDir = true, "/h/.claude/projects/-w-p/memory"
		}, []string{orangeAction, aiMemory, silence}},
		{"follow-ups review", func(in *Input) { in.FollowUps = []string{"/h/MEMORY.md", "/h/ctx.md"} }, []string{orangeAction, review, silence}},
		{"compact hints", func(in *Input) { in.CompactHints = true }, []string{orangeAction, hints, silence}},
		{"adaptive", func(in *Input) { in.Zones.Adaptive, in.Zones.Samples = true, 7 }, []string{orangeAction, adaptive, silence}},
		{"samples without adaptive", func(in *Input) { in.Zones.Samples = 7 }, []string{orangeAction, silence}},
		{"everything", func(in *Input) {
			in.Zone, in.Diagnosis, in.MemoryDir, in.CompactHints = zones.Red, "shifted a → b", "/h/.claude/projects/-w-p/memory", true
			in.MemoryFile, in.FollowUps = "project_session_2026-12-01_ab12cd34.md", []string{"/h/MEMORY.md", "/h/ctx.md"}
			in.Zones.Adaptive, in.Zones.Samples = true, 7
		}, []string{"Observed: shifted a → b.", redAction, memory, review, hints, adaptive, silence}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			lines := strings.Split(Compose(in), "\n")
			if got, want := strings.Join(lines[1:], "\n"), strings.Join(tt.rest, "\n"); got != want {
				t.Errorf("Compose() body =\n%s\nwant\n%s", got, want)
			}
			if strings.Contains(Compose(in), "\x1b") {
				t.Error("Compose() contains an escape sequence")
			}
		})
	}
}
