package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Remote marks a function that may reach another system (remote.go), so that
// an attempt calling it from another package is remote too. ConnectsOnly says
// the engine proved every reach a connection-level one (remote_refusal.go).
type Remote struct {
	Origin
	ConnectsOnly bool
}

func (*Remote) AFact() {}

func (f *Remote) String() string {
	if f.ConnectsOnly {
		return "only connects to another system"
	}
	return "reaches another system"
}

// ReadsStatus marks a function that stays in the process but reads the
// status of an HTTP response (remote_refusal.go): an attempt that sends the
// request and calls it from another package hears the server's verdict.
type ReadsStatus struct{ Origin }

func (*ReadsStatus) AFact() {}

func (*ReadsStatus) String() string { return "reads an HTTP status" }

// RemoteScanned marks a package whose functions were all judged: one of its
// functions without the Remote fact stays in the process.
type RemoteScanned struct{ Origin }

func (*RemoteScanned) AFact() {}

func (*RemoteScanned) String() string { return "remote judged" }

// LocalSentinel marks a sentinel error that its package returns only from
// checks of its own state, before any call that may reach another system
// (loop_sentinel.go): a loop of another package of the analysed code that
// goes round only on it retries an in-process check, as one on a sentinel of
// its own package does.
type LocalSentinel struct{ Origin }

func (*LocalSentinel) AFact() {}

func (*LocalSentinel) String() string { return "local sentinel" }

// remoteRoots are the packages of the standard library whose functions talk to
// other systems: HTTP, TLS, RPC, SQL databases, mail, syslog and the text
// protocols' Dial (net/textproto). A package that
// imports one of them, directly or not, may reach another system; one that
// imports none is not shown to. database/sql/driver is no root: value types
// (UUIDs, decimals, nullable types) import it to implement Valuer and
// Scanner, and a driver that talks to a server imports a root anyway.
// Package net is no root as a whole (remote_net.go): most packages that
// import it only for its address types (a netlink or firewall library that
// programs the local kernel), and only its dials, lookups and connections
// leave the machine. os/exec is none either: a command may be a local tool
// (iptables-restore, ipset, conntrack) or a client of another system (git,
// a cloud CLI), and the engine cannot tell which, so a retried command is
// out of reach and the rules stay quiet.
var remoteRoots = map[string]bool{
	"net/http": true, "net/rpc": true, "net/smtp": true,
	"crypto/tls": true, "database/sql": true, "log/syslog": true, "net/textproto": true,
}

// importsOnlyForTypes are the packages of the standard library that import a
// root without reaching another system: crypto/x509 uses net for IP addresses,
// net/mail uses net to parse an IP literal in an address and net/textproto to
// read headers, mime/multipart uses net/textproto to parse headers, and expvar serves its
// variables over HTTP only when a server calls its handler, which no attempt
// does. Their functions stay in the process, and importing them adds no way
// out of it.
var importsOnlyForTypes = map[string]bool{
	"crypto/x509": true, "expvar": true, "mime/multipart": true, "net/mail": true,
}

// inProcessInterfaces are interfaces whose implementations stay in the process
// by contract: a call of their methods is local. fs.FileInfo and fs.DirEntry
// describe a file that a call has already found (os.Stat, os.ReadDir, a method
// of an fs.FS): their methods read what that call returned (os's DirEntry.Info
// stats the local disk again), and the call that found the file decides
// whether the attempt reaches another system. A hash (hash.Hash and its
// 32- and 64-bit forms) digests in memory: its Write, from the io.Writer it
// embeds, "never returns an error" by the package's contract. A call is
// judged by the interface of the value it is made on, so sha.Write on a
// hash.Hash is local while w.Write on an io.Writer is not. A cipher
// (crypto/cipher's Block, Stream, BlockMode, AEAD) transforms bytes in
// memory: its methods take buffers and hand back buffers.
var inProcessInterfaces = map[string]bool{
	"error": true, "context.Context": true, "fmt.Stringer": true, "sync.Locker": true,
	"io/fs.FileInfo": true, "io/fs.DirEntry": true,
	"hash.Hash": true, "hash.Hash32": true, "hash.Hash64": true,
	"crypto/cipher.Block": true, "crypto/cipher.Stream": true, "crypto/cipher.BlockMode": true, "crypto/cipher.AEAD": true,
}

// onInProcessValue reports whether id names an interface method called on a
// value whose static type is one of inProcessInterfaces (an io.Writer's
// Write promoted into a hash.Hash).
func onInProcessValue(info *types.Info, id *ast.Ident) bool {
	path := code.TreeOf(info).Enclosing(id)
	if len(path) < 2 {
		return false
	}
	sel, ok := path[1].(*ast.SelectorExpr)
	if !ok || sel.Sel != id {
		return false
	}
	n, ok := types.Unalias(info.TypeOf(sel.X)).(*types.Named)
	if !ok || !types.IsInterface(n) || n.Obj().Pkg() == nil {
		return false
	}
	return inProcessInterfaces[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
}

// reach is what the knowledge base says about a function.
type reach int

const (
	unknownReach reach = iota
	reachesRemote
	staysLocal
)

// known asks the knowledge base: its clients, drivers and SDK calls, the
// self-retrying clients and transaction helpers reach another system; its
// nondeterministic calls (time.Now, uuid.New) and local calls (an SDK's
// logger) do not.
func (rc *remoteCheck) known(fn *types.Func) reach {
	if v, ok := rc.kb[fn]; ok {
		return v
	}
	v := rc.askKnowledge(fn)
	rc.kb[fn] = v
	return v
}

func (rc *remoteCheck) askKnowledge(fn *types.Func) reach {
	k, res := rc.res.Knowledge, rc.res
	switch {
	case k == nil:
		return unknownReach
	case k.IsExternal(fn) || res.selfRetrying(fn) != nil || res.txHelper(fn) != nil ||
		k.IsCheckpoint(fn) || k.IsDeadLetterProduce(fn):
		return reachesRemote
	case k.IsNondeterministic(fn) || k.IsLocal(fn):
		return staysLocal
	}
	return unknownReach
}

// inProcessInterface reports whether an interface method is one of
// inProcessInterfaces.
func inProcessInterface(fn *types.Func) bool {
	t := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	name := n.Obj().Name()
	if n.Obj().Pkg() != nil {
		name = n.Obj().Pkg().Path() + "." + name
	}
	return inProcessInterfaces[name]
}

// otherPackage decides a function of another package: by its Remote and
// ReadsStatus facts when the engine judged that package, else by the
// package's imports.
func (rc *remoteCheck) otherPackage(fn *types.Func) exposure {
	var f Remote
	if importObjectFact(rc.pass, fn, &f) {
		if f.ConnectsOnly {
			return goesOut
		}
		return anything
	}
	var s ReadsStatus
	if importObjectFact(rc.pass, fn, &s) {
		return verdict
	}
	if rc.scanned(fn.Pkg()) {
		return 0
	}
	return whether(rc.importsRoot(fn.Pkg()))
}

// scanned reports whether the engine judged every function of pkg and
// exported what it found (RemoteScanned).
func (rc *remoteCheck) scanned(pkg *types.Package) bool {
	var f RemoteScanned
	return rc.pass.ImportPackageFact(pkg, &f) && !f.External
}

// importsRoot reports whether pkg is a root or imports one, directly or not,
// other than through importsOnlyForTypes.
// The import lists come from the type checker; a dependency read from export
// data may list fewer imports than it has, which is why the facts come first.
func (rc *remoteCheck) importsRoot(pkg *types.Package) bool {
	if v, ok := rc.pkgs[pkg]; ok {
		return v
	}
	rc.pkgs[pkg] = false // an import cycle adds nothing
	if importsOnlyForTypes[pkg.Path()] {
		return false
	}
	v := remoteRoots[pkg.Path()]
	for _, imp := range pkg.Imports() {
		if v {
			break
		}
		v = rc.importsRoot(imp)
	}
	rc.pkgs[pkg] = v
	return v
}

// exportRemote judges every declared function of the package and exports
// Remote for those that may reach another system, ReadsStatus for local ones
// that read a status, and RemoteScanned for the package. Code outside the analysed code exports nothing: other packages
// would not read it (Origin), and its own package needs no facts. Nor does a
// package the driver gave no files (a dependency type-checked without its
// code): nothing was judged there.
func exportRemote(pass *analysis.Pass, res *Result) {
	if len(pass.Files) == 0 || IsExternal(pass) {
		return
	}
	rc := res.remoteCheck(pass)
	for _, fn := range res.funcs.list {
		if fn.obj == nil {
			continue
		}
		switch o := rc.root(fn); {
		case o.remote():
			exportObjectFact(pass, fn.obj, &Remote{ConnectsOnly: o&verdict == 0})
		case o == verdict:
			exportObjectFact(pass, fn.obj, &ReadsStatus{})
		}
	}
	exportLocalImpls(pass, rc)
	pass.ExportPackageFact(&RemoteScanned{})
	for _, name := range pass.Pkg.Scope().Names() {
		if v, ok := pass.Pkg.Scope().Lookup(name).(*types.Var); ok && isErrorType(v.Type()) && rc.isLocalSentinel(v) {
			exportObjectFact(pass, v, &LocalSentinel{})
		}
	}
}
