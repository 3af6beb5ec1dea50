package settings

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Kind says which layer a settings file is; it decides what it may set
// and what its relative paths are relative to.
type Kind int

// The three layers, in the order they are read.
const (
	User Kind = iota
	ProjectFile
	Private
)

// Layers are the settings files that apply in a directory; a path is ""
// when the layer does not apply (a file that does not exist is skipped
// when read).
type Layers struct {
	User, Project, Private string
	// Root is the project's directory, "" outside a project; MainRoot
	// is the same directory in the main checkout when Root is in a
	// linked git worktree, else Root.
	Root, MainRoot string
}

// layerFile is one file to read and what relative paths in it mean.
type layerFile struct {
	path string
	kind Kind
	// base resolves agents' instructions; root resolves worktrees.
	base, root string
}

func (l Layers) files() []layerFile {
	var out []layerFile
	if l.User != "" {
		out = append(out, layerFile{l.User, User, filepath.Dir(l.User), l.MainRoot})
	}
	if l.Project != "" {
		out = append(out, layerFile{l.Project, ProjectFile, l.Root, l.MainRoot})
		out = append(out, layerFile{l.Private, Private, l.Root, l.MainRoot})
	}
	return out
}

// Find locates the settings files for cwd: ~/.ai/ai.toml; the nearest
// ai.toml at or above cwd, never ~/.ai/ai.toml itself; and the private
// settings beside it, read from the main checkout when the project is in
// a linked git worktree. An ai.local.toml that is a file rather than the
// link to the private settings is an error.
func Find(home, cwd string) (Layers, error) {
	var l Layers
	if home != "" {
		l.User = filepath.Join(home, ".ai", "ai.toml")
	}
	for dir := filepath.Clean(cwd); ; dir = filepath.Dir(dir) {
		f := filepath.Join(dir, "ai.toml")
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() && f != l.User {
			l.Project, l.Root = f, dir
			break
		}
		if filepath.Dir(dir) == dir {
			return l, nil
		}
	}
	l.MainRoot = mainCheckout(l.Root)
	l.Private = filepath.Join(l.MainRoot, ".ai", "local", "ai.toml")
	link := filepath.Join(l.Root, "ai.local.toml")
	if fi, err := os.Lstat(link); err == nil && fi.Mode()&os.ModeSymlink == 0 {
		return l, fmt.Errorf("%s is a file of its own, not the link to .ai/local/ai.toml: move it to %s (ai init links it back)",
			Pretty(link, home), Pretty(l.Private, home))
	}
	return l, nil
}

// mainCheckout maps a directory inside a linked git worktree to the same
// directory in the main checkout.
func mainCheckout(dir string) string {
	top := paths.GitRoot(dir)
	main := paths.CanonicalGitRoot(dir)
	if top == "" || main == "" || top == main {
		return dir
	}
	rel, err := filepath.Rel(top, dir)
	if err != nil {
		return dir
	}
	return filepath.Join(main, rel)
}
