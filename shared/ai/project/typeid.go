package project

import (
	"encoding/binary"
	"fmt"
	"io"
	"time"
)

// alphabet is TypeID's base32: Crockford's, lowercase.
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// NewID mints a project id: the TypeID "project_" and a UUIDv7 (48 bits
// of Unix milliseconds, version 7, variant 10, random bits from random).
func NewID(now time.Time, random io.Reader) (string, error) {
	var u [16]byte
	if _, err := io.ReadFull(random, u[6:]); err != nil {
		return "", fmt.Errorf("mint a project id: %w", err)
	}
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(now.UnixMilli()))
	copy(u[:6], ms[2:])
	u[6] = u[6]&0x0f | 0x70
	u[8] = u[8]&0x3f | 0x80
	return "project_" + encode(u), nil
}

// encode writes the 128 bits as 26 characters of 5 bits, the first
// holding the top 3 (so it is at most '7').
func encode(u [16]byte) string {
	hi := binary.BigEndian.Uint64(u[:8])
	lo := binary.BigEndian.Uint64(u[8:])
	out := make([]byte, 26)
	for i := 25; i >= 0; i-- {
		out[i] = alphabet[lo&31]
		lo = lo>>5 | hi<<59
		hi >>= 5
	}
	return string(out)
}
