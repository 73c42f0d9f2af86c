package retryscope

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A Kubernetes informer cache is read in the process.
//
// An informer keeps an in-memory copy of the objects a watch delivers; its
// store (client-go's cache.Store, cache.Indexer, cache.ThreadSafeStore) and
// the listers generated over it answer from that copy, and no request reaches
// the API server. An attempt that only reads them loads no dependency,
// however often it runs again: retrying it waits for the watch to deliver,
// which no backoff or jitter hurries or spares.
//
// A lister is told by its generated shape, wherever it was generated: an
// interface named ...Lister whose List takes just a labels.Selector (a
// request takes a context and list options) and returns a slice and an
// error. Its own List, its Get by name, and the accessor that narrows it to a
// namespace (one string in, a lister out) read the cache; a method a project
// added to it by hand (an expansion) is judged as any interface method. A
// generated informer hands out its shared informer (Informer) and its lister
// (Lister) without a request: the watch starts when the factory or informer
// is run, which these calls do not do; of the shared informer, GetStore and
// GetIndexer hand back the cache.
//
// A client that may read a cache or the server (controller-runtime's
// client.Client, whose Get takes a context) is out of reach and stays remote.

const (
	k8sCachePkg  = "k8s.io/client-go/tools/cache"
	k8sLabelsPkg = "k8s.io/apimachinery/pkg/labels"
)

// informerStores are the interfaces of client-go's cache package whose every
// method works on the in-memory store.
var informerStores = map[string]bool{"Store": true, "Indexer": true, "ThreadSafeStore": true}

// informerCacheAccessors are the methods of a shared informer that hand back
// its store.
var informerCacheAccessors = map[string]bool{"GetStore": true, "GetIndexer": true}

// readsInformerCache reports whether fn, an interface method, reads or hands
// out an informer's in-memory cache.
func readsInformerCache(fn *types.Func) bool {
	recv := interfaceRecv(fn)
	if recv == nil {
		return false
	}
	name := recv.Obj().Name()
	switch {
	case recv.Obj().Pkg().Path() == k8sCachePkg && informerStores[name]:
		return true
	case recv.Obj().Pkg().Path() == k8sCachePkg && (name == "SharedInformer" || name == "SharedIndexInformer"):
		return informerCacheAccessors[fn.Name()]
	case isLister(recv):
		return isListerRead(fn)
	}
	return handsOutInformer(fn)
}

// interfaceRecv returns the named interface that declares fn, or nil.
func interfaceRecv(fn *types.Func) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	n, _ := types.Unalias(sig.Recv().Type()).(*types.Named)
	if n == nil || n.Obj().Pkg() == nil {
		return nil
	}
	return n
}

// isLister reports whether t is a lister: an interface named ...Lister whose
// List takes a labels.Selector alone and returns a slice and an error.
func isLister(t types.Type) bool {
	n := code.NamedOf(t)
	if n == nil || !types.IsInterface(n) || !strings.HasSuffix(n.Obj().Name(), "Lister") {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(n, false, n.Obj().Pkg(), "List")
	list, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := list.Type().(*types.Signature)
	if sig.Params().Len() != 1 || !code.IsNamed(sig.Params().At(0).Type(), k8sLabelsPkg, "Selector") || sig.Results().Len() != 2 {
		return false
	}
	_, slice := sig.Results().At(0).Type().Underlying().(*types.Slice)
	return slice && isErrorType(sig.Results().At(1).Type())
}

// isListerRead reports whether fn, a method a lister declares, is one of the
// generated reads: List, Get by name, or the accessor of a namespace.
func isListerRead(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	params, results := sig.Params(), sig.Results()
	oneString := params.Len() == 1 && types.Identical(params.At(0).Type(), types.Typ[types.String])
	switch {
	case fn.Name() == "List":
		return true
	case fn.Name() == "Get":
		return oneString && results.Len() == 2 && isErrorType(results.At(1).Type())
	}
	return oneString && results.Len() == 1 && isLister(results.At(0).Type())
}

// handsOutInformer reports whether fn is a generated informer's Informer,
// which returns the shared informer, or its Lister, which returns a lister;
// neither takes an argument.
func handsOutInformer(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	out := sig.Results().At(0).Type()
	switch fn.Name() {
	case "Informer":
		return code.IsNamed(out, k8sCachePkg, "SharedIndexInformer")
	case "Lister":
		return isLister(out)
	}
	return false
}
