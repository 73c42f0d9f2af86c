package httptimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A method that sends with http.DefaultClient (http.Post, http.Get,
// http.DefaultClient.Do) while its receiver holds a client of the package's
// own with a Timeout has the fix at hand: the finding names that field.

// clientAdvice is the fix a finding at a DefaultClient send names: the
// receiver's client with a Timeout when there is one, else any such client.
func (c *checker) clientAdvice(stack []ast.Node) string {
	if path := c.receiverTimedClient(enclosingDecl(stack)); path != "" {
		return "use " + path + ", which has a Timeout"
	}
	return "use a client with Timeout"
}

// receiverTimedClient returns the path (c.cli, s.opts.hc) of a client field
// of the method's receiver, or of a struct field of it, that every store in
// the package sets to a client with a Timeout (fieldAlwaysTimeout), or "".
func (c *checker) receiverTimedClient(fd *ast.FuncDecl) string {
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return ""
	}
	recv := fd.Recv.List[0].Names[0]
	if recv.Name == "_" {
		return ""
	}
	return c.timedClientField(recv.Name, c.info.TypeOf(fd.Recv.List[0].Type), 0)
}

// timedClientField looks for a timed client field in the struct t is or
// points to, and one struct level further down.
func (c *checker) timedClientField(path string, t types.Type, depth int) string {
	if t == nil || depth > 1 {
		return ""
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for f := range st.Fields() {
		if f.Pkg() != c.p.Pkg || f.Embedded() {
			continue // stores out of sight, or no name to give
		}
		if code.IsNamed(f.Type(), "net/http", "Client") {
			if c.fieldAlwaysTimeout(f, nil) {
				return path + "." + f.Name()
			}
			continue
		}
		if inner := c.timedClientField(path+"."+f.Name(), f.Type(), depth+1); inner != "" {
			return inner
		}
	}
	return ""
}
