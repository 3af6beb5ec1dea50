package installer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// Manifest is <state>/install.json: what the first install found and
// what the installs added.
type Manifest struct {
	Bin             string   `json:"bin"`
	Files           []string `json:"files"`           // binaries installed
	SettingsExisted bool     `json:"settingsExisted"` // settings.json was there before the first install
	HadHooks        bool     `json:"hadHooks"`        // it had a "hooks" member
	HooksRaw        string   `json:"hooksRaw,omitempty"`
	// SettingsBlank says settings.json was there but blank (empty, or
	// whitespace only); BlankText is that content, for uninstall to give
	// back instead of the "{}" the edits leave.
	SettingsBlank bool   `json:"settingsBlank,omitempty"`
	BlankText     string `json:"blankText,omitempty"`
}

func manifestPath(d paths.Dirs) string { return filepath.Join(d.State, "install.json") }

// LoadManifest reads the install record; ok is false when there is none.
func LoadManifest(d paths.Dirs) (Manifest, bool) {
	var m Manifest
	if _, err := fsutil.ReadOwnDecoded(manifestPath(d), 256<<10, jsonx.Into(&m)); err != nil {
		return Manifest{}, false // none, or a damaged one moved aside
	}
	return m, true
}

// manifestFor is the record an install writes: what an earlier install
// found is kept, so that reinstalling never forgets the user's original
// settings.
func manifestFor(o Options, settings []byte, bins []binary) Manifest {
	m, ok := LoadManifest(o.Dirs)
	if !ok {
		m = Manifest{SettingsExisted: settings != nil}
		if settings != nil && settingsjson.IsBlank(settings) {
			m.SettingsBlank, m.BlankText = true, string(settings)
		}
		if raw, had := settingsjson.Get(settings, "hooks"); had {
			m.HadHooks, m.HooksRaw = true, string(raw)
		}
	}
	m.Bin = o.BinDir()
	for _, b := range bins {
		if !slices.Contains(m.Files, b.Dst) {
			m.Files = append(m.Files, b.Dst)
		}
	}
	return m
}

func saveManifest(d paths.Dirs, m Manifest) error {
	data, err := jsonx.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := fsutil.WriteOwn(manifestPath(d), append(data, '\n'), fsutil.Sync); err != nil {
		return fmt.Errorf("install record: %w", err)
	}
	return nil
}

// Removed is what Uninstall took out.
type Removed struct {
	Settings   bool     // settings.json was edited (or deleted, see SettingsDeleted)
	Deleted    bool     // settings.json was deleted: the install had created it
	StatusLine bool     // plugin mode: the previous statusLine was given back
	Backup     string   // backup of settings.json made before the edit
	Files      []string // binaries, command files and directories removed
	OnPath     onpath.Report
	ClaudeMD   []bootstrap.Removal
}

// Nothing reports whether Uninstall found nothing of ours left to take
// out (what it leaves alone, the user's, is still reported).
func (r Removed) Nothing() bool {
	if r.Settings || len(r.Files) > 0 || r.OnPath.CreatedDir {
		return false
	}
	for _, c := range r.OnPath.Changes {
		if c.Action == onpath.Removed {
			return false
		}
	}
	for _, m := range r.ClaudeMD {
		if m.Outcome == bootstrap.BlockRemoved || m.Outcome == bootstrap.FileDeleted {
			return false
		}
	}
	return true
}

// Uninstall removes what either install mode added to the configuration
// in d. Settings mode (an install record): the status line goes back to
// the user's, the hook groups that run our binaries leave settings.json
// (which is byte-identical to before the install when nothing else
// changed it meanwhile), and the binaries and the install record are
// deleted. Plugin mode: the previous statusLine goes back (the plugin
// itself is Claude Code's to uninstall) and the stable copies are
// deleted. Both: the user command files, si and ai on PATH (only ours),
// the rules block of every CLAUDE.md the bootstrap wrote to
// ([bootstrap.RemoveBlocks]) and the lock file of settings.json. Session
// state, logs, session-context.md files, the configuration, memory and
// notes stay ([Kept]). Running it again finds nothing and changes
// nothing.
func Uninstall(d paths.Dirs) (Removed, error) {
	var out Removed
	m, ok := LoadManifest(d)
	bin := wiring.StableDir(d)
	if ok {
		bin = m.Bin
		if err := uninstallSettings(d, m, &out); err != nil {
			return out, err
		}
	} else if err := unwirePlugin(d, &out); err != nil {
		return out, err
	}
	files, err := usercmd.Remove(usercmd.Options{Dir: filepath.Join(d.Claude, "commands"), BinDir: bin, State: d.State})
	out.Files = append(out.Files, files...)
	if err != nil {
		return out, err
	}
	if out.OnPath, err = onpath.Remove(d, bin); err != nil {
		return out, fmt.Errorf("uninstall: %w", err)
	}
	if out.ClaudeMD, err = bootstrap.RemoveBlocks(d, nil); err != nil {
		return out, fmt.Errorf("uninstall: CLAUDE.md files: %w", err)
	}
	if err := removeSettingsLock(d, &out); err != nil {
		return out, err
	}
	if ok {
		if err := removeFiles(m.Files, &out); err != nil {
			return out, err
		}
		if err := os.Remove(manifestPath(d)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return out, fmt.Errorf("uninstall: %w", err)
		}
	}
	return out, removeStable(d, bin, &out)
}

// unwirePlugin gives back the statusLine the plugin's SessionStart
// replaced, while settings.json still runs our status line.
func unwirePlugin(d paths.Dirs, out *Removed) error {
	if wiring.Load(d).Binary == "" {
		return nil
	}
	changed, err := wiring.Unwire(wiring.Options{Dirs: d})
	if err != nil {
		return fmt.Errorf("uninstall: %w", err)
	}
	out.Settings, out.StatusLine = changed, changed
	return nil
}

// removeFiles deletes the installed binaries that are still there.
func removeFiles(files []string, out *Removed) error {
	for _, f := range files {
		if err := os.Remove(f); err == nil {
			out.Files = append(out.Files, f)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("uninstall: %w", err)
		}
	}
	return nil
}

// removeStable deletes the stable copies (plugin mode keeps them in the
// private state, outside the plugin) and then bin itself when empty.
func removeStable(d paths.Dirs, bin string, out *Removed) error {
	var files []string
	for _, name := range wiring.StableNames {
		files = append(files, filepath.Join(wiring.StableDir(d), proc.Exe(name)))
	}
	if err := removeFiles(files, out); err != nil {
		return err
	}
	for _, dir := range []string{bin, wiring.StableDir(d)} {
		if os.Remove(dir) == nil { // only when empty
			out.Files = append(out.Files, dir)
		}
	}
	return nil
}

// removeSettingsLock deletes the lock file our edits of settings.json
// leave, when it is ours and free (settingsjson.RemoveLock).
func removeSettingsLock(d paths.Dirs, out *Removed) error {
	path := filepath.Join(d.Claude, "settings.json")
	removed, err := settingsjson.RemoveLock(path)
	if err != nil {
		return fmt.Errorf("uninstall: %w", err)
	}
	if removed {
		out.Files = append(out.Files, path+".lock")
	}
	return nil
}

// uninstallSettings is the one settings.json edit of Uninstall, then the
// removal of a settings.json the install created and left empty.
func uninstallSettings(d paths.Dirs, m Manifest, out *Removed) error {
	path := filepath.Join(d.Claude, "settings.json")
	rec := wiring.Load(d)
	var err error
	out.Settings, out.Backup, err = settingsjson.EditAllowBlank(path, func(doc []byte) ([]byte, error) {
		return uninstallEdit(doc, rec, m)
	})
	if err != nil {
		return err
	}
	if err := wiring.Forget(d); err != nil {
		return fmt.Errorf("uninstall: %w", err)
	}
	if m.SettingsExisted {
		return nil
	}
	doc, err := settingsjson.Read(path)
	if err == nil && sameJSON(bytes.TrimSpace(doc), []byte("{}")) {
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("uninstall: %w", err)
		}
		out.Settings, out.Deleted = true, true
	}
	return nil
}

// uninstallEdit takes our status line and hooks out of doc and, when that
// leaves what the edits made of a blank file, gives that file back.
func uninstallEdit(doc []byte, rec wiring.Record, m Manifest) ([]byte, error) {
	next, err := wiring.Restore(doc, rec)
	if err != nil {
		return nil, err
	}
	if next, err = removeHooks(next, m.Bin, m); err != nil {
		return nil, err
	}
	if m.SettingsBlank && !bytes.Equal(next, doc) {
		next = settingsjson.RestoreBlank(next, []byte(m.BlankText))
	}
	return next, nil
}
