package view

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
)

func view(total, latest, recent, single int) settings.AgentView {
	return settings.AgentView{Total: total, Latest: latest, Recent: recent, Single: single}
}

// TestLayout: latest, recent, then older turns on a line each while they
// fit in total, shared lines beyond, the newest single ones kept.
func TestLayout(t *testing.T) {
	tests := []struct {
		n      int
		v      settings.AgentView
		older  string
		recent memory.Block
		latest memory.Block
	}{
		{0, view(64, 1, 3, 0), "", memory.Block{}, memory.Block{}},
		{2, view(64, 1, 3, 0), "", memory.Block{Lo: 0, Hi: 1}, memory.Block{Lo: 1, Hi: 2}},
		{6, view(64, 1, 3, 0), "0 1", memory.Block{Lo: 2, Hi: 5}, memory.Block{Lo: 5, Hi: 6}},
		{12, view(6, 1, 1, 0), "0-3 4-7 8 9", memory.Block{Lo: 10, Hi: 11}, memory.Block{Lo: 11, Hi: 12}},
		{12, view(6, 1, 1, 3), "0-3 4-5 6 7 8 9", memory.Block{Lo: 10, Hi: 11}, memory.Block{Lo: 11, Hi: 12}},
		{20, view(8, 1, 1, 0), "0-7 8-11 12-13 14-15 16 17", memory.Block{Lo: 18, Hi: 19}, memory.Block{Lo: 19, Hi: 20}},
		{5, view(2, 1, 3, 0), "0", memory.Block{Lo: 1, Hi: 4}, memory.Block{Lo: 4, Hi: 5}},
	}
	for _, tt := range tests {
		l := NewLayout(tt.n, tt.v)
		var ids []string
		for _, b := range l.Older {
			ids = append(ids, b.String())
		}
		if got := strings.Join(ids, " "); got != tt.older || l.Recent != tt.recent || l.Latest != tt.latest {
			t.Errorf("NewLayout(%d, %+v) = older %q recent %v latest %v; want %q %v %v", tt.n, tt.v, got, l.Recent, l.Latest, tt.older, tt.recent, tt.latest)
		}
		covered := 0
		for _, b := range l.Older {
			covered += b.Size()
		}
		if covered+l.Recent.Size()+l.Latest.Size() != tt.n {
			t.Errorf("NewLayout(%d): entries cover %d turns", tt.n, covered+l.Recent.Size()+l.Latest.Size())
		}
	}
}

// fakeSource is a thread of n turns whose contents are made up.
func fakeSource(n int, sums map[string]thread.Summary) Source {
	th := &thread.Thread{Agent: thread.Agent{Name: "dev"}, Sessions: map[string]*thread.Session{"s1": {ID: "s1"}}}
	for i := range n {
		th.Turns = append(th.Turns, thread.Turn{Index: i, Session: "s1", Start: int64(i * 100), End: int64(i*100 + 100),
			At: time.Date(2026, 5, 1+i, 9, 0, 0, 0, time.UTC), Prompt: fmt.Sprintf("question %d", i)})
	}
	content := func(t thread.Turn) (thread.Content, error) {
		return thread.Content{Turn: t, Prompt: t.Prompt, Reply: 2, Tools: 1, Items: []thread.Item{
			{N: 1, Kind: "text", Text: "looking"},
			{N: 2, Kind: "tool", Text: "Bash", Input: `{"command":"make test"}`, Output: "PASS " + t.Prompt},
			{N: 3, Kind: "text", Text: fmt.Sprintf("answer %d", t.Index)}}}, nil
	}
	if sums == nil {
		sums = map[string]thread.Summary{}
	}
	return Source{Thread: th, Sums: sums, Content: content}
}

func TestRender(t *testing.T) {
	src := fakeSource(12, nil)
	src.Sums[thread.SumRange+" "+RangeKey(src.Thread.Turns, memory.Block{Lo: 0, Hi: 4})] = thread.Summary{Text: "the first four"}
	src.Sums[thread.SumTurn+" "+src.Thread.Turns[8].Key()] = thread.Summary{Text: "line of eight"}
	src.Sums[thread.SumWork+" "+src.Thread.Turns[10].Key()] = thread.Summary{Text: "ran make test"}
	v, err := Render(src, view(6, 1, 1, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# agent dev: 12 turns in 1 session",
		"\n#0-3 2026-05-01..2026-05-04 the first four\n",
		"\n#4-7 2026-05-05..2026-05-08 (4 turns, not summarised yet: ai agent zoom -a dev 4-7)\n",
		"\n#8 2026-05-09 line of eight\n",
		"\n#9 2026-05-10 user: question 9 (not summarised yet)\n",
		"## #10 2026-05-11 09:00 session s1\nuser: question 10\nwork: ran make test\nreply: answer 10\n",
		"## #11 2026-05-12 09:00 session s1 (latest)\nuser: question 11\n#11.1 looking\n#11.2 Bash {\"command\":\"make test\"}\nreply: answer 11\n",
		"# 2 entries are not summarised yet",
	} {
		if !strings.Contains(v.Text, want) {
			t.Errorf("view lacks %q:\n%s", want, v.Text)
		}
	}
	if v.Missing != 2 {
		t.Errorf("Missing = %d", v.Missing)
	}
	if empty, _ := Render(fakeSource(0, nil), view(64, 1, 3, 0)); !strings.Contains(empty.Text, "no turns yet") {
		t.Errorf("empty view: %s", empty.Text)
	}
}

func TestZoomAndIDs(t *testing.T) {
	src := fakeSource(12, nil)
	tests := []struct {
		id, want string
		output   bool
	}{
		{"0-3", "#0-3 2026-05-01..2026-05-04 (4 turns, not summarised yet: ai agent zoom -a dev 0-3)\n#0-1 ", false},
		{"#5", "user: question 5\n#5.1 looking\n#5.2 Bash {\"command\":\"make test\"}\nreply: answer 5\n", false},
		{"5", "#5.2 Bash {\"command\":\"make test\"}\noutput: PASS question 5\n", true},
		{"5.2", "#5.2 Bash {\"command\":\"make test\"}\noutput: PASS question 5\n", true},
	}
	for _, tt := range tests {
		id, err := ParseID(tt.id)
		if err != nil {
			t.Fatalf("ParseID(%s): %v", tt.id, err)
		}
		got, err := Zoom(src, id, tt.output)
		if err != nil || !strings.Contains(got, tt.want) {
			t.Errorf("Zoom(%s) = %q, %v; want it to hold %q", tt.id, got, err, tt.want)
		}
	}
	for _, bad := range []string{"x", "3-5", "1-2.1", "5.0", "-1"} {
		if _, err := ParseID(bad); !errors.Is(err, ErrBadID) {
			t.Errorf("ParseID(%q) = %v", bad, err)
		}
	}
	for _, bad := range []string{"12", "5.9", "8-15"} {
		id, _ := ParseID(bad)
		if _, err := Zoom(src, id, false); !errors.Is(err, ErrBadID) {
			t.Errorf("Zoom(%s) = %v, want ErrBadID", bad, err)
		}
	}
}

// TestZoomPastTheEnd: an id past the thread says which turns there are,
// in words that hold for none and one as well.
func TestZoomPastTheEnd(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{0, "agent dev has no turns yet (a session attached to it records them: /ai attach dev, or ai agent resume dev)"},
		{1, "agent dev has 1 turn (#0)"},
		{12, "agent dev has 12 turns (#0 to #11)"},
	}
	id, _ := ParseID("17")
	for _, tt := range tests {
		_, err := Zoom(fakeSource(tt.n, nil), id, false)
		if !errors.Is(err, ErrBadID) || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("%d turns: Zoom(17) = %v, want it to end %q", tt.n, err, tt.want)
		}
	}
}

func TestGrep(t *testing.T) {
	src := fakeSource(4, nil)
	src.Sums[thread.SumRange+" "+RangeKey(src.Thread.Turns, memory.Block{Lo: 0, Hi: 2})] = thread.Summary{Text: "early work on the parser"}
	hits, err := Grep(src, regexp.MustCompile(`question [13]|parser`))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	if got := strings.Join(ids, " "); got != "1 1.2 3 3.2 0-1" {
		t.Errorf("hits = %s (%+v)", got, hits)
	}
}
