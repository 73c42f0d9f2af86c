// Package cache is a stub of k8s.io/client-go/tools/cache (v0.36.1) for
// analysistest, reduced to the store, the indexer and the shared informer.
package cache

// Store is a generic object storage.
type Store interface {
	Add(obj interface{}) error
	Update(obj interface{}) error
	Delete(obj interface{}) error
	List() []interface{}
	ListKeys() []string
	Get(obj interface{}) (item interface{}, exists bool, err error)
	GetByKey(key string) (item interface{}, exists bool, err error)
	Replace([]interface{}, string) error
	Resync() error
}

// IndexFunc computes the index values of an object.
type IndexFunc func(obj interface{}) ([]string, error)

// Indexers maps a name to an IndexFunc.
type Indexers map[string]IndexFunc

// Indexer is a storage interface that lists objects by several indexes.
type Indexer interface {
	Store
	Index(indexName string, obj interface{}) ([]interface{}, error)
	IndexKeys(indexName, indexedValue string) ([]string, error)
	ListIndexFuncValues(indexName string) []string
	ByIndex(indexName, indexedValue string) ([]interface{}, error)
	GetIndexers() Indexers
	AddIndexers(newIndexers Indexers) error
}

// SharedInformer keeps a store of objects up to date with a watch.
type SharedInformer interface {
	GetStore() Store
	HasSynced() bool
	LastSyncResourceVersion() string
	Run(stopCh <-chan struct{})
}

// SharedIndexInformer is a SharedInformer with an indexer.
type SharedIndexInformer interface {
	SharedInformer
	AddIndexers(indexers Indexers) error
	GetIndexer() Indexer
}

// MetaNamespaceKeyFunc returns the <namespace>/<name> key of an object.
func MetaNamespaceKeyFunc(obj interface{}) (string, error) { return "", nil }
