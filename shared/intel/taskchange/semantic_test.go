package taskchange

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

func TestConfidentSame(t *testing.T) {
	tests := []struct {
		answer string
		want   bool
	}{
		{"SAME", true},
		{"same", true},
		{"  Same.\n", true},
		{"**SAME**", true},
		{"SAME — it continues the auth work", true},
		{"DIFFERENT", false},
		{"SAME or DIFFERENT? DIFFERENT", false},
		{"Not the SAME", false},
		{"SAMEISH", false},
		{"", false},
		{"I cannot tell.", false},
	}
	for _, tt := range tests {
		if got := ConfidentSame(tt.answer); got != tt.want {
			t.Errorf("ConfidentSame(%q) = %v, want %v", tt.answer, got, tt.want)
		}
	}
}

func TestQuestion(t *testing.T) {
	q := Question(authWork, "  now "+strings.Repeat("é", 3000))
	for _, want := range []string{"exactly one word", "Current task: bug-fix — login token refresh fails after idle",
		"Files in play: src/auth/login.go, src/auth/session.go, src/auth/token.go, docs/auth.md", "New request: now é", "…\n\nAnswer (SAME or DIFFERENT):"} {
		if !strings.Contains(q, want) {
			t.Errorf("question lacks %q:\n%.400s", want, q)
		}
	}
	if n := strings.Count(q, "é"); n != maxAskPrompt-4 {
		t.Errorf("prompt cut to %d characters, want %d", n, maxAskPrompt-4)
	}
	if q := Question(Baseline{}, "x"); !strings.Contains(q, "(not written down)") || strings.Contains(q, "Files in play") {
		t.Errorf("empty baseline question:\n%s", q)
	}
}

func TestAskTimeout(t *testing.T) {
	if got := askTimeout(context.Background(), 3000); got != 3500*time.Millisecond {
		t.Errorf("askTimeout without deadline = %v, want 3.5s", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if got := askTimeout(ctx, 3000); got > 700*time.Millisecond || got <= 0 {
		t.Errorf("askTimeout under a 1s deadline = %v, want at most 700ms", got)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	if got := askTimeout(short, 3000); got > 0 {
		t.Errorf("askTimeout with no time left = %v, want ≤ 0", got)
	}
}

// fakeClaude puts a claude script with body on PATH and returns the file
// its arguments and stdin are logged to.
func TestClaudeAsker(t *testing.T) {
	tests := []struct {
		name, act string // act: what the fake claude does (fakeClaudeMain)
		want      string
		wantErr   bool
	}{
		{"same", "same", "SAME\n", false},
		{"different", "different", "DIFFERENT\n", false},
		{"fails", "fails", "", true},
		{"says nothing", "quiet", "", true},
		{"hangs", "hangs", "", true},
		{"floods", "floods", strings.Repeat("SAME\n", 1000)[:maxAnswer], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := fakeClaude(t, tt.act)
			limit := 20 * time.Second // generous: a loaded machine may start it slowly
			if tt.name == "hangs" {
				limit = 300 * time.Millisecond
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			defer cancel()
			start := time.Now()
			got, err := ClaudeAsker("claude")(ctx, "claude-haiku-4-5", "QUESTION-TEXT")
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("answer = %.40q, %v; want %.40q, error %v", got, err, tt.want, tt.wantErr)
			}
			if took := time.Since(start); tt.name == "hangs" && took > 5*time.Second {
				t.Errorf("took %v: the child was not stopped at the deadline", took)
			}
			data, _ := os.ReadFile(log)
			want := "[-p][--model][claude-haiku-4-5][--setting-sources][][--tools][][--no-session-persistence]\nchild=1\nQUESTION-TEXT"
			if !strings.HasPrefix(string(data), want) {
				t.Errorf("claude ran with\n%s\nwant\n%s", data, want)
			}
		})
	}
}

func TestClaudeAskerMissingBinary(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := ClaudeAsker("claude")(context.Background(), "m", "q")
	if !errors.Is(err, os.ErrNotExist) && (err == nil || !strings.Contains(err.Error(), "find claude")) {
		t.Errorf("missing claude: err = %v", err)
	}
}
