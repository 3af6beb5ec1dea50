package cli

import (
	"fmt"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
)

// MigrateCmd is `si migrate [--yes]`.
type MigrateCmd struct {
	Yes bool `short:"y" help:"Write the change; without it only the diff is printed."`
}

// Run folds statusline-intel.json into session-intelligence.json under
// "statusline" and then renames the legacy file so it is no longer read.
// The effective configuration does not change: the unified file already
// won over the legacy one for every key it sets.
func (c *MigrateCmd) Run(d *deps) error {
	legacyPath := d.Dirs.LegacyConfig()
	legacy, err := readOptional(legacyPath)
	if err != nil {
		return err
	}
	if legacy == nil {
		fmt.Fprintf(d.Stdout, "Nothing to migrate: there is no %s.\n", legacyPath)
		return nil
	}
	if err := settingsjson.Validate(legacyPath, legacy); err != nil {
		return refused(legacyPath, err)
	}
	var notes []string
	_, err = applyEdit(d, c.Yes, configEdit{plan: func(doc []byte) ([]byte, error) {
		next, _, n, err := configedit.Fold(legacy, doc, legacyPath)
		notes = n
		return next, err
	}})
	if err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintf(d.Stdout, "Note: %s\n", n)
	}
	retired := retiredName(legacyPath, d)
	if !c.Yes {
		fmt.Fprintf(d.Stdout, "With --yes, %s is then renamed to %s and no longer read.\n", legacyPath, retired)
		return nil
	}
	if err := os.Rename(legacyPath, retired); err != nil {
		return fmt.Errorf("%s: folded in, but not renamed (rename it yourself): %w", legacyPath, err)
	}
	fmt.Fprintf(d.Stdout, "Renamed %s to %s: it is no longer read.\n", legacyPath, retired)
	return nil
}

// retiredName is where the legacy file goes; an older one is not
// overwritten.
func retiredName(path string, d *deps) string {
	name := path + ".migrated"
	if _, err := os.Lstat(name); err == nil {
		name += "-" + d.Now().UTC().Format("20060102T150405Z")
	}
	return name
}
