package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
	"github.com/session-intelligence/session-intelligence/shared/si/inspect"
)

// ShowCmd is `si show [--json]`.
type ShowCmd struct {
	JSON bool `help:"Print JSON: {\"file\",\"legacy\",\"keys\":[{key,value,default,source,env}],\"problems\"}."`
}

// GetCmd is `si get KEY`.
type GetCmd struct {
	Key string `arg:"" predictor:"key" help:"Dotted key (compact.threshold) or section (compact)."`
}

// Run prints every key grouped by section, with its value and source.
func (c *ShowCmd) Run(d *deps) error {
	rows, err := effectiveRows(d)
	if err != nil {
		return err
	}
	if c.JSON {
		return showJSON(d, rows)
	}
	fmt.Fprintf(d.Stdout, "config: %s%s\n", d.Dirs.Config(), missingNote(d.Dirs.Config()))
	if exists(d.Dirs.LegacyConfig()) {
		fmt.Fprintf(d.Stdout, "legacy: %s (read under statusline; si migrate folds it in)\n", d.Dirs.LegacyConfig())
	}
	keyW, valW := 0, 0
	for _, r := range rows {
		keyW, valW = max(keyW, len(r.Key.Path)), max(valW, min(len(config.Format(r.Value)), 24))
	}
	section := ""
	for _, r := range rows {
		if r.Key.Section != section {
			section = r.Key.Section
			fmt.Fprintf(d.Stdout, "\n%s\n", section)
		}
		fmt.Fprintf(d.Stdout, "  %-*s  %-*s  %s\n", keyW, r.Key.Path, valW, config.Format(r.Value), source(r))
	}
	warnProblems(d)
	return nil
}

// Run prints the value as JSON on one line.
func (c *GetCmd) Run(d *deps) error {
	v, ok := config.Value(d.Config, c.Key)
	if !ok || (!configedit.IsSection(c.Key) && !isKey(c.Key)) {
		_, err := configedit.Resolve(c.Key)
		return err
	}
	fmt.Fprintln(d.Stdout, config.Format(v))
	warnProblems(d)
	return nil
}

func isKey(path string) bool { _, ok := config.Lookup(path); return ok }

// effectiveRows reads both files again to tell where each value is from.
func effectiveRows(d *deps) ([]configedit.Row, error) {
	legacy, err := readOptional(d.Dirs.LegacyConfig())
	if err != nil {
		return nil, err
	}
	unified, err := readOptional(d.Dirs.Config())
	if err != nil {
		return nil, err
	}
	src := configedit.Sources{Legacy: legacy, Unified: unified, Getenv: d.Getenv}
	return configedit.Effective(d.Config, d.Problems, src), nil
}

// readOptional reads a config file; a missing one is nil.
func readOptional(path string) ([]byte, error) {
	data, err := fsutil.ReadCapped(path, config.MaxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	return data, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func missingNote(path string) string {
	if exists(path) {
		return ""
	}
	return " (not created yet: every value is a default or from the environment)"
}

// source labels a row's origin for the show listing.
func source(r configedit.Row) string {
	if r.Source == configedit.FromEnv {
		return "env " + r.EnvVar
	}
	return r.Source
}

// warnProblems reports, on stderr, what the loader ignored and why.
func warnProblems(d *deps) {
	for _, p := range d.Problems {
		fmt.Fprintln(d.Stderr, "si: warning:", p.Error())
	}
}

type showKey struct {
	Key     string `json:"key"`
	Section string `json:"section"`
	Value   any    `json:"value"`
	Default any    `json:"default"`
	Source  string `json:"source"`
	Env     string `json:"env,omitempty"`
}

func showJSON(d *deps, rows []configedit.Row) error {
	out := struct {
		File     string    `json:"file"`
		Legacy   string    `json:"legacy,omitempty"`
		Keys     []showKey `json:"keys"`
		Problems []string  `json:"problems"`
	}{File: d.Dirs.Config(), Problems: []string{}}
	if exists(d.Dirs.LegacyConfig()) {
		out.Legacy = d.Dirs.LegacyConfig()
	}
	for _, r := range rows {
		out.Keys = append(out.Keys, showKey{r.Key.Path, r.Key.Section, r.Value, r.Default, r.Source, r.EnvVar})
	}
	for _, p := range d.Problems {
		out.Problems = append(out.Problems, p.Error())
	}
	enc := jsonx.NewEncoder(d.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// ExplainCmd is `si explain KEY|SECTION`.
type ExplainCmd struct {
	Key string `arg:"" predictor:"section" help:"Dotted key (taskChange.minTokens) or section (taskChange)."`
}

// Run prints what the key does, what it takes, its default, its
// environment override and its current value with the source.
func (c *ExplainCmd) Run(d *deps) error {
	keys := []string{c.Key}
	if configedit.IsSection(c.Key) {
		keys = configedit.SectionKeys(c.Key)
	} else if _, err := configedit.Resolve(c.Key); err != nil {
		return err
	}
	rows, err := effectiveRows(d)
	if err != nil {
		return err
	}
	where := map[string]string{configedit.FromFile: d.Dirs.Config(), configedit.FromLegacy: d.Dirs.LegacyConfig()}
	for i, key := range keys {
		if i > 0 {
			fmt.Fprintln(d.Stdout)
		}
		r, _ := configedit.Find(rows, key)
		fmt.Fprint(d.Stdout, configedit.Explain(r, where))
		if strings.HasPrefix(key, "statusline.zones.") {
			fmt.Fprintln(d.Stdout, "  in force: "+d.zonesInForce())
		}
	}
	return nil
}

// zonesInForce says which zones apply here and why: the user's, learned,
// or placed before where Claude Code compacts by itself.
func (d *deps) zonesInForce() string {
	comp := d.compactionsWith(d.Config)
	return comp.Zones.Why(comp.Point)
}

// compactionsWith is the zones and the compaction point that cfg gives
// here: for this directory and the window of its newest session.
func (d *deps) compactionsWith(cfg config.Config) inspect.Compactions {
	s := inspect.FindSession(d.Dirs, "", d.Cwd, d.Getenv)
	var win session.Window
	if s.Found {
		win = session.Dir(d.Dirs.Session(s.ID)).LoadWindow()
	}
	return inspect.ReadCompactions(d.Dirs, cfg, d.Cwd, d.Getenv, win)
}
