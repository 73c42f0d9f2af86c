package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"net"
	"net/url"
	"strings"

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
// "http://localhost/" + path). A host that comes from a variable, a field or
// a parameter is out of reach: not local.
func LocalURL(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if s, ok := code.String(info, e); ok {
		return localFullURL(s)
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return false
		}
		prefix, ok := code.String(info, leftmost(x))
		return ok && localPrefix(prefix, false)
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
		return localPrefix(format[:verb], strings.HasPrefix(format[verb:], "%d"))
	}
	return false
}

func localFullURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && localHost(u.Hostname())
}

// leftmost returns the first operand of a chain of + (a + b + c).
func leftmost(x *ast.BinaryExpr) ast.Expr {
	for {
		l, ok := ast.Unparen(x.X).(*ast.BinaryExpr)
		if !ok || l.Op != token.ADD {
			return x.X
		}
		x = l
	}
}

// localPrefix reports whether the start of a URL names a local host and ends
// it: the host is followed, within the prefix, by '/', '?' or '#', or by the
// ':' of a port when what follows is a number (portNext: a %d), so nothing
// added later can change the host ("http://localhost" + ".example.com", or
// "http://localhost:" + "x@example.com", would).
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
