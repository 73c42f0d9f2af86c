package retryscope

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// RunByHand reports whether the package is a command a person runs and
// watches until it ends: a package main with a func main whose code (every
// file but tests) starts no server, handles no signal, blocks in no endless
// loop and calls into no other package of its own module. Such a program runs
// one sequence of calls and exits; a call that hangs there is seen by the
// person who started it, who interrupts it, and holds no service's goroutines.
// The evidence is the code, never a directory name:
//   - a server: net.Listen…, or a Serve, ServeTLS, ListenAndServe or
//     ListenAndServeTLS of any package (http, grpc, a framework);
//   - a signal: signal.Notify, signal.NotifyContext (a process meant to run
//     until it is told to stop);
//   - an endless loop: a for without condition that no break or return
//     leaves (log.Fatal on an error does not end a loop that polls forever),
//     a range over a channel (a ticker, a queue), an empty select;
//   - out of sight: a function or method of another package of the module
//     (it may serve or loop), or a Run, RunContext or Start of a library
//     outside the standard library (an application framework runs until a
//     signal).
func RunByHand(pass *analysis.Pass) bool {
	if pass.Pkg.Name() != "main" {
		return false
	}
	hasMain, longRunning := false, false
	for _, f := range pass.Files {
		if code.IsTestFile(pass.Fset, f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
				hasMain = true
			}
		}
		code.Inspect(f, func(n ast.Node) bool {
			longRunning = longRunning || keepsRunning(pass, n)
			return !longRunning
		})
	}
	return hasMain && !longRunning
}

// keepsRunning reports whether a node is evidence that the program may run
// until it is stopped (RunByHand).
func keepsRunning(pass *analysis.Pass, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		fn := code.Callee(pass.TypesInfo, n)
		return fn != nil && fn.Pkg() != nil && fn.Pkg() != pass.Pkg && startsService(pass, fn)
	case *ast.ForStmt:
		return n.Cond == nil && !leftSomewhere(pass.TypesInfo, n)
	case *ast.RangeStmt:
		_, isChan := types.Unalias(typeUnder(pass.TypesInfo.TypeOf(n.X))).(*types.Chan)
		return isChan
	case *ast.SelectStmt:
		return len(n.Body.List) == 0
	}
	return false
}

// serveNames are the functions and methods, of any package, that serve
// connections until the listener closes.
var serveNames = map[string]bool{"Serve": true, "ServeTLS": true, "ListenAndServe": true, "ListenAndServeTLS": true}

// runNames are a library's functions and methods that run an application
// whose end the caller cannot see.
var runNames = map[string]bool{"Run": true, "RunContext": true, "Start": true}

func startsService(pass *analysis.Pass, fn *types.Func) bool {
	path := fn.Pkg().Path()
	switch {
	case serveNames[fn.Name()]:
		return true
	case path == "net" && strings.HasPrefix(fn.Name(), "Listen"):
		return true
	case path == "os/signal" && (fn.Name() == "Notify" || fn.Name() == "NotifyContext"):
		return true
	case ownModule(pass, path):
		return true
	}
	return runNames[fn.Name()] && !standardLibrary(path)
}

// ownModule reports whether a package path lies in the analysed package's
// module; without module information, whether it starts with the same path
// element.
func ownModule(pass *analysis.Pass, path string) bool {
	return inModule(analysedModule(pass), pass.Pkg.Path(), path)
}

// analysedModule returns the path of the analysed package's module, or "".
func analysedModule(pass *analysis.Pass) string {
	if pass.Module == nil {
		return ""
	}
	return pass.Module.Path
}

// inModule reports whether a package path lies in module mod, the module of
// package own; without a module path, whether it starts with own's first
// path element.
func inModule(mod, own, path string) bool {
	if mod != "" {
		return path == mod || strings.HasPrefix(path, mod+"/")
	}
	return firstElem(path) == firstElem(own)
}

// standardLibrary reports whether a package path is of the standard library:
// its first element has no dot.
func standardLibrary(path string) bool {
	return !strings.Contains(firstElem(path), ".")
}

func firstElem(path string) string {
	first, _, _ := strings.Cut(path, "/")
	return first
}

// leftSomewhere reports whether a loop has a way out in its own body: a
// return, or a break that ends it (function literals excluded).
func leftSomewhere(info *types.Info, loop *ast.ForStmt) bool {
	found := false
	code.Inspect(loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			found = endsLoop(info, loop, n)
		}
		return !found
	})
	return found
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}
