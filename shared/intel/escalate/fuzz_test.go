package escalate

import "testing"

// FuzzBatch: whatever a PostToolBatch payload or a transcript holds as a
// result (a torn string, blocks of the wrong shape, bytes that are no
// JSON), Batch returns, and a call never counts less than its overhead
// nor more than its bytes could.
func FuzzBatch(f *testing.F) {
	for _, seed := range []string{`"text"`, `[{"type":"text","text":"x"},{"type":"image","source":{}}]`, `"a\u0000`, `[{"type":1}]`, `{}`, `[`, ``} {
		f.Add([]byte(`{"file_path":"/a"}`), []byte(seed))
	}
	f.Fuzz(func(t *testing.T, input, result []byte) {
		n := Batch([]Sent{{Input: input, Result: result}})
		images := int64(len(result)/len(`{"type":"image"}`)+1) * imageTokens
		if n < callOverhead || n > callOverhead+tokensOf(len(input))+tokensOf(len(result))+images {
			t.Errorf("Batch = %d for %d input and %d result bytes", n, len(input), len(result))
		}
	})
}
