package full

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// epochMillisAbove separates epoch seconds from epoch milliseconds: 1e11
// seconds is the year 5138, 1e11 milliseconds is 1973.
const epochMillisAbove = 1e11

// wireWindow is one window as the API sends it; both fields are read
// leniently.
type wireWindow struct {
	Utilization jsonx.RawMessage `json:"utilization"`
	ResetsAt    jsonx.RawMessage `json:"resets_at"`
}

// wireUsage is the part of the answer the status line uses; other keys
// (extra_usage, per-model windows) are ignored.
type wireUsage struct {
	FiveHour *wireWindow `json:"five_hour"`
	SevenDay *wireWindow `json:"seven_day"`
}

// parseUsage decodes the endpoint's answer. A window that is missing,
// null or has a null utilization is absent; at least one must be present.
//
// The fraction rule: utilization is normally a percentage (47.0). When
// every present value is at most 1 and at least one of them is not a
// whole number (0.47), the answer is taken to be in fractions and all
// values are multiplied by 100. So 1 and 0 stay 1 % and 0 %, the common
// reading of a barely used quota. Results are clamped to 0–100.
func parseUsage(body []byte) (quota.Usage, error) {
	var w wireUsage
	if err := jsonx.Unmarshal(body, &w); err != nil {
		return quota.Usage{}, fmt.Errorf("decode usage: %w", err)
	}
	five, err := w.FiveHour.window()
	if err != nil {
		return quota.Usage{}, fmt.Errorf("five_hour: %w", err)
	}
	seven, err := w.SevenDay.window()
	if err != nil {
		return quota.Usage{}, fmt.Errorf("seven_day: %w", err)
	}
	if five == nil && seven == nil {
		return quota.Usage{}, errNoWindows
	}
	scale(five, seven)
	return quota.Usage{FiveHour: five, SevenDay: seven}, nil
}

// window converts one wire window; nil in, nil out.
func (w *wireWindow) window() (*quota.Window, error) {
	if w == nil || isNull(w.Utilization) {
		return nil, nil
	}
	pct, err := parseNumber(w.Utilization)
	if err != nil {
		return nil, fmt.Errorf("utilization: %w", err)
	}
	resets, err := parseInstant(w.ResetsAt)
	if err != nil {
		return nil, fmt.Errorf("resets_at: %w", err)
	}
	return &quota.Window{Pct: pct, ResetsAt: resets}, nil
}

// scale applies the fraction rule of [parseUsage] and clamps.
func scale(ws ...*quota.Window) {
	fractions, seen := true, false
	for _, w := range ws {
		if w != nil {
			fractions = fractions && w.Pct <= 1
			seen = seen || w.Pct != math.Trunc(w.Pct)
		}
	}
	for _, w := range ws {
		if w == nil {
			continue
		}
		if fractions && seen {
			w.Pct *= 100
		}
		w.Pct = min(max(w.Pct, 0), 100)
	}
}

// isNull reports whether raw is absent or JSON null.
func isNull(raw jsonx.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || string(raw) == "null"
}

// unquote returns the text of a JSON string, or raw itself for a bare
// value such as a number.
func unquote(raw jsonx.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := jsonx.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return s, nil
	}
	return string(raw), nil
}

// parseNumber reads a finite JSON number or numeric string.
func parseNumber(raw jsonx.RawMessage) (float64, error) {
	s, err := unquote(raw)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("not a number: %.20q", s)
	}
	return v, nil
}

// parseInstant reads a time given as an ISO 8601 / RFC 3339 string or as
// epoch seconds or milliseconds (number or numeric string). Absent, null,
// empty and non-positive values give the zero time.
func parseInstant(raw jsonx.RawMessage) (time.Time, error) {
	if isNull(raw) {
		return time.Time{}, nil
	}
	s, err := unquote(raw)
	if err != nil || s == "" {
		return time.Time{}, err
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v > 1e16 {
		return time.Time{}, errors.New("not a time")
	}
	switch {
	case v <= 0:
		return time.Time{}, nil
	case v > epochMillisAbove:
		return time.UnixMilli(int64(v)).UTC(), nil
	}
	sec, frac := math.Modf(v)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC(), nil
}
