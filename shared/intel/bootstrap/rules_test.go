package bootstrap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/templates"
)

// TestPlaceFor: the setting decides, except that the plugin's own
// checkout never gets the block: its rules go to the start context.
func TestPlaceFor(t *testing.T) {
	d := testDirs(t)
	plain, checkout := newRepo(t), newRepo(t)
	manifest := filepath.Join(checkout, checkoutMark)
	if err := os.MkdirAll(filepath.Dir(manifest), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(checkout, "shared")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		setting, cwd string
		want         Place
	}{
		{config.RulesClaudeMd, plain, Place{Where: config.RulesClaudeMd}},
		{config.RulesContext, plain, Place{Where: config.RulesContext}},
		{config.RulesOff, plain, Place{Where: config.RulesOff}},
		{config.RulesClaudeMd, checkout, Place{Where: config.RulesContext, Checkout: true}},
		{config.RulesClaudeMd, sub, Place{Where: config.RulesContext, Checkout: true}},
		{config.RulesOff, checkout, Place{Where: config.RulesOff}},
	}
	for _, tt := range tests {
		if got := PlaceFor(tt.setting, d, tt.cwd); got != tt.want {
			t.Errorf("PlaceFor(%s, %s) = %+v, want %+v", tt.setting, tt.cwd, got, tt.want)
		}
	}
}

// TestContextRules: the start context holds every rule, says where it
// comes from, and leaves out the block's note about editing CLAUDE.md.
func TestContextRules(t *testing.T) {
	got := ContextRules(templates.Rules())
	if !strings.HasPrefix(got, "The session-intelligence plugin gives every session these rules") || strings.Contains(got, "<!--") {
		t.Errorf("ContextRules:\n%s", got)
	}
	for _, want := range []string{"Keep the session note current", "SESSION RESUME", "RELAY NOTE"} {
		if !strings.Contains(got, want) {
			t.Errorf("ContextRules lacks %q", want)
		}
	}
	if n := BlockLines(templates.Rules()); n != strings.Count(string(templates.Rules()), "\n")+2 {
		t.Errorf("BlockLines = %d", n)
	}
}

// TestOnlyOurBlock: a CLAUDE.md changed by nothing but our block is not
// the user's work; any change of the user's, or a broken block, is.
func TestOnlyOurBlock(t *testing.T) {
	user := "# Project\nUse tabs.\n"
	tests := []struct {
		name, head, work string
		want             bool
	}{
		{"created", "", blockOf(rulesV1), true},
		{"prepended", user, blockOf(rulesV1) + "\n" + user, true},
		{"refreshed inside a committed block", blockOf(rulesV1) + "\n" + user, blockOf(rulesV2) + "\n" + user, true},
		{"prepended and the user's edit", user, blockOf(rulesV1) + "\n" + user + "More.\n", false},
		{"created, then the user's line", "", blockOf(rulesV1) + "mine\n", false},
		{"the user's edit, no block", user, user + "More.\n", false},
		{"broken markers", user, BeginMarker + "\n" + user, false},
		{"the block edited by hand, nothing else", blockOf(rulesV1), blockOf(rulesV1 + "- mine\n"), true},
	}
	for _, tt := range tests {
		if got := OnlyOurBlock([]byte(tt.head), []byte(tt.work)); got != tt.want {
			t.Errorf("%s: OnlyOurBlock = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestRunReportsFirstBlock: the first write of the block into a project's
// CLAUDE.md is reported once, with the backup of the user's file.
func TestRunReportsFirstBlock(t *testing.T) {
	f := newRunFixture(t)
	if err := os.WriteFile(f.claude, []byte("# Mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := f.run(rulesV1)
	if rep.FirstBlock != f.claude || rep.FirstBackup == "" {
		t.Fatalf("first Run() = %+v, want FirstBlock %s with a backup", rep, f.claude)
	}
	if rep := f.run(rulesV2); rep.FirstBlock != "" {
		t.Errorf("a refresh reported a first block: %+v", rep)
	}
}

// FuzzOnlyOurBlock: any pair of CLAUDE.md texts (the file is the user's,
// so anything) is judged without a panic; a file with no block of ours
// is never called ours unless it is the committed text.
func FuzzOnlyOurBlock(f *testing.F) {
	f.Add([]byte(""), []byte(blockOf(rulesV1)))
	f.Add([]byte("# Mine\n"), []byte(blockOf(rulesV1)+"\n# Mine\n"))
	f.Add([]byte(BeginMarker), []byte(EndMarker+"\n"+BeginMarker))
	f.Fuzz(func(t *testing.T, head, work []byte) {
		ours := OnlyOurBlock(head, work)
		if _, has := cutOurBlock(work); ours && !has {
			t.Fatalf("a file without our block is called ours: %q", work)
		}
	})
}
