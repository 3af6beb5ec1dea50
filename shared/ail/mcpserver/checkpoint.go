package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// SaveIn is the input of ail_save_checkpoint.
type SaveIn struct {
	Name     string `json:"name" jsonschema:"file name without directory: letters, digits, _ - and ., at most 64, not starting with a dot; .ail is appended"`
	Snapshot string `json:"snapshot" jsonschema:"a valid AILv1 snapshot"`
}

// SaveOut is the output of ail_save_checkpoint.
type SaveOut struct {
	Path  string `json:"path" jsonschema:"absolute path of the new file"`
	Bytes int    `json:"bytes"`
}

func (cfg Config) save(_ context.Context, _ *mcp.CallToolRequest, in SaveIn) (*mcp.CallToolResult, SaveOut, error) {
	path, err := Save(cfg.Dir, in.Name, in.Snapshot)
	if err != nil {
		return nil, SaveOut{}, err
	}
	return text("saved " + path), SaveOut{Path: path, Bytes: len(in.Snapshot)}, nil
}

// ErrExists is returned when the checkpoint file already exists.
var ErrExists = errors.New("already exists; checkpoints are never overwritten")

// Save writes snapshot to dir/<name>.ail, which must not exist yet. The
// snapshot must decode. The file appears complete or not at all: it is
// written to a temporary file and hard-linked into place, and a link
// never replaces an existing name nor follows a symlink there.
func Save(dir, name, snapshot string) (string, error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	if _, err := ail.ParseString(snapshot, ail.Limits{}); err != nil {
		return "", fmt.Errorf("invalid snapshot: %w", err)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("save checkpoint: %w", err)
	}
	path := filepath.Join(dir, name+".ail")
	if _, err := os.Lstat(path); err == nil {
		return "", fmt.Errorf("save %s: %w", path, ErrExists)
	}
	tmp, err := os.CreateTemp(dir, ".ail-checkpoint-*")
	if err != nil {
		return "", fmt.Errorf("save %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if err := writeClose(tmp, snapshot); err != nil {
		return "", fmt.Errorf("save %s: %w", path, err)
	}
	switch err := os.Link(tmp.Name(), path); {
	case err == nil:
		return path, nil
	case errors.Is(err, fs.ErrExist):
		return "", fmt.Errorf("save %s: %w", path, ErrExists)
	}
	return path, createDirect(path, snapshot)
}

// createDirect is Save's fallback where hard links are refused:
// [fsutil.CreateNew] never replaces a file nor follows a symlink; a
// failed write removes the partial file.
func createDirect(path, snapshot string) error {
	f, err := fsutil.CreateNew(path, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("save %s: %w", path, ErrExists)
	}
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := writeClose(f, snapshot); err != nil {
		_ = os.Remove(path)
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

// writeClose writes s, syncs and closes f.
func writeClose(f *os.File, s string) error {
	_, err := f.WriteString(s)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkName accepts plain file names: 1 to 64 letters, digits, _ - and
// ., not starting with a dot (no hidden files, no . or ..). A trailing
// .ail is refused rather than doubled.
func checkName(name string) error {
	bad := name == "" || len(name) > 64 || name[0] == '.' || strings.HasSuffix(strings.ToLower(name), ".ail")
	for _, c := range name {
		if !(c == '_' || c == '-' || c == '.' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')) {
			bad = true
		}
	}
	if bad {
		return fmt.Errorf("checkpoint name %q: want 1 to 64 letters, digits, _ - or ., not starting with a dot and without the .ail extension", name)
	}
	return nil
}
