// Package informercache is a shared fixture: the rules it names judge the
// same code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// An informer keeps an in-memory copy of the objects a watch delivers; its
// store, its indexer and the listers over it answer from that copy. A retry
// whose attempt only reads them loads no server: the rules about load on a
// dependency stay quiet. The same loop around a request (a clientset's Get, a
// client that may read the server) stays reported.
//
// rules: retryall fixedsleep nojitter unboundedretry nestedretry sleepnoctx
package informercache

import (
	"context"
	"errors"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	coreinformers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var errGaveUp = errors.New("gave up")

type controller struct {
	nodes     corelisters.NodeLister
	pods      coreinformers.PodInformer
	clientset kubernetes.Interface
	client    client.Client
	store     cache.Store
}

// podsOn reads the pods of a node from the informer's indexer.
func (c *controller) podsOn(node string) ([]*corev1.Pod, error) {
	objs, err := c.pods.Informer().GetIndexer().ByIndex("node", node)
	if err != nil {
		return nil, err
	}
	pods := make([]*corev1.Pod, 0, len(objs))
	for _, obj := range objs {
		if p, ok := obj.(*corev1.Pod); ok {
			pods = append(pods, p)
		}
	}
	return pods, nil
}

// Quiet: a lister Get and a read of the indexer, ten rounds of a growing wait.
func (c *controller) settle(name string) error {
	for i := 0; i < 10; i++ {
		if _, err := c.nodes.Get(name); err != nil {
			if apierrors.IsNotFound(err) {
				return nil
			}
			time.Sleep(time.Second * time.Duration(i+1))
			continue
		}
		if _, err := c.podsOn(name); err != nil {
			time.Sleep(time.Second * time.Duration(i+1))
			continue
		}
		return nil
	}
	return errGaveUp
}

// Reported: the same loop reading the node from the API server.
func (c *controller) settleFromServer(ctx context.Context, name string) error {
	for i := 0; i < 10; i++ { // reports: nojitter sleepnoctx
		if _, err := c.clientset.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{}); err != nil {
			if apierrors.IsNotFound(err) {
				return nil
			}
			time.Sleep(time.Second * time.Duration(i+1))
			continue
		}
		return nil
	}
	return errGaveUp
}

// Quiet: a namespace lister's List, from the informer's lister, every error
// retried with a growing wait.
func (c *controller) waitForPods(ns string) ([]*corev1.Pod, error) {
	for i := 0; i < 10; i++ {
		pods, err := c.pods.Lister().Pods(ns).List(labels.Everything())
		if err == nil {
			return pods, nil
		}
		time.Sleep(time.Second * time.Duration(i+1))
	}
	return nil, errGaveUp
}

// Reported: the same loop through a client that may read the server.
func (c *controller) waitForNode(ctx context.Context, name string) (*corev1.Node, error) {
	var node corev1.Node
	for i := 0; i < 20; i++ { // reports: retryall nojitter sleepnoctx
		err := c.client.Get(ctx, client.ObjectKey{Name: name}, &node)
		if err == nil {
			return &node, nil
		}
		time.Sleep(time.Second * time.Duration(i+1))
	}
	return nil, errGaveUp
}

// Quiet: a store read by key, without end, at a fixed pace.
func (c *controller) lookup(key string) interface{} {
	for {
		obj, _, err := c.store.GetByKey(key)
		if err == nil {
			return obj
		}
		time.Sleep(2 * time.Second)
	}
}

// Reported: the same loop reading the API server.
func (c *controller) lookupFromServer(ctx context.Context, name string) *corev1.Node {
	for { // reports: retryall fixedsleep unboundedretry sleepnoctx
		node, err := c.clientset.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			return node
		}
		time.Sleep(2 * time.Second)
	}
}

// sleepnoctx judges cancellation, not load: with a context in scope its wait
// is reported whatever the attempt reads.
func (c *controller) lookupCtx(ctx context.Context, key string) interface{} {
	for { // reports: sleepnoctx
		obj, _, err := c.store.GetByKey(key)
		if err == nil {
			return obj
		}
		time.Sleep(2 * time.Second)
	}
}

// gadgetLister is generated the same way for a type of this project.
type gadgetLister interface {
	List(selector labels.Selector) ([]*gadget, error)
	Get(name string) (*gadget, error)
	gadgetListerExpansion
}

// gadgetListerExpansion is written by hand: out of reach.
type gadgetListerExpansion interface {
	Refresh(name string) error
}

type gadget struct{ metav1.ObjectMeta }

// Quiet: a lister of the same shape, elsewhere generated.
func settleGadget(gadgets gadgetLister, name string) error {
	for i := 0; i < 10; i++ {
		if _, err := gadgets.Get(name); err == nil {
			return nil
		}
		time.Sleep(time.Second * time.Duration(i+1))
	}
	return errGaveUp
}

// Reported: a method added to the lister by hand.
func refreshGadget(gadgets gadgetLister, name string) error {
	for i := 0; i < 20; i++ { // reports: retryall nojitter sleepnoctx
		if err := gadgets.Refresh(name); err == nil {
			return nil
		}
		time.Sleep(time.Second * time.Duration(i+1))
	}
	return errGaveUp
}

// widgetLister is named as a lister but lists with a request: its List takes
// a context.
type widgetLister interface {
	List(ctx context.Context, selector labels.Selector) ([]*gadget, error)
}

// Reported: a List that takes a context.
func listWidgets(ctx context.Context, widgets widgetLister) ([]*gadget, error) {
	for i := 0; i < 20; i++ { // reports: retryall nojitter sleepnoctx
		if ws, err := widgets.List(ctx, labels.Everything()); err == nil {
			return ws, nil
		}
		time.Sleep(time.Second * time.Duration(i+1))
	}
	return nil, errGaveUp
}

// cachedNode retries a lister read on its own.
func (c *controller) cachedNode(name string) (*corev1.Node, error) {
	var err error
	for i := 0; i < 6; i++ {
		var node *corev1.Node
		if node, err = c.nodes.Get(name); err == nil {
			return node, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Quiet: a retry around a retry of the cache.
func (c *controller) ensureNode(name string) error {
	for i := 0; i < 6; i++ {
		if _, err := c.cachedNode(name); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

// serverNode retries a request on its own.
func (c *controller) serverNode(ctx context.Context, name string) (*corev1.Node, error) {
	var err error
	for i := 0; i < 20; i++ { // reports: retryall fixedsleep sleepnoctx
		var node *corev1.Node
		if node, err = c.clientset.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{}); err == nil {
			return node, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Reported: a retry around a retry of the server.
func (c *controller) ensureNodeFromServer(ctx context.Context, name string) error {
	for i := 0; i < 20; i++ { // reports: retryall fixedsleep nestedretry sleepnoctx
		if _, err := c.serverNode(ctx, name); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

// partLister has a lister's shape, but the package shows its implementation,
// and that asks a server: the implementation decides.
type partLister interface {
	List(selector labels.Selector) ([]*gadget, error)
	Get(name string) (*gadget, error)
}

type partsOverHTTP struct{ base string }

func (p partsOverHTTP) List(selector labels.Selector) ([]*gadget, error) {
	return nil, nil
}

func (p partsOverHTTP) Get(name string) (*gadget, error) {
	resp, err := http.Get(p.base + "/parts/" + name)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	return &gadget{}, nil
}

var defaultParts partLister = partsOverHTTP{base: "https://parts.example"}

// Reported: the lister the package implements asks a server.
func settlePart(name string) error {
	for i := 0; i < 20; i++ { // reports: retryall nojitter
		if _, err := defaultParts.Get(name); err == nil {
			return nil
		}
		time.Sleep(time.Second * time.Duration(i+1))
	}
	return errGaveUp
}

// sync holds a context the retries below could be handed. sleepnoctx asks for
// it where a round may reach another system (refreshGadget), not where every
// round reads the cache (settle, settleGadget).
func (c *controller) sync(ctx context.Context, gadgets gadgetLister, name string) error {
	if err := c.settle(name); err != nil {
		return err
	}
	if err := settleGadget(gadgets, name); err != nil {
		return err
	}
	if err := refreshGadget(gadgets, name); err != nil {
		return err
	}
	return c.settleFromServer(ctx, name)
}
