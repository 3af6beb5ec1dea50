package replay

import "slices"

// inFlight is what a replay can know of the files in flight (edited and
// not committed), which the PreCompact hook takes from git status: the
// files the session's own Edit, Write, MultiEdit and NotebookEdit calls
// named since its last git commit. It cannot see files left dirty before
// the session, files changed by a Bash command (sed -i, a generator, a
// formatter), or a commit of only some of them (any commit clears all).
type inFlight struct{ files []string }

// maxInFlight bounds the files kept, as git status's list is (20 there:
// a replay keeps more, being no hook).
const maxInFlight = 200

// observe updates the set with one call: the file it touched (absolute)
// and the phase event it marked.
func (f *inFlight) observe(tool, target, event string) {
	switch {
	case event == "commit":
		f.files = f.files[:0]
	case target == "" || slices.Contains(f.files, target):
	case tool == "Edit" || tool == "Write" || tool == "MultiEdit" || tool == "NotebookEdit":
		if len(f.files) == maxInFlight {
			f.files = f.files[1:]
		}
		f.files = append(f.files, target)
	}
}
