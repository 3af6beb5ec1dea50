package fakeapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// maxBody caps the request body the server reads.
const maxBody = 64 << 20

// defaultModel is reported when a request names no model.
const defaultModel = "claude-fake"

// Options configures a [Server].
type Options struct {
	// RecordDir, when set, receives each request body as NNNN.json.
	RecordDir string
	// Respond, when set, may override the scripted reply to a
	// /v1/messages request by returning ok true. It may be called
	// concurrently.
	Respond func(r Request) (reply Reply, ok bool)
	// UsageExtra, when set, is merged into the usage object of every
	// reply (e.g. {"output_tokens_details":{"thinking_tokens":null}}), to
	// put shapes the real API may send into the transcript.
	UsageExtra map[string]any
	// Headers, when set, are added to every /v1/messages reply (e.g.
	// the anthropic-ratelimit-unified-* headers a subscription gets).
	// It may be called concurrently.
	Headers func() map[string]string
}

// Server is a fake Messages API server. It is safe for concurrent use.
type Server struct {
	opts Options

	mu      sync.Mutex
	reqs    []Request
	refused map[string]bool // prompts refused as too long, by model
	msgN    int
	toolN   int
	httpSrv *http.Server
	url     string
}

// New returns a server that is not yet listening; see [Server.Start].
func New(opts Options) *Server { return &Server{opts: opts} }

// Start listens on 127.0.0.1 at a free port and serves in the
// background. It returns the base URL, e.g. "http://127.0.0.1:41234".
func (s *Server) Start() (baseURL string, err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("start fake api: %w", err)
	}
	if s.opts.RecordDir != "" {
		if err := os.MkdirAll(s.opts.RecordDir, 0o755); err != nil {
			ln.Close()
			return "", fmt.Errorf("start fake api: %w", err)
		}
	}
	srv := &http.Server{Handler: s}
	s.mu.Lock()
	s.httpSrv, s.url = srv, "http://"+ln.Addr().String()
	s.mu.Unlock()
	go srv.Serve(ln)
	return s.url, nil
}

// URL returns the base URL after [Server.Start], or "".
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.url
}

// Close stops the server and closes open connections.
func (s *Server) Close() error {
	s.mu.Lock()
	srv := s.httpSrv
	s.mu.Unlock()
	if srv == nil {
		return nil
	}
	if err := srv.Close(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("close fake api: %w", err)
	}
	return nil
}

// Requests returns every request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// MessageRequests returns the POST /v1/messages requests, in order.
func (s *Server) MessageRequests() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.IsMessage() {
			out = append(out, r)
		}
	}
	return out
}

// Saw reports whether text reached the model in any /v1/messages
// request, in the system prompt or in a message.
func (s *Server) Saw(text string) bool {
	for _, r := range s.MessageRequests() {
		if r.Contains(text) {
			return true
		}
	}
	return false
}

// ServeHTTP answers POST /v1/messages, POST /v1/messages/count_tokens and
// 404 for anything else. It never blocks on the client.
func (s *Server) ServeHTTP(w http.ResponseWriter, hr *http.Request) {
	body, err := io.ReadAll(io.LimitReader(hr.Body, maxBody))
	if err != nil {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "read body: "+err.Error())
		return
	}
	req := Request{Method: hr.Method, Path: hr.URL.Path, Query: hr.URL.RawQuery, Header: hr.Header.Clone(), Body: body}
	if len(bytes.TrimSpace(body)) > 0 {
		_ = json.Unmarshal(body, &req.JSON)
	}
	switch {
	case req.IsMessage():
		s.serveMessage(w, req)
	case req.Method == http.MethodPost && req.Path == "/v1/messages/count_tokens":
		s.record(&req)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, "{\"input_tokens\":%d}\n", max(1, len(body)/4))
	default:
		s.record(&req)
		apiError(w, http.StatusNotFound, "not_found_error", "fake api: no route for "+req.Method+" "+req.Path)
	}
}

// serveMessage answers a /v1/messages request.
func (s *Server) serveMessage(w http.ResponseWriter, req Request) {
	if req.JSON == nil {
		s.record(&req)
		apiError(w, http.StatusBadRequest, "invalid_request_error", "fake api: body is not a JSON object")
		return
	}
	reply, ok := Reply{}, false
	if s.opts.Respond != nil {
		reply, ok = s.opts.Respond(req)
	}
	if !ok {
		reply = Decide(req.JSON, len(req.Body))
	}
	if msg := refusal(req, reply); msg != "" {
		if s.refuseOnce(req) {
			req.Refused = msg
			s.record(&req)
			apiError(w, http.StatusBadRequest, "invalid_request_error", msg)
			return
		}
		reply.InputTokens = max(1, len(req.Body)/4) // sent again after the compaction: what the body holds
	}
	req.Reply = &reply
	msg := s.record(&req)
	w.Header().Set("request-id", strings.Replace(msg.ID, "msg_", "req_", 1))
	if s.opts.Headers != nil {
		for k, v := range s.opts.Headers() {
			w.Header().Set(k, v)
		}
	}
	if stream, _ := req.JSON["stream"].(bool); stream {
		_ = writeStream(w, msg)
		return
	}
	_ = writeJSON(w, msg)
}

// record numbers and stores req, writes its body to RecordDir and, for a
// message request, builds the response message with fresh ids.
func (s *Server) record(req *Request) message {
	s.mu.Lock()
	req.Seq = len(s.reqs) + 1
	var msg message
	if req.Reply != nil {
		msg = s.buildLocked(req)
	}
	s.reqs = append(s.reqs, *req)
	s.mu.Unlock()
	if s.opts.RecordDir != "" && len(req.Body) > 0 {
		name := filepath.Join(s.opts.RecordDir, fmt.Sprintf("%04d.json", req.Seq))
		_ = os.WriteFile(name, req.Body, 0o644)
	}
	return msg
}

// buildLocked turns the request's reply into a message and notes its ids
// in req; s.mu is held.
func (s *Server) buildLocked(req *Request) message {
	s.msgN++
	r := *req.Reply
	model, _ := req.JSON["model"].(string)
	if model == "" {
		model = defaultModel
	}
	m := message{ID: fmt.Sprintf("msg_fake%06d", s.msgN), Model: model, Stop: r.StopReason(),
		Usage: usage(r.InputTokens, r.OutputTokens)}
	for k, v := range s.opts.UsageExtra {
		m.Usage[k] = v
	}
	req.MessageID = m.ID
	if r.Text != "" || r.Tool == nil {
		m.Content = append(m.Content, map[string]any{"type": "text", "text": r.Text})
	}
	if r.Tool != nil {
		for _, call := range append([]Directive{*r.Tool}, r.Also...) {
			s.toolN++
			id := fmt.Sprintf("toolu_fake%06d", s.toolN)
			if req.ToolUseID == "" {
				req.ToolUseID = id
			}
			input := call.Input
			if input == nil {
				input = map[string]any{}
			}
			m.Content = append(m.Content, map[string]any{"type": "tool_use", "id": id, "name": call.Name, "input": input})
		}
	}
	return m
}

// apiError writes an error in the Messages API error shape.
func apiError(w http.ResponseWriter, code int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"type": "error", "error": map[string]any{"type": typ, "message": msg},
	})
}
