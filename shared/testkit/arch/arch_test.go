package arch

// This file enforces the rules of the layout (docs/architecture.md):
// nothing under shared/ imports a package outside it, a wing imports only
// the wings below it, and the binaries Claude Code
// starts on the user's time link none of the heavy libraries, whose code
// lives in the full/ sub-packages and in the heavy binaries.

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

const module = "github.com/session-intelligence/session-intelligence"

// wings lists shared/'s wings from the bottom up: each may import the
// ones before it and itself, never one after it.
var wings = []string{"core", "cc", "ail", "intel", "status", "relay", "ai", "si", "event", "testkit"}

// data are packages of embedded files only, below every wing: the
// templates stay at the top level, where the layout keeps them, and hold
// no code a wing could reach up into.
var data = []string{module + "/templates"}

// heavy is every library a lean binary must not link, and why it is
// heavy. A path ending in "/" matches everything under it; an exact one
// only itself; any other itself and its sub-packages (net/url and
// net/netip, mere parsers, are not the network stack).
var heavy = []struct {
	path, why string
	exact     bool
}{
	{"net", "sockets: the network stack", true},
	{"github.com/go-git/", "git objects, packfiles and transports (ai, ai-sync, si-refresh)", false},
	{"net/http", "HTTP, with the network stack (si-refresh's quota and health fetches, ai-sync)", false},
	{"crypto/tls", "TLS, with the network stack", false},
	{"github.com/modelcontextprotocol/", "the MCP server (si-ail)", false},
	{"github.com/tiktoken-go/", "the tokenizer's 4 MB vocabulary (si-ail)", false},
	{"go/parser", "Go source parsing for @SIG lines (si-ail)", false},
	{module + "/shared/", "a full/ package: the heavy half of a part (matched by the /full suffix)", false},
}

// lean are the binaries Claude Code (or the user, in /si) starts on
// every tool call, prompt, turn, redraw or relay decision.
var lean = []string{"./hooks/post-tool-use", "./hooks/post-tool-batch", "./hooks/pre-compact", "./hooks/session-start", "./hooks/session-end",
	"./hooks/stop", "./hooks/user-prompt-submit", "./statusline", "./commands/si", "./commands/si-relay"}

// goList runs go list in the checkout and returns its output's fields.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = refdata.RepoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// isHeavy reports which heavy entry dep falls under, "" for none.
func isHeavy(dep string) string {
	for _, h := range heavy {
		if h.path == module+"/shared/" {
			if strings.HasPrefix(dep, h.path) && (strings.HasSuffix(dep, "/full") || strings.Contains(dep, "/full/")) {
				return dep + ": " + h.why
			}
			continue
		}
		switch {
		case dep == h.path,
			strings.HasSuffix(h.path, "/") && strings.HasPrefix(dep, h.path),
			!h.exact && strings.HasPrefix(dep, h.path+"/"):
			return h.why
		}
	}
	return ""
}

// TestLeanBinaries: no lean binary links a heavy library, directly or
// through any package of ours.
func TestLeanBinaries(t *testing.T) {
	for _, bin := range lean {
		for _, dep := range goList(t, "-deps", bin) {
			if why := isHeavy(dep); why != "" {
				t.Errorf("%s links %s (%s); move the code that needs it into a full/ package or a heavy binary", bin, dep, why)
			}
		}
	}
}

// wingOf returns the index of the wing a package of ours is in, -1 for
// the data packages, len(wings) for the top level (hooks/, commands/…).
func wingOf(pkg string) int {
	if slices.Contains(data, pkg) {
		return -1
	}
	rest, ok := strings.CutPrefix(pkg, module+"/shared/")
	if !ok {
		return len(wings)
	}
	name, _, _ := strings.Cut(rest, "/")
	if i := slices.Index(wings, name); i >= 0 {
		return i
	}
	return len(wings) // a package outside the wings: caught below
}

// TestWingsImportDownward: every package under shared/ sits in a wing,
// and its imports (tests aside) come from its own wing or one below.
func TestWingsImportDownward(t *testing.T) {
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./shared/...") {
		fields := strings.Fields(line)
		pkg, imports := fields[0], fields[1:]
		from := wingOf(pkg)
		if from == len(wings) {
			t.Errorf("%s is in no wing (want shared/<%s>/…)", pkg, strings.Join(wings, "|"))
			continue
		}
		for _, imp := range imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			if to := wingOf(imp); to > from {
				t.Errorf("%s (wing %s) imports %s, a wing above it", pkg, wings[from], imp)
			}
		}
	}
}

// TestSharedImportsNothingOutside: no package under shared/, test files
// included, imports a package of ours outside shared/ (commands/,
// hooks/, statusline/, docs/ or any folder added beside them) other than
// the data packages: the binaries and the pages sit above every wing.
func TestSharedImportsNothingOutside(t *testing.T) {
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "./shared/...") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			rest, ours := strings.CutPrefix(imp, module+"/")
			if ours && !strings.HasPrefix(rest, "shared/") && !slices.Contains(data, imp) {
				t.Errorf("%s imports %s, outside shared/", fields[0], imp)
			}
		}
	}
}

// readOnly are the halves of a part that the status line reads on every
// redraw, whose fetching half is the full/ package beside them: they
// start no process either, which the binaries may (the status line runs
// the user's previous one).
var readOnly = []string{"./shared/status/health", "./shared/status/quota"}

// TestReadOnlyHalves: the read halves link no heavy library and no
// os/exec, directly or through any package of ours.
func TestReadOnlyHalves(t *testing.T) {
	for _, pkg := range readOnly {
		for _, dep := range goList(t, "-deps", pkg) {
			if why := isHeavy(dep); why != "" || dep == "os/exec" {
				t.Errorf("%s depends on %s %s; what fetches or runs belongs in %s/full", pkg, dep, why, pkg)
			}
		}
	}
}
