package automemory

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
)

// resolveCase is one TestResolve case: the environment and settings files,
// and the memory they make.
type resolveCase struct {
	name     string
	env      map[string]string
	settings map[string]string // level → file body
	on       bool
	dir, why string
}

func TestResolve(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	def := filepath.Join(home, ".claude", "projects", "-p", "memory")
	files := managed.SettingsFor(filepath.Join(home, ".claude"), filepath.Join(root, "p"), filepath.Join(root, "etc"))
	write := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// An absolute path on Windows has a drive letter. Its settings may
	// spell it with '/' or with '\' (written "\\" in JSON): both are
	// taken.
	vol := ""
	if runtime.GOOS == "windows" {
		vol = "C:"
	}
	abs := func(p string) string { return filepath.FromSlash(vol + p) }
	dirIn := func(p string) string { return `{"autoMemoryDirectory": "` + vol + p + `"}` }
	cases := []resolveCase{
		{"default", nil, nil, true, def, ""},
		{"env off", map[string]string{"CLAUDE_CODE_DISABLE_AUTO_MEMORY": "yes"}, nil, false, "", "CLAUDE_CODE_DISABLE_AUTO_MEMORY"},
		{"simple mode", map[string]string{"CLAUDE_CODE_SIMPLE": "1"}, nil, false, "", "CLAUDE_CODE_SIMPLE"},
		{"user setting off", nil, map[string]string{"user": `{"autoMemoryEnabled": false}`}, false, "", "autoMemoryEnabled: false in " + files.User},
		{"local on beats user off", nil, map[string]string{"local": `{"autoMemoryEnabled": true}`, "user": `{"autoMemoryEnabled": false}`}, true, def, ""},
		{"env false forces on", map[string]string{"CLAUDE_CODE_DISABLE_AUTO_MEMORY": "0"}, map[string]string{"user": `{"autoMemoryEnabled": false}`}, true, def, ""},
		{"wrong type ignored", nil, map[string]string{"user": `{"autoMemoryEnabled": "no"}`}, true, def, ""},
		{"malformed file ignored", nil, map[string]string{"user": `{"autoMemoryEnabled": false`}, true, def, ""},
		{"bom", nil, map[string]string{"user": "\ufeff{\"autoMemoryEnabled\": false}"}, false, "", "autoMemoryEnabled: false in " + files.User},
		{"directory from user", nil, map[string]string{"user": dirIn("/srv/mem/")}, true, abs("/srv/mem"), "autoMemoryDirectory in " + files.User},
		{"directory with tilde", nil, map[string]string{"user": `{"autoMemoryDirectory": "~/notes/mem"}`}, true, filepath.Join(home, "notes", "mem"), "autoMemoryDirectory in " + files.User},
		{"tilde escaping home ignored", nil, map[string]string{"user": `{"autoMemoryDirectory": "~/../x"}`}, true, def, ""},
		{"relative ignored", nil, map[string]string{"user": `{"autoMemoryDirectory": "mem"}`}, true, def, ""},
		{"root ignored", nil, map[string]string{"user": dirIn("/")}, true, def, ""},
		{"project's shared settings cannot move it", nil, map[string]string{"project": dirIn("/tmp/evil")}, true, def, ""},
		{"managed wins", nil, map[string]string{"managed": dirIn("/srv/m"), "user": dirIn("/srv/u")}, true, abs("/srv/m"), "autoMemoryDirectory in " + files.Managed},
		{"env directory", map[string]string{"CLAUDE_COWORK_MEMORY_PATH_OVERRIDE": abs("/w/mem")}, nil, true, abs("/w/mem"), "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"},
	}
	if runtime.GOOS == "windows" {
		cases = append(cases,
			resolveCase{"backslashes", nil, map[string]string{"user": `{"autoMemoryDirectory": "D:\\mem\\"}`}, true, `D:\mem`, "autoMemoryDirectory in " + files.User},
			resolveCase{"tilde with backslash", nil, map[string]string{"user": `{"autoMemoryDirectory": "~\\mem"}`}, true, filepath.Join(home, "mem"), "autoMemoryDirectory in " + files.User},
			resolveCase{"rooted without a drive ignored", nil, map[string]string{"user": `{"autoMemoryDirectory": "/srv/mem"}`}, true, def, ""},
			resolveCase{"share root ignored", nil, map[string]string{"user": `{"autoMemoryDirectory": "//srv/share/"}`}, true, def, ""},
			resolveCase{"env drive root ignored", map[string]string{"CLAUDE_COWORK_MEMORY_PATH_OVERRIDE": `D:\`}, nil, true, def, ""},
		)
	} else {
		cases = append(cases, resolveCase{"too short ignored", nil, map[string]string{"user": `{"autoMemoryDirectory": "/u"}`}, true, def, ""})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range files.Ordered() {
				os.Remove(p)
			}
			paths := map[string]string{"managed": files.Managed, "local": files.Local, "project": files.Project, "user": files.User}
			for level, body := range tc.settings {
				write(paths[level], body)
			}
			got := Resolve(Inputs{Getenv: func(k string) string { return tc.env[k] }, Settings: files, Home: home, Default: def})
			if got.On != tc.on || got.Dir != tc.dir || got.Why != tc.why {
				t.Errorf("got %+v, want on %v dir %q why %q", got, tc.on, tc.dir, tc.why)
			}
		})
	}
}
