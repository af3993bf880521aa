package web

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/play"
)

//go:embed static
var static embed.FS

// Limits bound what the server does for its clients (a zero field takes
// its DefaultLimits value).
type Limits struct {
	Sessions int           // games open at once
	Idle     time.Duration // a game unused this long is closed
	Plies    int           // a game ends after this many plies (interp.Config.MaxPlies)
	Think    time.Duration // the longest thinking time a seat may ask for
	Thinkers int           // computer moves searched at once (others wait)
	Body     int64         // the largest request body, in bytes
	// Memory is the heap the heavy work may hold at once (replays, new
	// games, computer moves: see budget.go); work beyond it waits up to
	// Wait, then is answered 503 with a Retry-After.
	Memory int64
	Wait   time.Duration
	// Write is the time a client has to read an answer, from its first
	// byte: a client that does not read is cut off.
	Write time.Duration
}

// DefaultLimits returns the limits of `ruleplay serve`.
func DefaultLimits() Limits {
	return Limits{Sessions: 64, Idle: 30 * time.Minute, Plies: 1000, Think: 5 * time.Second, Thinkers: 2, Body: 1 << 20,
		Memory: 512 << 20, Wait: 10 * time.Second, Write: 30 * time.Second}
}

// withDefaults is l with each zero field set to DefaultLimits' value.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&l.Sessions, d.Sessions)
	set(&l.Plies, d.Plies)
	set(&l.Thinkers, d.Thinkers)
	if l.Idle <= 0 {
		l.Idle = d.Idle
	}
	if l.Think <= 0 {
		l.Think = d.Think
	}
	if l.Body <= 0 {
		l.Body = d.Body
	}
	if l.Memory <= 0 {
		l.Memory = d.Memory
	}
	if l.Wait <= 0 {
		l.Wait = d.Wait
	}
	if l.Write <= 0 {
		l.Write = d.Write
	}
	return l
}

// Config configures a Server.
type Config struct {
	// Files are the rules files named on the command line; they are
	// offered with the bundled games (a file takes the place of a bundled
	// game of the same name).
	Files  []string
	Limits Limits
	// Engine names the program in the records it writes ("ruleplay v1").
	Engine string
	// Now is the clock (nil: time.Now); NewID makes session ids (nil:
	// random). Tests set both.
	Now   func() time.Time
	NewID func() string
	// Addr is the address served (HOST:PORT, as --addr gives it): its
	// host is a name the server answers to, besides the loopback names
	// and addresses and AllowHosts (see hostAllowed).
	Addr       string
	AllowHosts []string
}

// Server serves the page and its JSON API. It is an http.Handler.
type Server struct {
	cfg     Config
	games   *catalog
	mux     *http.ServeMux
	mu      sync.Mutex
	open    map[string]*session
	thinker chan struct{}
	work    *budget
	hosts   map[string]bool // the names of Addr and AllowHosts, lower case
	origins *http.CrossOriginProtection
}

// New makes a Server. It fails when a named rules file cannot be read (a
// file that reads but has errors is offered, and the page shows its
// diagnostics).
func New(cfg Config) (*Server, error) {
	c, err := newCatalog(cfg.Files)
	if err != nil {
		return nil, err
	}
	cfg.Limits = cfg.Limits.withDefaults()
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NewID == nil {
		cfg.NewID = randomID
	}
	s := &Server{cfg: cfg, games: c, open: map[string]*session{}, thinker: make(chan struct{}, max(1, cfg.Limits.Thinkers)),
		work: newBudget(cfg.Limits.Memory), hosts: map[string]bool{}, origins: http.NewCrossOriginProtection()}
	if h, _, err := net.SplitHostPort(cfg.Addr); err == nil && h != "" {
		s.hosts[hostName(h)] = true
	}
	for _, h := range cfg.AllowHosts {
		s.hosts[hostName(h)] = true
	}
	s.routes()
	return s, nil
}

func randomID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.Handle("GET /", http.FileServerFS(staticFS()))
	m.HandleFunc("GET /api/games", s.listGames)
	m.HandleFunc("POST /api/sessions", s.create)
	m.HandleFunc("POST /api/players", s.playersHandler)
	m.HandleFunc("GET /api/sessions/{id}", s.withSession(s.get))
	m.HandleFunc("DELETE /api/sessions/{id}", s.closeSession)
	m.HandleFunc("POST /api/sessions/{id}/move", s.withSession(s.moveHandler))
	m.HandleFunc("POST /api/sessions/{id}/advance", s.withSession(s.advanceHandler))
	m.HandleFunc("POST /api/sessions/{id}/undo", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) *apiError { return ss.undo() }))
	m.HandleFunc("POST /api/sessions/{id}/restart", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) *apiError {
		ss.restart()
		return nil
	}))
	m.HandleFunc("GET /api/sessions/{id}/record", s.recordHandler)
	m.HandleFunc("POST /api/replay", s.replayHandler)
	m.HandleFunc("GET /rules/{name}", rulesPage)
	s.mux = m
}

// ServeHTTP serves a request: one for a host the server answers to
// (hostAllowed), state-changing ones from its own page only (no other
// origin), every body bounded by Limits.Body, every answer written within
// Limits.Write. A panic becomes a 500 answer, never a stack trace.
func (s *Server) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w := &deadlineWriter{ResponseWriter: rw, write: s.cfg.Limits.Write}
	defer func() {
		if v := recover(); v != nil {
			if le, ok := v.(*interp.LimitError); ok {
				limitError(le).write(w)
				return
			}
			(&apiError{status: http.StatusInternalServerError, Message: fmt.Sprintf("internal error: %v; please report this", v)}).write(w)
		}
	}()
	if !s.hostAllowed(r) {
		(&apiError{status: http.StatusForbidden, Message: "host " + safetext.Quote(r.Host, maxEcho) + " refused: this server answers to localhost, " +
			"its loopback addresses and the address it serves (start it with --allow-host NAME to add a name)"}).write(w)
		return
	}
	if err := s.origins.Check(r); err != nil {
		from := r.Header.Get("Origin")
		if from == "" {
			from = "Sec-Fetch-Site: " + r.Header.Get("Sec-Fetch-Site")
		}
		(&apiError{status: http.StatusForbidden, Message: "cross-origin request refused: only the server's own page may change its games (this one came from " +
			safetext.Quote(from, maxEcho) + ")"}).write(w)
		return
	}
	r.Body = http.MaxBytesReader(rw, r.Body, s.cfg.Limits.Body)
	s.mux.ServeHTTP(w, r)
}

// hostAllowed tells whether the request's Host is a name the server
// answers to: localhost (and NAME.localhost), a loopback address, the
// address the request came in on, the host of Config.Addr, or a name of
// Config.AllowHosts. A page of another site that makes its own name point
// at this machine (DNS rebinding) sends its own name, and is refused.
func (s *Server) hostAllowed(r *http.Request) bool {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = hostName(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || s.hosts[host] {
		return true
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if a, err := netip.ParseAddrPort(local.String()); err == nil && a.Addr().Unmap() == ip.Unmap() {
			return true
		}
	}
	return false
}

// hostName is a host as compared: lower case, without brackets or a
// final dot.
func hostName(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
}

// deadlineWriter gives the client Limits.Write to read an answer, from
// its first byte (the work before it is bounded by its own limits).
type deadlineWriter struct {
	http.ResponseWriter
	write   time.Duration
	started bool
}

func (w *deadlineWriter) start() {
	if !w.started {
		w.started = true
		_ = http.NewResponseController(w.ResponseWriter).SetWriteDeadline(time.Now().Add(w.write))
	}
}

func (w *deadlineWriter) WriteHeader(code int) {
	w.start()
	w.ResponseWriter.WriteHeader(code)
}

func (w *deadlineWriter) Write(b []byte) (int, error) {
	w.start()
	return w.ResponseWriter.Write(b)
}

func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// heavy takes share of the memory budget for heavy work. When it cannot
// within Limits.Wait it answers 503 with a Retry-After and returns false;
// otherwise the caller calls the release function returned once its
// answer is written.
func (s *Server) heavy(w http.ResponseWriter, r *http.Request, share int64) (func(), bool) {
	got, ok := s.work.acquire(r.Context(), share, s.cfg.Limits.Wait)
	if !ok {
		s.budgetFull().write(w)
		return nil, false
	}
	return func() { s.work.release(got) }, true
}

// budgetFull is the 503 of heavy work that found no room in the budget.
func (s *Server) budgetFull() *apiError {
	return busyError(fmt.Sprintf("the server is busy: replays, new games and computer moves under way hold its memory budget (%d MiB)", s.cfg.Limits.Memory>>20))
}

// busyError is a 503 error; its answer has a Retry-After.
func busyError(why string) *apiError {
	return &apiError{status: http.StatusServiceUnavailable, Message: fmt.Sprintf("%s; try again in %d seconds", why, retryAfter)}
}

// bodySize is the size of the request's body as announced, or the limit
// when it is not announced.
func (s *Server) bodySize(r *http.Request) int64 {
	if r.ContentLength >= 0 && r.ContentLength <= s.cfg.Limits.Body {
		return r.ContentLength
	}
	return s.cfg.Limits.Body
}

// apiError is an error answered as JSON: {"error": ..., "legal": ...}.
type apiError struct {
	status  int
	Message string   `json:"error"`
	Legal   []string `json:"legal,omitempty"`
	Closest string   `json:"closest,omitempty"`
}

func badRequest(msg string) *apiError { return &apiError{status: http.StatusBadRequest, Message: msg} }
func conflict(msg string) *apiError   { return &apiError{status: http.StatusConflict, Message: msg} }
func notFound(msg string) *apiError   { return &apiError{status: http.StatusNotFound, Message: msg} }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	_ = enc.Encode(v)
}

// write answers the error, its message cut to maxMessage bytes (a safety
// net: the texts of a request are cut where they are quoted).
func (e *apiError) write(w http.ResponseWriter) {
	if e.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	}
	if len(e.Message) > maxMessage {
		e.Message = strings.ToValidUTF8(e.Message[:maxMessage], "") + fmt.Sprintf("... (%d bytes)", len(e.Message))
	}
	writeJSON(w, e.status, e)
}

const (
	// maxEcho is the most characters of a request's text (a move, a game
	// or player name, an option) quoted in a message.
	maxEcho = 40
	// maxMessage is the most bytes of an error message answered.
	maxMessage = 8 << 10
	// maxName is the most characters of a name given with a request (a
	// game, a player, an option and its value, a record's file name).
	maxName = 200
)

// decode reads a JSON body into v: sent as application/json, one object,
// no unknown fields, no more than Limits.Body bytes.
func decode(r *http.Request, v any) *apiError {
	if e := mediaType(r, "the request body must be JSON", "application/json"); e != nil {
		return e
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &apiError{status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("the request is over the limit of %d bytes", tooBig.Limit)}
		}
		return badRequest("bad request body: " + strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return badRequest("bad request body: one JSON object expected")
	}
	return nil
}

// mediaType checks that the request's Content-Type is one of types: 415
// otherwise (a page of another site may send text/plain without asking).
func mediaType(r *http.Request, what string, types ...string) *apiError {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil && slices.Contains(types, strings.ToLower(mt)) {
		return nil
	}
	got := "no Content-Type"
	if ct != "" {
		got = "Content-Type " + safetext.Quote(ct, maxEcho)
	}
	return &apiError{status: http.StatusUnsupportedMediaType, Message: fmt.Sprintf("%s, sent with Content-Type: %s (not %s)", what, strings.Join(types, " or "), got)}
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	out := make([]gameInfo, len(s.games.entries))
	for i, e := range s.games.entries {
		out[i] = e.info()
	}
	writeJSON(w, http.StatusOK, struct {
		Games   []gameInfo `json:"games"`
		Players []string   `json:"players"`
		Limits  limitsInfo `json:"limits"`
	}{out, []string{Human, "random", "greedy", "lookahead", "mcts", "ab"}, limitsInfo{int(s.cfg.Limits.Think / time.Millisecond), s.cfg.Limits.Plies}})
}

type limitsInfo struct {
	ThinkMS int `json:"think_ms"`
	Plies   int `json:"plies"`
}

// newGame is the body of POST /api/sessions.
type newGame struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seats   []seat            `json:"seats"`
	Seed    uint64            `json:"seed"`
	// Setup is the start of a game whose setup is random, as a record
	// gives it (cell -> piece); Moves are played from the start, as a
	// record's (to play on from a position of a replay).
	Setup map[string]string `json:"setup,omitempty"`
	Moves []string          `json:"moves,omitempty"`
	// Position is a position text (docs/notation.md) to start from
	// instead of the rules' setup, or a FEN (W:W31-50:B1-20) for
	// a game with square numbers.
	Position string `json:"position,omitempty"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	release, ok := s.heavy(w, r, loadBase+createPerByte*s.bodySize(r))
	if !ok {
		return
	}
	defer release()
	var req newGame
	e, ae := s.decodeGame(r, &req, &req.Game)
	if ae != nil {
		ae.write(w)
		return
	}
	if req.Seed == 0 {
		req.Seed = 1
	}
	ss, err := newSession(e, req, s.cfg.Limits)
	if err != nil {
		badRequest(err.Error()).write(w)
		return
	}
	if e := s.register(ss); e != nil {
		e.write(w)
		return
	}
	var v any
	if err := interp.Guard(func() { v = ss.view() }); err != nil {
		s.mu.Lock()
		delete(s.open, ss.id)
		s.mu.Unlock()
		limitError(err.(*interp.LimitError)).write(w)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

// limitError answers a position whose moves cost more than the engine's
// bound (the rules file's fault): 422, and the game is not kept.
func limitError(le *interp.LimitError) *apiError {
	return &apiError{status: http.StatusUnprocessableEntity, Message: le.Error() + "; the game is closed"}
}

// decodeGame reads a request body naming a game (into v, whose game
// field is game) and finds that game.
func (s *Server) decodeGame(r *http.Request, v any, game *string) (*entry, *apiError) {
	if e := decode(r, v); e != nil {
		return nil, e
	}
	e, err := s.games.lookup(*game)
	if err != nil {
		return nil, notFound(err.Error())
	}
	return e, nil
}

// playersReq is the body of POST /api/players.
type playersReq struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
}

// playersHandler answers the players of a game with options (an option
// may change how many there are): the seats the page offers.
func (s *Server) playersHandler(w http.ResponseWriter, r *http.Request) {
	release, ok := s.heavy(w, r, loadBase+createPerByte*s.bodySize(r))
	if !ok {
		return
	}
	defer release()
	var req playersReq
	e, ae := s.decodeGame(r, &req, &req.Game)
	if ae != nil {
		ae.write(w)
		return
	}
	g, err := e.load(req.Options)
	if err != nil {
		badRequest(err.Error()).write(w)
		return
	}
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	writeJSON(w, http.StatusOK, struct {
		Players []string `json:"players"`
	}{names})
}

// register adds a session, after closing the idle ones.
func (s *Server) register(ss *session) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	for id, o := range s.open {
		if o.mu.TryLock() {
			if now.Sub(o.used) > s.cfg.Limits.Idle {
				delete(s.open, id)
			}
			o.mu.Unlock()
		}
	}
	if len(s.open) >= s.cfg.Limits.Sessions {
		return &apiError{status: http.StatusServiceUnavailable, Message: fmt.Sprintf("too many games open (%d): close one, or wait until one has been unused for %s", s.cfg.Limits.Sessions, s.cfg.Limits.Idle)}
	}
	ss.id = s.cfg.NewID()
	ss.used = now
	s.open[ss.id] = ss
	return nil
}

// lookup returns the open session id, locked, or nil.
func (s *Server) lookup(id string) *session {
	s.mu.Lock()
	ss := s.open[id]
	s.mu.Unlock()
	if ss == nil {
		return nil
	}
	ss.mu.Lock()
	now := s.cfg.Now()
	if now.Sub(ss.used) > s.cfg.Limits.Idle {
		ss.mu.Unlock()
		s.mu.Lock()
		if s.open[id] == ss {
			delete(s.open, id)
		}
		s.mu.Unlock()
		return nil
	}
	ss.used = now
	return ss
}

// withSession runs h on the session named in the path, locked, and
// answers with the session's state (or h's error).
func (s *Server) withSession(h func(http.ResponseWriter, *http.Request, *session) *apiError) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ss := s.lookup(r.PathValue("id"))
		if ss == nil {
			notFound("no such game: it was closed, or unused for too long; start a new one").write(w)
			return
		}
		defer ss.mu.Unlock()
		defer func() {
			if v := recover(); v != nil {
				le, ok := v.(*interp.LimitError)
				if !ok {
					panic(v)
				}
				// The game's State is left unusable: the game is closed.
				s.mu.Lock()
				delete(s.open, r.PathValue("id"))
				s.mu.Unlock()
				limitError(le).write(w)
			}
		}()
		if e := h(w, r, ss); e != nil {
			e.write(w)
			return
		}
		writeJSON(w, http.StatusOK, ss.view())
	}
}

func (s *Server) get(http.ResponseWriter, *http.Request, *session) *apiError { return nil }

func (s *Server) closeSession(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, ok := s.open[r.PathValue("id")]
	delete(s.open, r.PathValue("id"))
	s.mu.Unlock()
	if !ok {
		notFound("no such game").write(w)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Closed bool `json:"closed"`
	}{true})
}

// moveHandler plays a person's move. A body larger than any move's
// (a hostile 1 MiB move) takes its share of the memory budget while it is
// decoded and answered.
func (s *Server) moveHandler(w http.ResponseWriter, r *http.Request, ss *session) *apiError {
	if n := s.bodySize(r); n > smallBody {
		got, ok := s.work.acquire(r.Context(), createPerByte*n, s.cfg.Limits.Wait)
		if !ok {
			return s.budgetFull()
		}
		defer s.work.release(got)
	}
	var req struct {
		Move string `json:"move"`
	}
	if e := decode(r, &req); e != nil {
		return e
	}
	return ss.move(req.Move)
}

// advanceHandler lets the computer to move play, one search at a time per
// thinker slot, holding its share of the memory budget (an mcts tree grows
// with its thinking time).
func (s *Server) advanceHandler(w http.ResponseWriter, r *http.Request, ss *session) *apiError {
	if _, err := io.Copy(io.Discard, r.Body); err != nil {
		return badRequest("bad request body")
	}
	share := int64(moveBase)
	switch st := ss.seatToMove(); st.Player {
	case "mcts":
		share = thinkPerSecond * int64(st.Think) / 1000
	case "ab":
		share = play.DefaultABTable + moveBase // its transposition table
	}
	wait := time.NewTimer(s.cfg.Limits.Wait)
	defer wait.Stop()
	select {
	case s.thinker <- struct{}{}:
	case <-wait.C:
		return busyError(fmt.Sprintf("the server is busy: its thinkers (%d) are all searching computer moves", s.cfg.Limits.Thinkers))
	case <-r.Context().Done():
		return busyError("cancelled")
	}
	defer func() { <-s.thinker }()
	got, ok := s.work.acquire(r.Context(), share, s.cfg.Limits.Wait)
	if !ok {
		return s.budgetFull()
	}
	defer s.work.release(got)
	return ss.advance()
}

func (s *Server) recordHandler(w http.ResponseWriter, r *http.Request) {
	ss := s.lookup(r.PathValue("id"))
	if ss == nil {
		notFound("no such game").write(w)
		return
	}
	rec := ss.record(s.cfg.Engine, s.cfg.Now().UTC().Format("2006-01-02"))
	ss.mu.Unlock()
	var b strings.Builder
	if err := writeRecord(&b, rec); err != nil {
		(&apiError{status: http.StatusInternalServerError, Message: err.Error()}).write(w)
		return
	}
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": rec.Game + ".yaml"}))
	_, _ = io.WriteString(w, b.String())
}
