package settingsjson

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// lockWait bounds how long Edit waits for another editor; edits take
// milliseconds, so a longer wait means something is stuck.
const lockWait = 5 * time.Second

// newFileMode is the mode of a settings file Edit creates: it may hold
// API keys in "env", so only the owner reads it.
const newFileMode fs.FileMode = 0o600

// maxLinks bounds symlink chains, like the kernel's ELOOP limit.
const maxLinks = 40

// Read returns the document at path after checking that it is one JSON
// object. A missing file reads as empty, which Get and Set treat as {}.
// Read takes no lock and writes nothing, not even a lock file: writers
// replace the file atomically, so a reader sees either version whole.
func Read(path string) ([]byte, error) {
	data, err := fsutil.ReadCapped(path, MaxSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read settings: %w", err)
	}
	if err := Validate(path, data); err != nil {
		return nil, err
	}
	return data, nil
}

// Edit changes the file at path through fn, which gets the current
// document (nil for a missing file, empty but not nil for an empty one)
// and returns the new one. Under the lock Claude Code itself takes on
// settings.json, the directory path+".lock" (see lock.go), it reads the file, calls fn and, when the result differs and
// is still one JSON object, backs the old file up (see backup naming
// below) and replaces the file atomically with its mode kept (0600 for
// a new file). If path is a symlink, the file it points to is replaced
// and the link is kept. backup is the path of the backup that holds the
// old content, "" when nothing changed or there was no old content. An
// invalid file or an error from fn changes nothing.
//
// Backups are named path+".bak-si-"+UTC time as YYYYMMDDTHHMMSSZ; an
// existing backup with identical content is reused, and only the five
// newest are kept.
//
// A blank result (see [IsBlank]) is refused: from most fns it would be a
// bug that wipes the user's settings. [EditAllowBlank] accepts one.
func Edit(path string, fn func(doc []byte) ([]byte, error)) (changed bool, backup string, err error) {
	return edit(path, fn, false)
}

// EditAllowBlank is [Edit] for an fn that may return a blank document on
// purpose: an uninstall giving back a file that was blank before the
// install (see [RestoreBlank]).
func EditAllowBlank(path string, fn func(doc []byte) ([]byte, error)) (changed bool, backup string, err error) {
	return edit(path, fn, true)
}

func edit(path string, fn func([]byte) ([]byte, error), allowBlank bool) (changed bool, backup string, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return false, "", fmt.Errorf("edit settings: %w", err)
	}
	err = withLock(path+".lock", lockWait, func() error {
		var err error
		changed, backup, err = editLocked(path, fn, allowBlank)
		return err
	})
	if err != nil {
		return false, "", err
	}
	return changed, backup, nil
}

// editLocked is Edit with the lock held.
func editLocked(path string, fn func([]byte) ([]byte, error), allowBlank bool) (bool, string, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return false, "", err
	}
	old, mode, err := readCurrent(target)
	if err != nil {
		return false, "", err
	}
	if err := Validate(path, old); err != nil {
		return false, "", err
	}
	// fn gets a copy, so an fn that edits in place cannot make the
	// result look unchanged.
	next, err := fn(bytes.Clone(old))
	if err != nil {
		return false, "", fmt.Errorf("edit %s: %w", path, err)
	}
	if bytes.Equal(next, old) {
		return false, "", nil
	}
	if err := checkResult(path, next, allowBlank); err != nil {
		return false, "", err
	}
	return writeWithBackup(path, target, old, next, mode)
}

// writeWithBackup backs up old beside path, then replaces target.
func writeWithBackup(path, target string, old, next []byte, mode fs.FileMode) (bool, string, error) {
	var backup string
	if len(old) > 0 {
		var err error
		if backup, err = writeBackup(path, old, mode); err != nil {
			return false, "", err
		}
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		return false, "", fmt.Errorf("write settings: %w", err)
	}
	if err := fsutil.WriteAtomic(target, next, mode, fsutil.Sync); err != nil {
		return false, "", fmt.Errorf("write settings: %w", err)
	}
	return true, backup, nil
}

// checkResult validates an edited document before anything is written.
func checkResult(path string, next []byte, allowBlank bool) error {
	if IsBlank(next) && !allowBlank {
		return fmt.Errorf("edit %s: edited document is empty", path)
	}
	if err := Validate(path, next); err != nil {
		return fmt.Errorf("edit %s: edited document rejected: %w", path, err)
	}
	return nil
}

// readCurrent reads target and its permission bits; a missing file is
// empty with the mode a new file gets.
func readCurrent(target string) ([]byte, fs.FileMode, error) {
	fi, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, newFileMode, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read settings: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("read settings: %s is not a regular file", target)
	}
	data, err := fsutil.ReadCapped(target, MaxSize)
	if err != nil {
		return nil, 0, fmt.Errorf("read settings: %w", err)
	}
	return data, fi.Mode().Perm(), nil
}

// resolveLinks follows symlinks from path to the file they name, which
// may not exist yet. Renaming over the link itself would turn a
// dotfiles-managed link into a plain file and fork the settings.
func resolveLinks(path string) (string, error) {
	cur := path
	for range maxLinks {
		fi, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) || (err == nil && fi.Mode()&fs.ModeSymlink == 0) {
			return cur, nil
		}
		if err != nil {
			return "", fmt.Errorf("resolve settings path: %w", err)
		}
		dest, err := os.Readlink(cur)
		if err != nil {
			return "", fmt.Errorf("resolve settings path: %w", err)
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(cur), dest)
		}
		cur = dest
	}
	return "", fmt.Errorf("resolve settings path %s: too many symbolic links", path)
}
