// Package settings reads the settings of the `ai` command: ~/.ai/ai.toml,
// then the nearest ai.toml at or above the working directory (the
// project's), then the project's private settings .ai/local/ai.toml.
// Each file's keys win over the same keys of the files before; a key no
// file sets keeps its default. An unknown key or a bad value is an error
// that names the file and the key.
package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// Settings are the settings in effect.
type Settings struct {
	Project    Project
	Chat       Chat
	AgentView  AgentView
	Summariser Summariser
	Memory     Memory
	// Agents are the [agents.NAME] tables, by name.
	Agents map[string]Agent
	// Files are the settings files read, in order.
	Files []string
	// Origin names the file that set each key ("memory.entry-chars");
	// a key missing here has its default.
	Origin map[string]string
}

// Project is [project], set only in a project's ai.toml. Root is the
// project's directory (that of its ai.toml), "" outside a project.
type Project struct {
	ID, Name, Root string
}

// Chat is [chat].
type Chat struct {
	Background bool
}

// AgentView is [agent.view]: how many entries `ai agent view` shows.
type AgentView struct {
	Total, Latest, Recent, Single int
}

// Summariser is [summariser]: what writes every summary. Background
// lets a note or a view start the memory's fold and the notes' topic
// summaries in the background (each a model call); [chat] background
// is the agents' after each turn.
type Summariser struct {
	Backend, Model string
	Background     bool
}

// Memory is [memory] and [memory.view].
type Memory struct {
	// EntryChars is the length a note aims for (memory.entry-chars).
	EntryChars int
	// ViewLines is how many lines `ai memory view` prints
	// (memory.view.lines).
	ViewLines int
}

// Agent is one [agents.NAME] table.
type Agent struct {
	// Instructions are the agent's instruction files, absolute, in the
	// order of the settings files that name one: they add up.
	Instructions []string
	// Worktree is the directory the agent runs in, resolved against the
	// project's root when there is a project.
	Worktree string
}

// Default returns the settings when no file sets anything.
func Default() Settings {
	return Settings{
		Chat:       Chat{Background: true},
		AgentView:  AgentView{Total: 64, Latest: 1, Recent: 3, Single: 0},
		Summariser: Summariser{Backend: "claude", Model: "sonnet", Background: true},
		Memory:     Memory{EntryChars: 280, ViewLines: 96},
		Agents:     map[string]Agent{},
		Origin:     map[string]string{},
	}
}

// maxFile caps a settings file.
const maxFile = 1 << 20

// Load reads the settings that apply in cwd for a user whose home is
// home.
func Load(home, cwd string) (Settings, error) {
	s := Default()
	ls, err := Find(home, cwd)
	if err != nil {
		return s, err
	}
	s.Project.Root = ls.Root
	for _, f := range ls.files() {
		if err := s.loadFile(f, home); err != nil {
			return s, err
		}
	}
	return s, nil
}

// loadFile applies one settings file, if it exists.
func (s *Settings) loadFile(f layerFile, home string) error {
	file, _, err := fsutil.OpenRegular(f.path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read settings: %w", err)
	}
	defer file.Close()
	s.Files = append(s.Files, f.path)
	return s.apply(file, f, Pretty(f.path, home))
}

// Pretty shows path with home as "~", in the system's separator (so a
// Windows path reads ~\.ai\memory, not ~/.ai\memory).
func Pretty(path, home string) string {
	if home != "" {
		sep := string(filepath.Separator)
		if rel, ok := strings.CutPrefix(path, filepath.Clean(home)+sep); ok {
			return "~" + sep + rel
		}
	}
	return path
}
