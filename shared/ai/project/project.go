// Package project finds and makes `ai` projects. A project is the
// directory of the nearest ai.toml at or above the working directory,
// never ~/.ai/ai.toml; it need not be a git repository. Its id (a TypeID,
// project_ and a UUIDv7) is in ai.toml, so every clone and worktree is the
// same project. It keeps ai/ (the agents' visible workspace), .ai/
// (tracked) and .ai/local/ (one user's private store, ignored by the
// project's git, in the main checkout so that linked worktrees share it).
package project

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/ai/store"
)

// ErrNoProject: no ai.toml at or above the directory.
var ErrNoProject = errors.New("not in an ai project")

// Project is a found project.
type Project struct {
	// Root is the directory of its ai.toml; MainRoot is the same
	// directory in the main checkout when Root is in a linked git
	// worktree, else Root.
	Root, MainRoot string
	// ID and Name are from [project]; Name defaults to Root's base name.
	ID, Name string
	// Settings are the settings in effect there.
	Settings settings.Settings
}

// LocalDir is the project's private store, .ai/local/ in the main
// checkout.
func (p Project) LocalDir() string { return store.Dir(p.MainRoot) }

// Find reads the settings that apply in cwd and the project they belong
// to; outside a project the error is [ErrNoProject], with the settings
// still returned.
func Find(home, cwd string) (Project, error) {
	l, err := settings.Find(home, cwd)
	if err != nil {
		return Project{}, err
	}
	s, err := settings.Load(home, cwd)
	if err != nil {
		return Project{Settings: s}, err
	}
	if l.Root == "" {
		return Project{Settings: s}, fmt.Errorf("%w: no ai.toml in %s or above it (run ai init in the project's root)", ErrNoProject, cwd)
	}
	p := Project{Root: l.Root, MainRoot: l.MainRoot, ID: s.Project.ID, Name: s.Project.Name, Settings: s}
	if p.Name == "" {
		p.Name = filepath.Base(l.Root)
	}
	return p, nil
}
