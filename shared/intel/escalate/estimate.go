package escalate

// charsPerToken and callOverhead are the estimate's constants.
const (
	charsPerToken = 4
	callOverhead  = 100
)

// Estimate guesses the tokens a call added to the context from the sizes
// of its input and its response. It is only used while the transcript has
// no usage figure yet.
func Estimate(input, response []byte) int64 {
	ceil := func(n int) int64 { return int64((n + charsPerToken - 1) / charsPerToken) }
	return callOverhead + ceil(len(input)) + ceil(len(response))
}
