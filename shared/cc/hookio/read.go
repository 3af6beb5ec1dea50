package hookio

import (
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// Errors from [ReadPayload].
var (
	ErrEmpty    = errors.New("empty payload")
	ErrTooLarge = errors.New("payload over the size cap")
	ErrTimeout  = errors.New("stdin did not close before the deadline")
)

// drainCap bounds how much of an oversized payload is read and thrown
// away so that Claude Code's write end sees no broken pipe.
const drainCap = 512 << 20

// ReadPayload reads all of r, at most limit bytes, within timeout. A
// payload over the cap is drained (within the same deadline) and
// rejected, so an oversized tool response can never exhaust memory.
func ReadPayload(r io.Reader, limit int64, timeout time.Duration) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	var over atomic.Bool // set before the drain, so a deadline hit while draining still reports the cap
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err == nil && int64(len(data)) > limit {
			over.Store(true)
			_, _ = io.Copy(io.Discard, io.LimitReader(r, drainCap))
			err = fmt.Errorf("%w (%d bytes)", ErrTooLarge, limit)
			data = nil
		}
		done <- result{data, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case res := <-done:
		if res.err != nil {
			return nil, res.err
		}
		if len(res.data) == 0 {
			return nil, ErrEmpty
		}
		return res.data, nil
	case <-timer.C:
		if over.Load() {
			return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, limit)
		}
		return nil, ErrTimeout
	}
}
