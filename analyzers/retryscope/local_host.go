package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"net"
	"net/url"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Whether an HTTP request stays on this machine or its link.
//
// A request to a loopback address (127.0.0.0/8, ::1, localhost) or a
// link-local one (169.254.0.0/16, fe80::/10: the cloud metadata services)
// never crosses a routed network: no half-open connection through a
// middlebox, no remote server overloaded by a crowd of callers. The server is
// a process of the same host or the host's own platform agent. A hang there
// is the machine's own failure, and a timeout on the request does not make
// the program work again. The rules that claim "a server that never answers"
// stay quiet on such a request, when its URL's host is written in the code.

// LocalURL reports whether e, the URL of a request, has a host written in the
// code that is loopback or link-local: a constant ("http://169.254.169.254/
// latest/api/token"), or a constant prefix that ends the host before
// anything else is added (fmt.Sprintf("http://127.0.0.1:%d/x", port),
// "http://localhost/" + path), or a constant prefix that ends with the ':'
// of the port, the port alone added next ("https://localhost:" + port +
// "/healthz", fmt.Sprintf("http://[::1]:%s/x", port)): what a port slot
// holds is a port, not a second host. A local variable defined once with
// such a URL is one too. A host that comes from a variable, a field or a
// parameter is out of reach: not local.
func LocalURL(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if s, ok := code.String(info, e); ok {
		return localFullURL(s)
	}
	switch x := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		val, ok := code.DefinedOnce(info, v)
		return ok && LocalURL(info, val)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return false
		}
		return localSum(info, addOperands(x))
	case *ast.CallExpr:
		fn := code.Callee(info, x)
		if fn == nil || fn.FullName() != "fmt.Sprintf" || len(x.Args) == 0 {
			return false
		}
		format, ok := code.String(info, x.Args[0])
		if !ok {
			return false
		}
		verb := strings.IndexByte(format, '%')
		if verb < 0 {
			return localFullURL(format)
		}
		return localPrefix(format[:verb], portVerb(format[verb:]))
	}
	return false
}

// localSum decides a URL built by +: its leading constant operands make the
// prefix; a non-constant operand right after a port's ':' is the port when
// nothing or a constant that starts a path, query or fragment follows it.
func localSum(info *types.Info, ops []ast.Expr) bool {
	var prefix strings.Builder
	i := 0
	for ; i < len(ops); i++ {
		s, ok := code.String(info, ops[i])
		if !ok {
			break
		}
		prefix.WriteString(s)
	}
	portNext := i+1 == len(ops)
	if i+1 < len(ops) {
		next, ok := code.String(info, ops[i+1])
		portNext = ok && endsHost(next)
	}
	return localPrefix(prefix.String(), portNext)
}

// portVerb reports whether a format, from its first verb on, fills a port
// slot: a %d, %s or %v followed by nothing or by a path, query or fragment
// (after "127.0.0.1:%d@", the host would follow).
func portVerb(format string) bool {
	for _, verb := range []string{"%d", "%s", "%v"} {
		if rest, ok := strings.CutPrefix(format, verb); ok {
			return endsHost(rest)
		}
	}
	return false
}

// endsHost reports whether s, what follows a port, adds nothing to the
// authority: it is empty or starts a path, a query or a fragment.
func endsHost(s string) bool {
	return s == "" || strings.ContainsRune("/?#", rune(s[0]))
}

// addOperands returns the operands of a chain of + (a + b + c), left to
// right.
func addOperands(x *ast.BinaryExpr) []ast.Expr {
	var ops []ast.Expr
	var add func(e ast.Expr)
	add = func(e ast.Expr) {
		if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
			add(b.X)
			add(b.Y)
			return
		}
		ops = append(ops, e)
	}
	add(x)
	return ops
}

func localFullURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && localHost(u.Hostname())
}

// localPrefix reports whether the start of a URL names a local host and ends
// it: the host is followed, within the prefix, by '/', '?' or '#', or by the
// ':' of a port when what follows fills the port slot (portNext), so nothing
// added later can change the host ("http://localhost" + ".example.com", or
// "http://localhost:" + port + "@example.com", would).
func localPrefix(prefix string, portNext bool) bool {
	scheme, rest, ok := strings.Cut(prefix, "://")
	if !ok || (!strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https")) {
		return false
	}
	var host string
	var tail string
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return false
		}
		host, tail = rest[1:end], rest[end+1:]
	} else {
		end := strings.IndexAny(rest, ":/?#@")
		if end < 0 {
			return false
		}
		host, tail = rest[:end], rest[end:]
	}
	if !localHost(host) {
		return false
	}
	if end := strings.IndexAny(tail, "/?#"); end >= 0 {
		return !strings.Contains(tail[:end], "@")
	}
	// No path yet: only the port may follow, and only as a number.
	return tail == ":" && portNext
}

// localHost reports whether a URL's host is loopback or link-local.
func localHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsLinkLocalUnicast())
}

// UnixTransportLit reports whether an http.Transport literal dials only unix
// sockets: its DialContext (else Dial) does (DialsOnlyUnix), it has no
// DialTLS or DialTLSContext of its own (which would open the TLS
// connections another way), and no Proxy: a transport set to use a proxy
// is read as one that reaches beyond this machine.
func UnixTransportLit(info *types.Info, lit *ast.CompositeLit) bool {
	if !code.IsNamed(info.TypeOf(lit), "net/http", "Transport") {
		return false
	}
	for _, other := range []string{"DialTLS", "DialTLSContext", "Proxy"} {
		if code.KeyedValue(lit, other) != nil {
			return false
		}
	}
	dial := code.KeyedValue(lit, "DialContext")
	if dial == nil {
		dial = code.KeyedValue(lit, "Dial")
	}
	return dial != nil && DialsOnlyUnix(info, dial)
}

// DialsOnlyUnix reports whether a dial function (a transport's DialContext or
// Dial) reaches only unix sockets: it makes at least one dial call, and every
// dial call in it passes the constant network "unix" or "unixpacket"
// (net.Dial, net.DialTimeout, (*net.Dialer).Dial/DialContext) or is
// net.DialUnix. HTTP over such a transport goes to a process on the same
// machine (local IPC). A dial that passes on the network it is given, or
// dials TCP on some path, is not.
func DialsOnlyUnix(info *types.Info, dial ast.Node) bool {
	unix, other := 0, 0
	code.Inspect(dial, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := code.Callee(info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net" {
			return true
		}
		switch fn.Name() {
		case "DialUnix":
			unix++
		case "Dial", "DialTimeout", "DialContext":
			k := 0
			if fn.Name() == "DialContext" {
				k = 1
			}
			if k < len(call.Args) && unixNetwork(info, call.Args[k]) {
				unix++
			} else {
				other++
			}
		}
		return true
	})
	return unix > 0 && other == 0
}

func unixNetwork(info *types.Info, e ast.Expr) bool {
	s, _ := code.String(info, e)
	return s == "unix" || s == "unixpacket"
}

// LocalURLs answers LocalURL for the expressions of one package, and follows
// a URL read from an unexported field of the package's own struct to every
// value the package stores in it (p.config.tokenURL, set only to a constant
// in the constructor): the URL is local when each of them is. Stores in test
// files are left out: a test that points the field at its own server sends
// nothing in production. A field whose address is taken, that a literal
// without keys fills, or that no code stores into is out of reach.
type LocalURLs struct {
	pass   *analysis.Pass
	fields map[*types.Var]bool
}

// NewLocalURLs returns the package's LocalURLs; fields are scanned on first
// use.
func NewLocalURLs(pass *analysis.Pass) *LocalURLs {
	return &LocalURLs{pass: pass, fields: make(map[*types.Var]bool)}
}

// Local reports whether e, the URL of a request, names a loopback or
// link-local host written in the code, directly (LocalURL) or through an
// unexported field of the package every store of which does.
func (l *LocalURLs) Local(e ast.Expr) bool {
	info := l.pass.TypesInfo
	if LocalURL(info, e) {
		return true
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || info.Selections[sel] == nil || info.Selections[sel].Kind() != types.FieldVal {
		return false
	}
	f, ok := info.Selections[sel].Obj().(*types.Var)
	if !ok || f.Exported() || f.Anonymous() || f.Pkg() != l.pass.Pkg {
		return false
	}
	local, seen := l.fields[f]
	if !seen {
		local = l.storesOnlyLocal(f)
		l.fields[f] = local
	}
	return local
}

// storesOnlyLocal reports whether the package (test files aside) stores into
// field f at least once, and only URLs that LocalURL accepts.
func (l *LocalURLs) storesOnlyLocal(f *types.Var) bool {
	info := l.pass.TypesInfo
	isField := func(e ast.Expr) bool {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && info.Selections[s] != nil && info.Selections[s].Obj() == f
	}
	stores, ok := 0, true
	store := func(v ast.Expr) {
		stores++
		ok = ok && LocalURL(info, v)
	}
	for _, file := range l.pass.Files {
		if code.IsTestFile(l.pass.Fset, file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if t := info.TypeOf(x); t != nil && hasField(t, f) {
					for _, el := range x.Elts {
						kv, isKV := el.(*ast.KeyValueExpr)
						if !isKV {
							ok = false // positional: every field is filled
							break
						}
						if id, isID := kv.Key.(*ast.Ident); isID && info.Uses[id] == f {
							store(kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range x.Lhs {
					if !isField(lhs) {
						continue
					}
					if x.Tok != token.ASSIGN || len(x.Lhs) != len(x.Rhs) {
						ok = false
						continue
					}
					store(x.Rhs[i])
				}
			case *ast.UnaryExpr:
				if x.Op == token.AND && isField(x.X) {
					ok = false // its address: stored through a pointer
				}
			}
			return ok
		})
	}
	return ok && stores > 0
}

// hasField reports whether struct type t declares field f itself.
func hasField(t types.Type, f *types.Var) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}
