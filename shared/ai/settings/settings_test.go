package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// world is a scratch home with a project inside it.
type world struct{ home, proj string }

func newWorld(t *testing.T) world {
	root := t.TempDir()
	w := world{home: filepath.Join(root, "home"), proj: filepath.Join(root, "home", "src", "widget")}
	if err := os.MkdirAll(filepath.Join(w.proj, "sub", "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

func put(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (w world) user() string    { return filepath.Join(w.home, ".ai", "ai.toml") }
func (w world) project() string { return filepath.Join(w.proj, "ai.toml") }
func (w world) private() string { return filepath.Join(w.proj, ".ai", "local", "ai.toml") }

func TestDefaults(t *testing.T) {
	w := newWorld(t)
	s, err := Load(w.home, w.proj)
	if err != nil {
		t.Fatal(err)
	}
	if s.Memory != (Memory{EntryChars: 280, ViewLines: 96}) || s.Summariser != (Summariser{"claude", "sonnet", true}) ||
		!s.Chat.Background || s.AgentView != (AgentView{64, 1, 3, 0}) || len(s.Files) != 0 || s.Project.Root != "" {
		t.Errorf("defaults = %+v", s)
	}
}

// TestLayers: each file's keys win over the files before it; keys a file
// does not set keep the earlier value; every file is found from a
// subdirectory of the project.
func TestLayers(t *testing.T) {
	w := newWorld(t)
	put(t, w.user(), "[memory]\nentry-chars = 200\n[memory.view]\nlines = 50\n[summariser]\nmodel = \"haiku\"\n")
	put(t, w.project(), "[project]\nname = \"widget\"\n[memory]\nentry-chars = 300\n[chat]\nbackground = false\n")
	put(t, w.private(), "[memory.view]\nlines = 20\n[summariser]\nbackground = false\n")
	s, err := Load(w.home, filepath.Join(w.proj, "sub", "dir"))
	if err != nil {
		t.Fatal(err)
	}
	want := Memory{EntryChars: 300, ViewLines: 20}
	if s.Memory != want || s.Summariser.Model != "haiku" || s.Summariser.Background || s.Chat.Background || s.Project.Name != "widget" {
		t.Errorf("settings = %+v", s)
	}
	if s.Project.Root != w.proj {
		t.Errorf("root = %q, want %q", s.Project.Root, w.proj)
	}
	origins := map[string]string{
		"memory.entry-chars": w.project(),
		"memory.view.lines":  w.private(),
		"summariser.model":   w.user(),
	}
	for k, f := range origins {
		if s.Origin[k] != f {
			t.Errorf("origin of %s = %q, want %q", k, s.Origin[k], f)
		}
	}
	if strings.Join(s.Files, "|") != strings.Join([]string{w.user(), w.project(), w.private()}, "|") {
		t.Errorf("files = %q", s.Files)
	}
}

func TestUserFileIsNeverTheProject(t *testing.T) {
	w := newWorld(t)
	put(t, w.user(), "[memory]\nentry-chars = 100\n")
	s, err := Load(w.home, filepath.Join(w.home, ".ai"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Project.Root != "" || len(s.Files) != 1 || s.Memory.EntryChars != 100 {
		t.Errorf("in ~/.ai: root %q, files %q", s.Project.Root, s.Files)
	}
}

func TestPrivateNeedsAProject(t *testing.T) {
	w := newWorld(t)
	put(t, w.private(), "[memory]\nentry-chars = 100\n") // no ai.toml beside it
	s, err := Load(w.home, w.proj)
	if err != nil || s.Memory.EntryChars != 280 || len(s.Files) != 0 {
		t.Errorf("private settings read without a project: %+v, %v", s.Memory, err)
	}
}

func TestWorktreeReadsMainCheckoutPrivate(t *testing.T) {
	w := newWorld(t)
	main := w.proj
	put(t, filepath.Join(main, ".git", "HEAD"), "ref: refs/heads/main\n")
	put(t, w.project(), "")
	put(t, w.private(), "[memory]\nentry-chars = 111\n")
	wt := filepath.Join(w.home, "src", "widget-dev")
	gitdir := filepath.Join(main, ".git", "worktrees", "widget-dev")
	put(t, filepath.Join(gitdir, "commondir"), "../..\n")
	put(t, filepath.Join(wt, ".git"), "gitdir: "+gitdir+"\n")
	put(t, filepath.Join(wt, "ai.toml"), "")
	s, err := Load(w.home, wt)
	if err != nil {
		t.Fatal(err)
	}
	if s.Memory.EntryChars != 111 || s.Project.Root != wt {
		t.Errorf("worktree: entry-chars %d, root %q; want 111 from the main checkout", s.Memory.EntryChars, s.Project.Root)
	}
}

func TestAgents(t *testing.T) {
	w := newWorld(t)
	put(t, w.user(), "[agents.dev]\ninstructions = \"dev.md\"\n")
	put(t, w.project(), "[agents.dev]\ninstructions = \"ai/agents/dev.md\"\nworktree = \"../widget-dev\"\n")
	put(t, w.private(), "[agents.dev]\ninstructions = \"mine.md\"\n")
	s, err := Load(w.home, w.proj)
	if err != nil {
		t.Fatal(err)
	}
	dev := s.Agents["dev"]
	want := []string{filepath.Join(w.home, ".ai", "dev.md"), filepath.Join(w.proj, "ai", "agents", "dev.md"), filepath.Join(w.proj, "mine.md")}
	if strings.Join(dev.Instructions, "|") != strings.Join(want, "|") {
		t.Errorf("instructions = %q, want %q", dev.Instructions, want)
	}
	if dev.Worktree != filepath.Join(w.home, "src", "widget-dev") {
		t.Errorf("worktree = %q", dev.Worktree)
	}
}

// shown is want with the "~/" path it starts with, up to the first ": ",
// as Pretty shows it: in the system's separator (~\src\widget\ai.toml
// on Windows).
func shown(want string) string {
	rest, ok := strings.CutPrefix(want, "~/")
	if !ok {
		return want
	}
	path, tail, _ := strings.Cut(rest, ": ")
	if tail != "" {
		tail = ": " + tail
	}
	return filepath.FromSlash("~/"+path) + tail
}

// TestErrors: every error names the file (with ~ for home) and the key.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, file, text, want string
	}{
		{"unknown key", "user", "[memory]\nentry-char = 3\n", "~/.ai/ai.toml: bad settings: unknown key memory.entry-char ([memory] takes entry-chars, view)"},
		{"unknown table", "project", "[memroy]\n", "~/src/widget/ai.toml: bad settings: unknown key memroy (the file takes project, chat, agent, summariser, memory, agents)"},
		{"unknown nested", "private", "[memory.view]\nrows = 3\n", "~/src/widget/.ai/local/ai.toml: bad settings: unknown key memory.view.rows ([memory.view] takes lines)"},
		{"string for number", "user", "[memory]\nentry-chars = \"big\"\n", "~/.ai/ai.toml: bad settings: memory.entry-chars: want a whole number from 1 to 512, got a string"},
		{"fraction", "user", "[memory]\nentry-chars = 2.5\n", "memory.entry-chars: want a whole number from 1 to 512, got a fraction"},
		{"too big", "project", "[memory]\nentry-chars = 600\n", "~/src/widget/ai.toml: bad settings: memory.entry-chars: 600 is out of range: want 1 to 512"},
		{"zero", "user", "[memory]\nentry-chars = 0\n", "memory.entry-chars: 0 is out of range: want 1 to 512"},
		{"zero lines", "user", "[memory.view]\nlines = 0\n", "memory.view.lines: 0 is out of range: want 1 to 100000"},
		{"bad backend", "user", "[summariser]\nbackend = \"gpt\"\n", `summariser.backend: "gpt" is not a summariser backend; the only one is "claude"`},
		{"empty model", "user", "[summariser]\nmodel = \"\"\n", "summariser.model: empty"},
		{"bool as string", "user", "[chat]\nbackground = \"yes\"\n", "chat.background: want true or false, got a string"},
		{"table as value", "user", "memory = 3\n", "memory: want a table ([memory])"},
		{"value as table", "user", "[memory.entry-chars]\n", "memory.entry-chars: want a whole number from 1 to 512, got a table"},
		{"project in user", "user", "[project]\nname = \"x\"\n", "~/.ai/ai.toml: bad settings: [project] belongs in a project's ai.toml"},
		{"project in private", "private", "[project]\nname = \"x\"\n", "[project] belongs in a project's ai.toml"},
		{"bad project id", "project", "[project]\nid = \"widget\"\n", `project.id: "widget" is not a project id`},
		{"bad agent name", "user", "[agents.Dev]\n", "agents.Dev: agent names are lowercase letters, digits and -"},
		{"agent unknown key", "user", "[agents.dev]\nmodel = \"x\"\n", "unknown key agents.dev.model ([agents.dev] takes instructions, worktree)"},
		{"negative view", "user", "[agent.view]\nlatest = -1\n", "agent.view.latest: -1 is out of range: want 0 to 10000"},
		{"syntax", "project", "[memory\n", "~/src/widget/ai.toml: bad settings: toml: line 2"},
		{"date", "user", "[memory]\nentry-chars = 2026-05-01\n", "got a date"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			put(t, w.project(), "")
			path := map[string]string{"user": w.user(), "project": w.project(), "private": w.private()}[tt.file]
			put(t, path, tt.text)
			_, err := Load(w.home, w.proj)
			if want := shown(tt.want); err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("Load error = %v\nwant it to contain %q", err, want)
			}
			if !errors.Is(err, ErrSettings) {
				t.Errorf("error %v is not ErrSettings", err)
			}
		})
	}
}

func TestValidProjectID(t *testing.T) {
	w := newWorld(t)
	put(t, w.project(), "[project]\nid = \"project_01h455vb4pex5vsknk084sn02q\"\n")
	s, err := Load(w.home, w.proj)
	if err != nil || s.Project.ID != "project_01h455vb4pex5vsknk084sn02q" {
		t.Errorf("Load = %+v, %v", s.Project, err)
	}
}

func TestLocalTomlMustBeTheLink(t *testing.T) {
	w := newWorld(t)
	put(t, w.project(), "")
	put(t, filepath.Join(w.proj, "ai.local.toml"), "[memory]\n")
	_, err := Load(w.home, w.proj)
	want := shown("~/src/widget/ai.local.toml") + " is a file of its own, not the link to .ai/local/ai.toml: move it to " +
		shown("~/src/widget/.ai/local/ai.toml")
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Load = %v, want %q", err, want)
	}
	// The link itself is fine.
	if err := os.Remove(filepath.Join(w.proj, "ai.local.toml")); err != nil {
		t.Fatal(err)
	}
	put(t, w.private(), "[memory]\nentry-chars = 99\n")
	if err := os.Symlink(filepath.FromSlash(".ai/local/ai.toml"), filepath.Join(w.proj, "ai.local.toml")); err != nil {
		t.Skip("symbolic links need Developer Mode or admin on Windows:", err)
	}
	if s, err := Load(w.home, w.proj); err != nil || s.Memory.EntryChars != 99 {
		t.Errorf("with the link: %+v, %v", s.Memory, err)
	}
}

func TestTooLarge(t *testing.T) {
	w := newWorld(t)
	put(t, w.user(), "# "+strings.Repeat("x", maxFile)+"\n")
	if _, err := Load(w.home, w.proj); err == nil || !strings.Contains(err.Error(), "over 1048576 bytes") {
		t.Errorf("Load(huge) = %v", err)
	}
}

func TestParse(t *testing.T) {
	s, err := Parse(strings.NewReader("[memory]\nentry-chars = 120\n"), "/x/ai.toml", User)
	if err != nil || s.Memory.EntryChars != 120 || s.Memory.ViewLines != 96 {
		t.Errorf("Parse = %+v, %v", s.Memory, err)
	}
}
