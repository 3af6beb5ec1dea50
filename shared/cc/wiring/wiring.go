// Package wiring points Claude Code's statusLine at session-intelligence's
// status line and takes it back out. A plugin cannot declare a status
// line, and CLAUDE_PLUGIN_ROOT changes with every version, so the binary
// is copied to a stable place and ~/.claude/settings.json is edited (only
// its statusLine value; a backup is kept) to run that copy. The user's
// previous statusLine is recorded so the chain keeps running it and so
// that Unwire restores it exactly.
package wiring

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// BinaryName is the status line executable.
const BinaryName = "si-statusline"

// companions are copied beside the stable status line binary.
var companions = []string{"si", "si-refresh"}

// Record is <state>/statusline.json: the previous statusLine value exactly
// as it was (absent when there was none) and its command for the chain.
// When settings.json was an existing but blank file (empty, or only
// whitespace), Blank holds it as it was, so that Unwire can give it back.
type Record struct {
	Previous    string `json:"previous"`              // command the chain runs
	PreviousRaw string `json:"previousRaw,omitempty"` // the whole old value as written, for Unwire
	HadPrevious bool   `json:"hadPrevious"`
	Binary      string `json:"binary"` // the stable copy settings.json runs
	WasBlank    bool   `json:"wasBlank,omitempty"`
	Blank       string `json:"blank,omitempty"`
	// Plugin is the installed plugin whose SessionStart wired it ("" in
	// settings mode and for --plugin-dir): once Claude Code no longer has
	// it installed and enabled, the status line steps aside ([Release]).
	Plugin string `json:"plugin,omitempty"`
	// Released is when the status line gave statusLine back by itself.
	Released string `json:"released,omitempty"`
}

// Options say where things are.
type Options struct {
	Dirs     paths.Dirs
	Source   string // the si-statusline binary to install (e.g. in CLAUDE_PLUGIN_ROOT/bin)
	StableIn string // directory of the stable copy ([StableDir])
	Plugin   string // the installed plugin wiring it, for [Record.Plugin]
}

// Settings is the user settings file.
func (o Options) Settings() string { return filepath.Join(o.Dirs.Claude, "settings.json") }

// Stable is the path of the stable copy.
func (o Options) Stable() string { return filepath.Join(o.StableIn, proc.Exe(BinaryName)) }

// Result says what Wire did.
type Result struct {
	Copied  bool   // the stable copy was (re)written
	Changed bool   // settings.json was edited
	Backup  string // backup of settings.json, when edited
}

// Wire installs the stable copy and points statusLine at it, keeping the
// previous command. It does nothing when everything is already in place,
// so it is cheap enough to run at every session start.
func Wire(o Options) (Result, error) {
	var res Result
	copied, err := installCopy(o.Source, o.Stable())
	if err != nil {
		return res, err
	}
	// The status line starts its background refreshers through the si
	// next to it (which hands them to si-refresh), so both travel with it
	// when the plugin has them.
	for _, name := range companions {
		if src := filepath.Join(filepath.Dir(o.Source), proc.Exe(name)); fileExists(src) {
			more, err := installCopy(src, filepath.Join(o.StableIn, proc.Exe(name)))
			if err != nil {
				return res, err
			}
			copied = copied || more
		}
	}
	res.Copied = copied
	res.Changed, res.Backup, err = settingsjson.Edit(o.Settings(), func(doc []byte) ([]byte, error) {
		return PointAndRecord(o.Dirs, doc, o.Stable(), o.Plugin)
	})
	return res, err
}

// PointAndRecord is the settings.json edit of [Wire], for callers that
// make it together with edits of their own: doc with statusLine running
// stable, the record (naming plugin, see [Record.Plugin]) saved first
// when that changes anything.
func PointAndRecord(d paths.Dirs, doc []byte, stable, plugin string) ([]byte, error) {
	old := load(d)
	next, rec, err := Point(doc, old, stable)
	if err != nil {
		return doc, err
	}
	rec.Plugin = plugin
	if rec == old {
		return next, nil
	}
	if err := save(d, rec); err != nil { // record before pointing away from it
		return nil, err
	}
	return next, nil
}

// Point returns doc with statusLine running the stable copy at stable,
// and the record to keep with it (rec updated, or a new one holding the
// user's previous statusLine). It returns doc itself when statusLine
// already runs that copy. On Windows the path is written with forward
// slashes (C:/Users/…), the form Git Bash runs and Claude Code itself
// hands to hooks.
func Point(doc []byte, rec Record, stable string) ([]byte, Record, error) {
	stable = filepath.ToSlash(stable)
	cmd := quote(stable)
	raw, had := settingsjson.Get(doc, "statusLine")
	if had && isOurs(raw) {
		rec.Released = "" // wired again, by hand or by a reinstall
		if commandOf(raw) == cmd {
			rec.Binary = stable
			return doc, rec, nil // already wired to this copy
		}
	} else {
		rec = Record{Previous: commandOf(raw), PreviousRaw: string(raw), HadPrevious: had}
		// nil is a missing file, which is not given back as an empty one.
		if doc != nil && settingsjson.IsBlank(doc) {
			rec.WasBlank, rec.Blank = true, string(doc)
		}
	}
	rec.Binary = stable
	value := struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		Padding int    `json:"padding"`
	}{"command", cmd, paddingOf(raw)}
	next, err := settingsjson.Set(doc, value, "statusLine")
	return next, rec, err
}

// Unwire restores the previous statusLine exactly (or removes ours when
// there was none), gives back a settings.json that was blank before
// ([settingsjson.RestoreBlank]), deletes the record and, when nothing
// holds it, the lock file of settings.json. settings.json is only edited
// while it still points at us.
func Unwire(o Options) (changed bool, err error) {
	rec := load(o.Dirs)
	changed, _, err = settingsjson.EditAllowBlank(o.Settings(), func(doc []byte) ([]byte, error) {
		return giveBack(doc, rec)
	})
	if err != nil {
		return changed, err
	}
	if err := Forget(o.Dirs); err != nil {
		return changed, err
	}
	if _, err := settingsjson.RemoveLock(o.Settings()); err != nil {
		return changed, fmt.Errorf("unwire: %w", err)
	}
	return changed, nil
}

// giveBack is the settings.json edit of [Unwire] and [Release]: [Restore],
// and a file that was blank before the wiring given back blank.
func giveBack(doc []byte, rec Record) ([]byte, error) {
	next, err := Restore(doc, rec)
	if err != nil || bytes.Equal(next, doc) || !rec.WasBlank {
		return next, err
	}
	return settingsjson.RestoreBlank(next, []byte(rec.Blank)), nil
}

// Restore is the settings.json edit of [Unwire]: doc with the previous
// statusLine of rec put back exactly (or ours removed when there was
// none); doc itself when statusLine does not run our status line.
func Restore(doc []byte, rec Record) ([]byte, error) {
	raw, had := settingsjson.Get(doc, "statusLine")
	if !had || !isOurs(raw) {
		return doc, nil
	}
	if rec.HadPrevious && len(rec.PreviousRaw) > 0 {
		return settingsjson.Set(doc, settingsjson.Verbatim(rec.PreviousRaw), "statusLine")
	}
	return settingsjson.Delete(doc, "statusLine")
}

// Forget deletes the wiring record, once statusLine no longer needs it.
func Forget(d paths.Dirs) error {
	err := os.Remove(File(d))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// File names the wiring record.
func File(d paths.Dirs) string { return filepath.Join(d.State, "statusline.json") }

// Load reads the wiring record (zero when absent or unreadable; a
// damaged one is moved aside).
func Load(d paths.Dirs) Record { return load(d) }

func load(d paths.Dirs) Record {
	var r Record
	if _, err := fsutil.ReadOwnDecoded(File(d), 64<<10, jsonx.Into(&r)); err != nil {
		return Record{}
	}
	return r
}

func save(d paths.Dirs, r Record) error {
	data, err := jsonx.Marshal(r)
	if err != nil {
		return err
	}
	if err := fsutil.PrivateDir(d.State); err != nil {
		return err
	}
	return fsutil.WriteOwn(File(d), data, fsutil.Sync)
}

// isOurs reports whether a statusLine value runs our status line, in
// either path form and any letter case on Windows ([paths.Comparable]).
func isOurs(raw jsonx.RawMessage) bool {
	return strings.Contains(paths.Comparable(runtime.GOOS, commandOf(raw)), BinaryName)
}

// Runs reports whether the statusLine command runs binary (the stable
// copy a [Record] names). On Windows the same file may be written
// C:\Users\x\… or C:/Users/x/… ([Point] writes the second), and with
// any letter case (c: or C:, SI-STATUSLINE.EXE): all of them are it.
func Runs(command, binary string) bool { return runsOn(runtime.GOOS, command, binary) }

func runsOn(goos, command, binary string) bool {
	return binary != "" && strings.Contains(paths.Comparable(goos, command), paths.Comparable(goos, binary))
}

// commandOf extracts the command of a statusLine value ({"command": …}
// or, from old settings, a bare string).
func commandOf(raw jsonx.RawMessage) string {
	var obj struct {
		Command string `json:"command"`
	}
	if jsonx.Unmarshal(raw, &obj) == nil && obj.Command != "" {
		return obj.Command
	}
	var s string
	if jsonx.Unmarshal(raw, &s) == nil {
		return s
	}
	return ""
}

func paddingOf(raw jsonx.RawMessage) int {
	var obj struct {
		Padding int `json:"padding"`
	}
	_ = jsonx.Unmarshal(raw, &obj)
	return obj.Padding
}

// quote makes a path safe for the shell Claude Code runs statusLine in.
func quote(path string) string {
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}

// Copy installs src at dst the way Wire installs its copies (see
// installCopy); true when it wrote dst.
func Copy(src, dst string) (bool, error) { return installCopy(src, dst) }

// installCopy puts a copy of src at dst atomically when dst is missing,
// differs in size, is older, is not executable any more, or is a hard
// link to src (what versions before this one made): a running status
// line keeps its inode. It is a real copy, never a link, so that a chmod
// or an edit of the plugin's file cannot change the stable one (a link
// shares its mode: a chmod of either made both exit 126); it costs a
// copy of the binary once per version.
func installCopy(src, dst string) (bool, error) {
	si, err := os.Stat(src)
	if err != nil {
		return false, fmt.Errorf("status line binary: %w", err)
	}
	if di, err := os.Stat(dst); err == nil && current(si, di) {
		return false, nil
	}
	if err := fsutil.PrivateDir(filepath.Dir(dst)); err != nil {
		return false, err
	}
	if _, err := fsutil.CopyAtomic(src, dst, 0o700, fsutil.MaxBinary); err != nil {
		return false, fmt.Errorf("status line binary: %w", err)
	}
	return true, nil
}

// current reports whether the stable copy di is a good copy of si.
func current(si, di os.FileInfo) bool {
	runnable := !fsutil.PermBits || di.Mode().Perm()&0o100 != 0
	return !os.SameFile(si, di) && di.Mode().IsRegular() && runnable &&
		di.Size() == si.Size() && !di.ModTime().Before(si.ModTime())
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
