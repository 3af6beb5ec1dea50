package line

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestPromptCache: Claude Code's prompt_cache decides the hit ratio and
// the expiry warning when it sends them; anything missing, null, partial
// or of the wrong type falls back to the latest turn (cache:98% in the
// fixture) and warns of nothing.
func TestPromptCache(t *testing.T) {
	f := newFixture(t)
	at := func(d time.Duration) string { return fmt.Sprint(clock.Add(d).Unix()) }
	pc := func(warm bool, ttl string, expires string, recache string) string {
		return fmt.Sprintf(`{"warm":%v,"caching_observed":true,"ttl":%q,"expires_at":%s,"requests":40,"misses":2,
			"expected_rebuilds":0,"hit_ratio":0.91,"cache_write_tokens":300000,"miss_recache_tokens":120000,"last_miss_at":null,
			"last_miss_cause":{"causes":["tools_changed"],"tools_added":1,"tools_removed":0},"miss_causes":{"tools_changed":1},
			"recache_tokens_if_cold":%s}`, warm, ttl, expires, recache)
	}
	tests := []struct {
		name       string
		cache      string // the prompt_cache member; "" leaves it out
		hit        string // cacheHit alone
		hitStyle   string
		expiry     string // cacheExpiry alone
		expiryWith string // cacheHit when cacheExpiry is in the layout too
	}{
		{"missing", "", "cache:98%", dimGreen, "", "cache:98%"},
		{"null", "null", "cache:98%", dimGreen, "", "cache:98%"},
		{"first request, nothing cached", `{"warm":false,"caching_observed":false,"ttl":"5m","expires_at":null,"requests":1,"misses":0,
			"expected_rebuilds":0,"hit_ratio":0,"cache_write_tokens":0,"miss_recache_tokens":0,"last_miss_at":null,"last_miss_cause":null,
			"miss_causes":{},"recache_tokens_if_cold":14249}`, "", "", "", ""},
		{"warm, far from expiry", pc(true, "5m", at(4*time.Minute), "50000"), "cache:91%", dimGreen, "", "cache:91%"},
		{"warm, 45s left", pc(true, "5m", at(45*time.Second), "50000"),
			"cache:91% · cold in 45s · re-cache $0.31", dimYellow, "cache cold in 45s · re-cache $0.31", "cache:91%"},
		{"warm, 2m left of 5m", pc(true, "5m", at(2*time.Minute), "50000"), "cache:91%", dimGreen, "", "cache:91%"},
		{"warm, 2m left of 1h", pc(true, "1h", at(2*time.Minute), "50000"),
			"cache:91% · cold in 2m · re-cache $0.50", dimYellow, "cache cold in 2m · re-cache $0.50", "cache:91%"},
		{"cold", pc(false, "5m", "null", "50000"), "cache:91% · cold · re-cache $0.31", dimRed, "cache cold · re-cache $0.31", "cache:91%"},
		{"warm but expired since", pc(true, "5m", at(-time.Second), "50000"),
			"cache:91% · cold · re-cache $0.31", dimRed, "cache cold · re-cache $0.31", "cache:91%"},
		{"cold after a compaction: no re-cache figure", pc(false, "5m", "null", "null"), "cache:91% · cold", dimRed, "cache cold", "cache:91%"},
		{"cold, re-cache under a cent", pc(false, "5m", "null", "1000"), "cache:91% · cold", dimRed, "cache cold", "cache:91%"},
		{"expiry in milliseconds", pc(true, "5m", fmt.Sprint(clock.Add(30*time.Second).UnixMilli()), "50000"), "cache:91%", dimGreen, "", "cache:91%"},
		{"partial: warm only", `{"warm":false}`, "cache:98%", dimGreen, "", "cache:98%"},
		{"partial: hit ratio only", `{"hit_ratio":0.5}`, "cache:50%", dimYellow, "", "cache:50%"},
		{"hit ratio low", `{"hit_ratio":0.1,"caching_observed":true}`, "cache:10%", dimRed, "", "cache:10%"},
		{"hit ratio out of range", `{"hit_ratio":91}`, "cache:98%", dimGreen, "", "cache:98%"},
		{"wrong types", `{"warm":"yes","caching_observed":1,"hit_ratio":"high","expires_at":"soon","ttl":5,"recache_tokens_if_cold":"lots"}`,
			"cache:98%", dimGreen, "", "cache:98%"},
		{"a string", `"warm"`, "cache:98%", dimGreen, "", "cache:98%"},
		{"an array", `[1,2]`, "cache:98%", dimGreen, "", "cache:98%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := f.with(425_000, map[string]string{"prompt_cache": tt.cache})
			if got := f.render(in, false, []string{"cacheHit"}, ""); got != tt.hit {
				t.Errorf("cacheHit = %q, want %q", got, tt.hit)
			}
			if got := f.render(in, true, []string{"cacheHit"}, ""); tt.hit != "" && !strings.HasPrefix(got, tt.hitStyle) {
				t.Errorf("cacheHit in colour = %q, want style %q", got, tt.hitStyle)
			}
			if got := f.render(in, false, []string{"cacheExpiry"}, ""); got != tt.expiry {
				t.Errorf("cacheExpiry = %q, want %q", got, tt.expiry)
			}
			if got := f.render(in, false, []string{"cacheHit", "cacheExpiry"}, ""); got != strings.Trim(tt.expiryWith+" · "+tt.expiry, " ·") {
				t.Errorf("cacheHit with cacheExpiry = %q, want %q then %q", got, tt.expiryWith, tt.expiry)
			}
		})
	}
}

// TestRecachePrice: the re-cache cost is priced at the session's model
// and the TTL's write price, configured prices included.
func TestRecachePrice(t *testing.T) {
	f := newFixture(t)
	cold := `{"warm":false,"caching_observed":true,"ttl":"%s","expires_at":null,"hit_ratio":0.9,"recache_tokens_if_cold":200000}`
	for _, tt := range []struct {
		model, ttl, want string
	}{
		{"claude-opus-4-7", "5m", "cache cold · re-cache $1.25"}, // $5 input: $6.25 per million written for 5 minutes
		{"claude-opus-4-7", "1h", "cache cold · re-cache $2.00"}, // $10 per million for an hour
		{"claude-haiku-4-5", "5m", "cache cold · re-cache $0.25"},
		{"", "5m", "cache cold · re-cache $1.25"}, // no model on stdin: the transcript's (Opus 4.6)
	} {
		in := f.with(425_000, map[string]string{"prompt_cache": fmt.Sprintf(cold, tt.ttl), "model": fmt.Sprintf(`{"id":%q}`, tt.model)})
		if got := f.render(in, false, []string{"cacheExpiry"}, ""); got != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.model, tt.ttl, got, tt.want)
		}
	}
}
