package sessionctx

import (
	"bytes"
	"path/filepath"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/cc/automemory"
	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Memory is where what a session learned is to be saved before a
// compaction: Claude Code's own memory when it is on, `ai memory` when
// the project's instructions use it (then it alone, so one session is
// never summarised into both), or nowhere.
type Memory struct {
	Auto     automemory.Memory
	AIMemory bool // the project's instructions file holds the `ai memory` block
}

// MemoryFor resolves both for the project at cwd (project, when set, is
// the project's root as Claude Code names it).
func MemoryFor(d paths.Dirs, cwd, project string, getenv func(string) string) Memory {
	root := project
	if root == "" {
		root = cwd
	}
	managedDir, _ := managed.Dir(managed.OS(runtime.GOOS))
	auto := automemory.Resolve(automemory.Inputs{Getenv: getenv, Home: d.Home, Default: d.MemoryDir(cwd),
		Settings: managed.SettingsFor(d.Claude, root, managedDir)})
	return Memory{Auto: auto, AIMemory: usesAIMemory(instructionFiles(d, root))}
}

// AutoDir is the auto-memory directory when Claude Code keeps one and the
// offload goes there; "" otherwise.
func (m Memory) AutoDir() string {
	if m.AIMemory || !m.Auto.On {
		return ""
	}
	return m.Auto.Dir
}

// instructionFiles are the files Claude Code loads as instructions that
// a user pastes the `ai memory init` block into.
func instructionFiles(d paths.Dirs, root string) []string {
	return []string{
		filepath.Join(root, "CLAUDE.md"), filepath.Join(root, "CLAUDE.local.md"),
		filepath.Join(root, ".claude", "CLAUDE.md"), filepath.Join(root, "AGENTS.md"),
		filepath.Join(d.Claude, "CLAUDE.md"),
	}
}

// aiMemoryMark is the command every `ai memory` instructions block tells
// the agent to run; its presence is what "uses ai memory" means.
var aiMemoryMark = []byte("ai memory note")

func usesAIMemory(files []string) bool {
	for _, f := range files {
		if data, err := fsutil.ReadCapped(f, MaxFile); err == nil && bytes.Contains(data, aiMemoryMark) {
			return true
		}
	}
	return false
}
