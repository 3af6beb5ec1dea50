package git

import (
	"encoding/binary"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// FuzzSearchIndex: the search index is read back from files a killed
// writer, a full disk or another tool may have cut or garbled. Whatever
// the pack's records and the log hold, reading them never panics or
// runs away, a pack whose records do not all read is refused whole (as
// loadSearch does), and the log's changes alone yield each path once.
func FuzzSearchIndex(f *testing.F) {
	var pack []byte
	for _, p := range []string{"a/1.md", "a/TOPIC.md", "b/2.md"} {
		pack = appendField(appendField(pack, []byte(p)), []byte("text of "+p))
	}
	var zero, next plumbing.Hash
	next[0] = 1
	body := append(append([]byte{}, zero[:]...), next[:]...)
	body = encodeChanges(body, map[string][]byte{"a/1.md": nil, "c/3.md": []byte("new")})
	log := binary.AppendUvarint(nil, uint64(len(body)))
	log = binary.BigEndian.AppendUint32(append(log, body...), crc32c(body))
	f.Add(pack, log)
	f.Add(pack[:len(pack)-3], log[:len(log)-1])
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, []byte{0x80})
	f.Add([]byte{}, append(log, log...))
	f.Fuzz(func(t *testing.T, pack, log []byte) {
		if checkRecords(pack) != nil {
			pack = nil
		}
		st := &searchState{pack: pack, over: map[string][]byte{}}
		st.replay(log)
		seen := map[string]bool{}
		err := st.each(func(p string, _ []byte) error {
			if seen[p] && len(pack) == 0 {
				t.Fatalf("the log alone yields %q twice", p)
			}
			seen[p] = true
			return nil
		})
		if err != nil {
			t.Fatalf("each after a checked pack: %v", err)
		}
	})
}
