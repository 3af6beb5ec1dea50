package transcript

import (
	"bufio"
	"errors"
	"io"
	"sync"
)

// MaxLine is the longest line decoded; longer lines (giant tool output)
// are skipped whole. Assistant usage records are far smaller.
const MaxLine = 16 << 20

// readBuf is the read buffer; lines that fit are handled without copying.
const readBuf = 256 << 10

// readers keeps the read buffers of finished reads: a report over many
// files reuses a few instead of allocating (and touching) one per file.
var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, readBuf) }}

// eachLine calls fn with every complete line of r (newline excluded) and
// the offset of the line relative to base. It returns how many bytes were
// consumed: everything up to and including the last newline, so a line
// still being written is left for the next call. A line longer than
// MaxLine is never decoded; when r ends inside one, its bytes so far are
// consumed anyway and skipping is true, so the next call (with skipFirst)
// goes on discarding up to its newline instead of reading it again.
func eachLine(r io.Reader, base int64, skipFirst bool, fn func(line []byte, off int64)) (consumed int64, skipping bool, err error) {
	br := readers.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() { br.Reset(nil); readers.Put(br) }()
	var pending int64 // bytes of the current line read so far
	var long []byte   // the current line when it spans buffers
	oversized := skipFirst
	for {
		chunk, err := br.ReadSlice('\n')
		switch {
		case err == nil:
			line := chunk[:len(chunk)-1]
			if long != nil {
				line = append(long, line...)
			}
			if !oversized && pending+int64(len(chunk)) <= MaxLine+1 {
				fn(line, base+consumed)
			}
			consumed += pending + int64(len(chunk))
			pending, long, oversized = 0, nil, false
		case errors.Is(err, bufio.ErrBufferFull):
			pending += int64(len(chunk))
			if !oversized && pending <= MaxLine {
				long = append(long, chunk...)
			} else {
				oversized, long = true, nil // too long to decode: skip to its newline
			}
		case errors.Is(err, io.EOF):
			if oversized {
				return consumed + pending + int64(len(chunk)), true, nil
			}
			return consumed, false, nil
		default:
			return consumed, false, err
		}
	}
}

// Lines calls fn with every complete line of r and its offset (base plus
// the line's place in r), skipping lines longer than MaxLine; with
// skipFirst, the bytes up to the first newline are passed over (r starts
// inside a line). It returns the bytes consumed: up to the last newline,
// so a line still being written is read next time.
func Lines(r io.Reader, base int64, skipFirst bool, fn func(line []byte, off int64)) (int64, error) {
	consumed, _, err := eachLine(r, base, skipFirst, fn)
	return consumed, err
}
