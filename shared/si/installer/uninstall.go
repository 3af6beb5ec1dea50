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
	data, err := fsutil.ReadCapped(manifestPath(d), 256<<10)
	if err != nil || jsonx.Unmarshal(data, &m) != nil {
		return Manifest{}, false
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
	if err := fsutil.WriteAtomic(manifestPath(d), append(data, '\n'), 0o600, fsutil.Sync); err != nil {
		return fmt.Errorf("install record: %w", err)
	}
	return nil
}

// Removed is what Uninstall took out.
type Removed struct {
	Settings bool     // settings.json was edited (or deleted, see SettingsDeleted)
	Deleted  bool     // settings.json was deleted: the install had created it
	Backup   string   // backup of settings.json made before the edit
	Files    []string // binaries, command files and directories removed
}

// Uninstall removes what the installer added to the configuration in d:
// the status line goes back to the user's, the hook groups that run our
// binaries leave settings.json (which is byte-identical to before the
// install when nothing else changed it meanwhile), and the user command
// files, binaries, install record and the lock file of settings.json
// are deleted. Session state, logs and session-context.md files stay.
// Without an install record only the user command files and the lock
// file are looked after (the plugin mode makes those too).
func Uninstall(d paths.Dirs) (Removed, error) {
	var out Removed
	m, ok := LoadManifest(d)
	bin := filepath.Join(d.State, "bin")
	if ok {
		bin = m.Bin
	}
	if ok {
		if err := uninstallSettings(d, m, &out); err != nil {
			return out, err
		}
	}
	files, err := usercmd.Remove(usercmd.Options{Dir: filepath.Join(d.Claude, "commands"), BinDir: bin, State: d.State})
	out.Files = append(out.Files, files...)
	if err == nil {
		err = removeSettingsLock(d, &out)
	}
	if err != nil || !ok {
		return out, err
	}
	for _, f := range m.Files {
		if err := os.Remove(f); err == nil {
			out.Files = append(out.Files, f)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return out, fmt.Errorf("uninstall: %w", err)
		}
	}
	if os.Remove(m.Bin) == nil { // only when empty
		out.Files = append(out.Files, m.Bin)
	}
	if err := os.Remove(manifestPath(d)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return out, fmt.Errorf("uninstall: %w", err)
	}
	return out, nil
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
