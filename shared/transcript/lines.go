package transcript

import (
	"bufio"
	"errors"
	"io"
)

// MaxLine is the longest line decoded; longer lines (giant tool output)
// are skipped whole. Assistant usage records are far smaller.
const MaxLine = 16 << 20

// readBuf is the read buffer; lines that fit are handled without copying.
const readBuf = 256 << 10

// eachLine calls fn with every complete line of r (newline excluded) and
// the offset of the line relative to base. It returns how many bytes were
// consumed: everything up to and including the last newline, so a line
// still being written is left for the next call.
func eachLine(r io.Reader, base int64, fn func(line []byte, off int64)) (int64, error) {
	br := bufio.NewReaderSize(r, readBuf)
	var consumed, pending int64 // whole lines done; bytes of the current one
	var long []byte             // the current line when it spans buffers
	for {
		chunk, err := br.ReadSlice('\n')
		switch {
		case err == nil:
			line := chunk[:len(chunk)-1]
			if long != nil {
				line = append(long, line...)
			}
			if pending+int64(len(chunk)) <= MaxLine+1 {
				fn(line, base+consumed)
			}
			consumed += pending + int64(len(chunk))
			pending, long = 0, nil
		case errors.Is(err, bufio.ErrBufferFull):
			pending += int64(len(chunk))
			if pending <= MaxLine {
				long = append(long, chunk...)
			} else {
				long = nil // too long to decode: skip to its newline
			}
		case errors.Is(err, io.EOF):
			return consumed, nil
		default:
			return consumed, err
		}
	}
}
