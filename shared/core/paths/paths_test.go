package paths

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// tag is the short hash SessionID appends to an id it had to change.
func tag(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:4])
}

func TestSessionID(t *testing.T) {
	long := strings.Repeat("a", 100)
	tests := []struct {
		name, raw, want string
	}{
		{"uuid kept", "3f2a9c1e-7b4d-4e8a-9f01-23456789abcd", "3f2a9c1e-7b4d-4e8a-9f01-23456789abcd"},
		{"underscore kept", "a_B-9", "a_B-9"},
		{"empty", "", ""},
		{"traversal", "../../x", "x-" + tag("../../x")},
		{"only dots", "..", "x-" + tag("..")},
		{"slash", "a/b", "ab-" + tag("a/b")},
		{"unicode", "café", "caf-" + tag("café")},
		{"all unicode", "😀😀", "x-" + tag("😀😀")},
		{"exactly 64", strings.Repeat("b", 64), strings.Repeat("b", 64)},
		{"over-long valid", long, long[:55] + "-" + tag(long)},
		{"over-long invalid", "/" + long, long[:55] + "-" + tag("/"+long)},
	}
	safe := regexp.MustCompile(`^[A-Za-z0-9_-]*$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SessionID(tt.raw)
			if got != tt.want {
				t.Errorf("SessionID(%q) = %q, want %q", tt.raw, got, tt.want)
			}
			if len(got) > maxIDLen || !safe.MatchString(got) {
				t.Errorf("SessionID(%q) = %q is not a safe component of at most %d bytes", tt.raw, got, maxIDLen)
			}
		})
	}
}

func TestSessionIDDistinct(t *testing.T) {
	// Ids that only differ in dropped characters must not share state.
	a, b := SessionID("a/b"), SessionID("a.b")
	if a == b {
		t.Errorf("SessionID(a/b) = SessionID(a.b) = %q", a)
	}
	if got := SessionID("ab"); got == a || got == b {
		t.Errorf("SessionID(ab) = %q collides with a sanitised id", got)
	}
}

func TestEncodeProject(t *testing.T) {
	tests := []struct {
		name, path, want string
	}{
		{"plain", "/Users/me/proj", "-Users-me-proj"},
		{"punctuation", "/home/me/my_proj.v2", "-home-me-my-proj-v2"},
		{"bmp char one dash", "/tmp/café", "-tmp-caf-"},
		{"astral char two dashes", "/tmp/a😀b", "-tmp-a--b"},
		{"cjk", "/p/日本", "-p---"},
		{"windows", `C:\Users\me`, "C--Users-me"},
		{"cut at 200", "/" + strings.Repeat("a", 300), "-" + strings.Repeat("a", 199)},
		{"astral split by the cut", "/" + strings.Repeat("a", 198) + "😀z", "-" + strings.Repeat("a", 198) + "-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EncodeProject(tt.path); got != tt.want {
				t.Errorf("EncodeProject(%q) = %q, want %q", tt.path, got, tt.want)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	type row struct {
		name, home, claude string
		want               Dirs
		err                error
	}
	tests := []row{
		{"home only", "/h", "", Dirs{Home: "/h", Claude: "/h/.claude", State: "/h/.claude/session-intelligence", Logs: "/h/.claude/logs"}, nil},
		{"config dir wins", "/h", "/cfg/claude", Dirs{Home: "/h", Claude: "/cfg/claude", State: "/cfg/claude/session-intelligence", Logs: "/cfg/claude/logs"}, nil},
		{"config dir without home", "", "/cfg/claude", Dirs{Home: "/cfg", Claude: "/cfg/claude", State: "/cfg/claude/session-intelligence", Logs: "/cfg/claude/logs"}, nil},
		{"neither", "", "", Dirs{}, ErrNoHome},
	}
	if runtime.GOOS == "windows" { // home is %USERPROFILE%
		const me = `C:\Users\Ünï Spaced`
		tests = []row{
			{"profile only", me, "", Dirs{Home: me, Claude: me + `\.claude`, State: me + `\.claude\session-intelligence`, Logs: me + `\.claude\logs`}, nil},
			{"config dir on another drive", me, `D:\cfg\claude`, Dirs{Home: me, Claude: `D:\cfg\claude`, State: `D:\cfg\claude\session-intelligence`, Logs: `D:\cfg\claude\logs`}, nil},
			{"config dir in forward slashes", me, `D:/cfg/claude`, Dirs{Home: me, Claude: `D:/cfg/claude`, State: `D:\cfg\claude\session-intelligence`, Logs: `D:\cfg\claude\logs`}, nil},
			{"config dir on a share", "", `\\srv\share\claude`, Dirs{Home: `\\srv\share\`, Claude: `\\srv\share\claude`, State: `\\srv\share\claude\session-intelligence`, Logs: `\\srv\share\claude\logs`}, nil},
			{"neither", "", "", Dirs{}, ErrNoHome},
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"HOME": tt.home, "USERPROFILE": tt.home, "CLAUDE_CONFIG_DIR": tt.claude}
			got, err := Resolve(func(k string) string { return env[k] })
			if got != tt.want || !errors.Is(err, tt.err) {
				t.Errorf("Resolve(home %q, CLAUDE_CONFIG_DIR=%q) = %+v, %v, want %+v, %v", tt.home, tt.claude, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestDirsFiles(t *testing.T) {
	type row struct{ name, got, want string }
	d := Dirs{Home: "/h", Claude: "/h/.claude", State: "/h/.claude/si"}
	tests := []row{
		{"Config", d.Config(), "/h/.claude/session-intelligence.json"},
		{"LegacyConfig", d.LegacyConfig(), "/h/.claude/statusline-intel.json"},
		{"Sessions", d.Sessions(), "/h/.claude/si/sessions"},
		{"Session", d.Session("abc"), "/h/.claude/si/sessions/abc"},
		{"Cache", d.Cache(), "/h/.claude/si/cache"},
		{"Backups", d.Backups(), "/h/.claude/si/backups"},
		{"Projects", d.Projects(), "/h/.claude/projects"},
		{"ProjectDir", d.ProjectDir("/w/p"), "/h/.claude/projects/-w-p"},
	}
	if runtime.GOOS == "windows" {
		d := Dirs{Home: `C:\Users\me`, Claude: `C:\Users\me\.claude`, State: `C:\Users\me\.claude\si`}
		tests = []row{
			{"Config", d.Config(), `C:\Users\me\.claude\session-intelligence.json`},
			{"LegacyConfig", d.LegacyConfig(), `C:\Users\me\.claude\statusline-intel.json`},
			{"Sessions", d.Sessions(), `C:\Users\me\.claude\si\sessions`},
			{"Session", d.Session("abc"), `C:\Users\me\.claude\si\sessions\abc`},
			{"Cache", d.Cache(), `C:\Users\me\.claude\si\cache`},
			{"Backups", d.Backups(), `C:\Users\me\.claude\si\backups`},
			{"Projects", d.Projects(), `C:\Users\me\.claude\projects`},
			{"ProjectDir", d.ProjectDir(`C:\w\p`), `C:\Users\me\.claude\projects\C--w-p`},
			{"ProjectDir of a share", d.ProjectDir(`\\srv\share\p`), `C:\Users\me\.claude\projects\--srv-share-p`},
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("%s = %q, want %q", tt.name, tt.got, tt.want)
			}
		})
	}
}

func TestProjectDirLong(t *testing.T) {
	claude := t.TempDir()
	d := Dirs{Claude: claude}
	long := "/" + strings.Repeat("a", 250)
	prefix := EncodeProject(long)
	other := "/" + strings.Repeat("b", 250)
	exact200 := "/" + strings.Repeat("a", 199) // exactly 200 units: never hashed
	mkdir := func(name string) string {
		t.Helper()
		p := filepath.Join(d.Projects(), name)
		if err := os.MkdirAll(p, 0o700); err != nil {
			t.Fatal(err)
		}
		return p
	}

	if got, want := d.ProjectDir(long), filepath.Join(d.Projects(), prefix); got != want {
		t.Errorf("ProjectDir(long) without projects = %q, want %q", got, want)
	}
	mkdir(EncodeProject(other) + "-zzz")
	hashed := mkdir(prefix + "-1x2y3z")
	tests := []struct {
		name, path, want string
	}{
		{"prefix match", long, hashed},
		{"other long path", other, filepath.Join(d.Projects(), EncodeProject(other)+"-zzz")},
		{"longer path, same prefix", long + "/sub", hashed},
		{"exactly 200 units is not a prefix", exact200, filepath.Join(d.Projects(), EncodeProject(exact200))},
		{"short path", "/x", filepath.Join(d.Projects(), "-x")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := d.ProjectDir(tt.path); got != tt.want {
				t.Errorf("ProjectDir(%q) = %q, want %q", tt.path, got, tt.want)
			}
		})
	}
	exactDir := mkdir(prefix)
	if got := d.ProjectDir(long); got != exactDir {
		t.Errorf("ProjectDir(long) with an exact dir = %q, want %q", got, exactDir)
	}
}

func BenchmarkSessionID(b *testing.B) {
	for b.Loop() {
		SessionID("3f2a9c1e-7b4d-4e8a-9f01-23456789abcd")
	}
}

func BenchmarkEncodeProject(b *testing.B) {
	p := "/Users/someone/src/github.com/session-intelligence/session-intelligence/shared/paths"
	for b.Loop() {
		EncodeProject(p)
	}
}
