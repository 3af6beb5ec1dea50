package cli

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/core/version"
	"github.com/session-intelligence/session-intelligence/shared/si/inspect"
)

// DoctorCmd is `si doctor`.
type DoctorCmd struct{}

var marks = map[inspect.Verdict]string{inspect.OK: "ok  ", inspect.Warn: "warn", inspect.Fail: "FAIL"}

// Run prints one line per check (the last names every installed binary's
// version) and, under each problem, the fix. It fails (exit 1) when a
// check fails, so scripts can gate on it.
func (DoctorCmd) Run(d *deps) error {
	o := d.inspectOptions()
	f := inspect.Gather(o)
	checks := append(inspect.Doctor(f, o), inspect.CheckVersions(inspect.Versions(f, version.String())))
	for _, c := range checks {
		fmt.Fprintf(d.Stdout, "%s  %-18s %s\n", marks[c.Verdict], c.Name, c.Detail)
		if c.Fix != "" && c.Verdict != inspect.OK {
			fmt.Fprintf(d.Stdout, "      %-18s fix: %s\n", "", c.Fix)
		}
	}
	if f.Removed != "" {
		fmt.Fprintln(d.Stdout, "\nsession-intelligence was removed from Claude Code. si uninstall finishes the job: it takes out what is left above and lists what it keeps.")
		return errSilent
	}
	if inspect.Failed(checks) {
		fmt.Fprintln(d.Stdout, "\nsession-intelligence is not fully working; apply the fixes above.")
		return errSilent
	}
	fmt.Fprintln(d.Stdout, "\nsession-intelligence is installed and working.")
	return nil
}
