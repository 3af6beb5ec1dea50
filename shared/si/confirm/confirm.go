// Package confirm carries a /si change from its preview to the user's
// YES. `si slash` shows the diff and records the request as pending in
// the session's private directory; the UserPromptSubmit hook sees the
// user's next prompt before the model does, and only when that prompt is
// exactly YES runs the request again with --yes. So the write depends on
// what the user typed, not on a tool call by the model (which Claude Code
// would also hold for a permission prompt), and any other reply cancels.
package confirm

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// File is the pending change's name in the session directory.
const File = "si-pending.json"

// MaxAge is how long a preview waits for its YES.
const MaxAge = 30 * time.Minute

// maxFile caps what is read back.
const maxFile = 64 << 10

// Pending is a previewed /si change.
type Pending struct {
	Args   []string  `json:"args"`   // the si request, without --yes
	Path   string    `json:"path"`   // the file the diff was of
	Before string    `json:"before"` // its hash at the preview; "" when it did not exist
	At     time.Time `json:"at"`
	// Form: the /si config form was shown; the next prompt is its answer.
	Form bool `json:"form,omitempty"`
}

// Save records p in the session directory dir (made private if needed),
// replacing an earlier preview: only the last diff shown can be confirmed.
func Save(dir string, p Pending) error {
	if err := fsutil.PrivateDir(dir); err != nil {
		return fmt.Errorf("save pending /si change: %w", err)
	}
	data, err := jsonx.Marshal(p)
	if err != nil {
		return fmt.Errorf("save pending /si change: %w", err)
	}
	return fsutil.WriteOwn(filepath.Join(dir, File), data, fsutil.NoSync)
}

// Take reads and removes the pending change of dir; ok is false when
// there is none. It is one-shot: a YES confirms one preview once.
func Take(dir string) (p Pending, ok bool, err error) {
	path := filepath.Join(dir, File)
	data, err := fsutil.ReadOwn(path, maxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return p, false, nil // none, or a damaged one moved aside
	}
	if rmErr := os.Remove(path); rmErr != nil && !errors.Is(rmErr, fs.ErrNotExist) && err == nil {
		err = rmErr
	}
	if err != nil {
		return p, false, fmt.Errorf("read %s: %w", path, err)
	}
	if err := jsonx.Unmarshal(data, &p); err != nil || (len(p.Args) == 0 && !p.Form) {
		return p, false, fmt.Errorf("read %s: not a pending /si change", path)
	}
	return p, true, nil
}

// Hash is the SHA-256 of the file at path, "" when it does not exist (or
// cannot be read, which then never matches a preview of a readable file).
func Hash(path string) string {
	data, err := fsutil.ReadCapped(path, 16<<20)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// IsYes reports whether prompt is the confirmation: YES in any letter
// case and nothing else.
func IsYes(prompt string) bool {
	return strings.EqualFold(strings.TrimSpace(prompt), "yes")
}

// Writable are the si requests whose preview can be confirmed.
var Writable = map[string]bool{"set": true, "reset": true, "config": true, "migrate": true}

// IsFormAnswer reports whether prompt reads as an answer to the /si
// config form: every non-blank line a `label = value`. Anything else is
// an ordinary prompt, and the form is simply closed.
func IsFormAnswer(prompt string) bool {
	seen := false
	for _, line := range strings.Split(prompt, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		label, _, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(label) == "" {
			return false
		}
		seen = true
	}
	return seen
}

// IsFormClose reports whether prompt closes the form without a change.
func IsFormClose(prompt string) bool {
	p := strings.TrimSpace(prompt)
	return strings.EqualFold(p, "none") || strings.EqualFold(p, "quit")
}
