package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeanBinaries: si (run by /si, the relay module and the hooks'
// helpers) and every hook and the status line start on the user's time;
// the heavy dependencies belong in si-ail and si-refresh only.
func TestLeanBinaries(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "./commands/si", "./hooks/...", "./statusline")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	heavy := []string{"net/http", "github.com/go-git/go-git/v5", "github.com/modelcontextprotocol/go-sdk/mcp",
		"github.com/tiktoken-go/tokenizer", "go/parser"}
	deps := strings.Fields(string(out))
	for _, h := range heavy {
		for _, d := range deps {
			if d == h {
				t.Errorf("si, a hook or the status line links %s; move the code that needs it to si-ail or si-refresh", h)
			}
		}
	}
}
