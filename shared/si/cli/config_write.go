package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
)

// configEdit is one planned change of session-intelligence.json.
type configEdit struct {
	keys []string                         // the keys it touches, for checks and notes
	plan func(doc []byte) ([]byte, error) // the change, applied to the current document
}

// sessionStartKeys act when a session starts, not on every call.
var sessionStartKeys = []string{"statusline.autoWire", "continue.rules"}

// applyEdit prints the change as a unified diff and, only with yes,
// writes it: under the file's lock, after a backup, atomically, applied
// to the file as it is at that moment so that a concurrent edit of
// another key is kept. It reports whether the file changed.
func applyEdit(d *deps, yes bool, e configEdit) (bool, error) {
	path := d.Dirs.Config()
	legacy, _ := readOptional(d.Dirs.LegacyConfig()) // only to check the result as the hooks will read it
	var old, next []byte
	var planErr error
	plan := func(doc []byte) ([]byte, error) {
		old = doc
		if next, planErr = e.plan(doc); planErr == nil {
			planErr = configedit.Verify(legacy, next, path, e.keys)
		}
		return next, planErr
	}
	if !yes {
		cur, err := settingsjson.Read(path)
		if err != nil {
			return false, refused(path, err)
		}
		if _, err := plan(cur); err != nil {
			return false, err
		}
		return false, report(d, path, old, next, legacy, e.keys, "")
	}
	changed, backup, err := settingsjson.Edit(path, plan)
	switch {
	case planErr != nil:
		return false, planErr
	case err != nil:
		return false, refused(path, err)
	}
	if !changed {
		next = old
	}
	return changed, report(d, path, old, next, legacy, e.keys, orNew(backup))
}

// report prints the diff, what happened and what still overrides the
// keys. backup is "" for a preview.
func report(d *deps, path string, old, next, legacy []byte, keys []string, backup string) error {
	diff := configedit.Diff(path, old, next)
	if diff == "" {
		fmt.Fprintf(d.Stdout, "No change to %s.\n", path)
	} else {
		fmt.Fprint(d.Stdout, diff)
		keys = configedit.Changed(legacy, old, next, keys)
	}
	switch {
	case diff == "":
	case backup == "":
		fmt.Fprintf(d.Stdout, "Not written. Run the same command with --yes to write %s.\n", path)
		if d.Previewed != nil {
			d.Previewed(path)
		}
	default:
		fmt.Fprintf(d.Stdout, "Wrote %s (%s). The hooks and the status line read it on every call: no restart needed.\n", path, backup)
	}
	rows := configedit.Effective(config.Default(), nil, configedit.Sources{Legacy: legacy, Unified: next, Getenv: d.Getenv})
	for _, key := range keys {
		r, _ := configedit.Find(rows, key)
		switch {
		case r.Source == configedit.FromEnv:
			fmt.Fprintf(d.Stdout, "Note: %s is set in this environment and wins over the file for %s.\n", r.EnvVar, key)
		case r.Source == configedit.FromLegacy:
			fmt.Fprintf(d.Stdout, "Note: %s comes from %s (si migrate folds that file in).\n", key, d.Dirs.LegacyConfig())
		case diff != "" && slices.Contains(sessionStartKeys, key):
			fmt.Fprintf(d.Stdout, "Note: %s acts when a session starts: it applies from the next session.\n", key)
		}
	}
	if diff != "" {
		rulesMove(d, old, next, backup != "")
		zonesWarn(d, legacy, next, keys)
	}
	return nil
}

func orNew(backup string) string {
	if backup == "" {
		return "new file"
	}
	return "backup: " + backup
}

// refused explains why the file could not be read or written; in every
// case nothing was written.
func refused(path string, err error) error {
	var syn *settingsjson.SyntaxError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("%w; fix or remove the file first: nothing was changed", err)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: cannot write: %s is not writable: nothing was changed (%w)", path, filepath.Dir(path), err)
	}
	return fmt.Errorf("%s: nothing was changed: %w", path, err)
}
