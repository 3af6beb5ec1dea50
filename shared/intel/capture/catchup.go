package capture

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// maxCatchUp bounds the transcript bytes one catch-up reads: a store
// that has never read this transcript (the plugin was installed
// mid-session, or the store was lost) starts this far from its end.
const maxCatchUp = 8 << 20

// ErrNotFile is returned for a transcript that is not a regular file.
var ErrNotFile = errors.New("not a regular file")

// CatchUp reads what the transcript at path gained since the store last
// read it: the user's words it did not capture live (queued messages,
// rejection feedback, answers) and the session's tasks and errors. Only
// complete lines are read; the offset moves past them.
func (s *Store) CatchUp(path string, now time.Time) error {
	f, fi, err := fsutil.OpenRegular(path)
	if errors.Is(err, fsutil.ErrNotRegular) {
		return fmt.Errorf("transcript %s: %w", path, ErrNotFile)
	}
	if err != nil {
		return fmt.Errorf("open transcript: %w", err)
	}
	defer f.Close()
	start, size := s.Offset, fi.Size()
	if s.Path != path || start > size {
		start, s.Tasks = 0, Tasks{}
	}
	skipFirst := false
	if size-start > maxCatchUp {
		start, skipFirst = size-maxCatchUp, true
	}
	if _, err := f.Seek(start, io.SeekStart); err != nil {
		return fmt.Errorf("seek transcript: %w", err)
	}
	consumed, err := transcript.Lines(io.LimitReader(f, size-start), start, skipFirst, func(line []byte, _ int64) {
		s.Add(now, ReadLine(line).Items...)
		s.Tasks.Feed(line)
	})
	s.Offset, s.Path = start+consumed, path
	return err
}
