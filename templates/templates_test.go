package templates

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
)

// TestConfigIsDefaults: seeding the template must not change behaviour,
// and the loader must accept every key in it.
func TestConfigIsDefaults(t *testing.T) {
	cfg := config.Default()
	if probs := config.Merge(&cfg, bytes.NewReader(Config()), ConfigName, ""); len(probs) > 0 {
		t.Fatalf("loader problems with the template: %v", probs)
	}
	if want := config.Default(); !reflect.DeepEqual(cfg, want) {
		t.Errorf("template changes the configuration:\n got %+v\nwant %+v", cfg, want)
	}
	for _, must := range []string{`"preset"`, `"zones"`, `"yellow"`, `"orange"`, `"red"`} {
		if !bytes.Contains(Config(), []byte(must)) {
			t.Errorf("template lacks %s", must)
		}
	}
}

func TestSessionContextSections(t *testing.T) {
	doc := sessionctx.Parse(SessionContext())
	want := []string{"Current Task", "Key Files", "Key Decisions", "Completed Tasks (safe to drop details)", "Follow-ups", "On Compact"}
	if !slices.Equal(doc.Order, want) {
		t.Errorf("sections = %q, want %q", doc.Order, want)
	}
	tests := []struct {
		name, got   string
		placeholder bool
	}{
		{"task", doc.Task(), true},
		{"type", doc.Field("Current Task", "type"), true},
		{"description", doc.Field("Current Task", "description"), true},
		{"preserve", doc.Field("On Compact", "PRESERVE"), true},
		{"drop", doc.Field("On Compact", "DROP"), true},
	}
	for _, tt := range tests {
		if sessionctx.Placeholder(tt.got) != tt.placeholder {
			t.Errorf("%s = %q: placeholder %v, want %v", tt.name, tt.got, !tt.placeholder, tt.placeholder)
		}
	}
	if bytes.Contains(SessionContext(), []byte("si:autofill sha=")) {
		t.Error("template carries an auto-fill sentinel")
	}
}

func TestRules(t *testing.T) {
	text := string(Rules())
	if n := strings.Count(text, "\n"); n > 25 {
		t.Errorf("rules are %d lines, want at most 25", n)
	}
	for _, must := range []string{
		"~/.claude/projects/<encoded project>/session-context.md", "task boundary",
		"/compact", "auto-compaction", "subagent", "/rewind", "SESSION RESUME",
	} {
		if !strings.Contains(text, must) {
			t.Errorf("rules do not mention %q", must)
		}
	}
	if strings.Contains(text, "session-intelligence:rules") {
		t.Error("rules contain a block marker; the bootstrap adds those")
	}
}

// TestAccessorsCopy: a caller changing a returned slice must not change
// what the next caller gets, and FS serves the same bytes.
func TestAccessorsCopy(t *testing.T) {
	tests := []struct {
		name string
		get  func() []byte
	}{
		{ConfigName, Config},
		{SessionContextName, SessionContext},
		{RulesName, Rules},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := tt.get()
			if len(first) == 0 {
				t.Fatal("empty template")
			}
			first[0] = 'X'
			again := tt.get()
			if again[0] == 'X' {
				t.Error("accessor returned the embedded bytes themselves")
			}
			fromFS, err := FS.ReadFile(tt.name)
			if err != nil || !bytes.Equal(fromFS, again) {
				t.Errorf("FS.ReadFile(%q) = %d bytes, %v; want the accessor's %d bytes", tt.name, len(fromFS), err, len(again))
			}
		})
	}
}
