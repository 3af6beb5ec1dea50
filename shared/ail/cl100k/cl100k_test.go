package cl100k

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// TestKnownCounts checks figures that three independent cl100k
// implementations agree on (see the project's dependency notes), plus
// the pointer shapes the AILv1 encoder relies on.
func TestKnownCounts(t *testing.T) {
	cases := map[string]int{
		"":              0,
		"hello world":   2,
		" $1":           2,
		" $999":         2,
		" Celery_Redis": 4,
	}
	var c Counter
	for in, want := range cases {
		if got := c.Count(in); got != want {
			t.Errorf("Count(%q) = %d, want %d", in, got, want)
		}
	}
	if n := c.Count("\xff\xfe broken"); n <= 0 {
		t.Errorf("invalid UTF-8 counted as %d tokens", n)
	}
}

// TestKeptOutOfHooks: the vocabulary (about 4 MB) and the MCP SDK stay
// out of the hook and status line binaries, which start on every tool
// call and redraw.
func TestKeptOutOfHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "./hooks/...", "./statusline")
	cmd.Dir = refdata.RepoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, heavy := range []string{"github.com/tiktoken-go/tokenizer", "github.com/modelcontextprotocol/go-sdk"} {
		if strings.Contains(string(out), heavy) {
			t.Errorf("a hook or the status line links %s", heavy)
		}
	}
}
