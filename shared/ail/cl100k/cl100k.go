// Package cl100k counts tokens with OpenAI's cl100k_base encoding, fully
// offline: the vocabulary is compiled into the binary (about 4 MB), so
// only the `si` command line imports this, never a hook binary.
package cl100k

import (
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// Counter counts cl100k_base tokens; the zero value is ready to use and
// safe for concurrent use.
type Counter struct{}

var (
	once sync.Once
	cl   *codec.Codec
)

// Count returns the number of tokens of text.
func (Counter) Count(text string) int {
	once.Do(func() { cl = codec.NewCl100kBase() })
	n, err := cl.Count(text)
	if err != nil {
		// Only the split expression can fail (it has no timeout set, so
		// in practice never); a rough estimate beats a zero.
		return (len(text) + 3) / 4
	}
	return n
}
