package fixedsleep

import (
	"container/list"
	"errors"
)

type treeNode struct {
	name string
	kids []*treeNode
}

var errSkipNode = errors.New("skip")

func visitNode(n *treeNode) error { return dial(n.name) }

// A breadth-first walk takes the queue's head off before the visit: a
// continue after a skipped visit goes on to the next node, no retry.
func walkTree(root *treeNode) error {
	q := list.New()
	q.PushBack(root)
	for q.Len() > 0 {
		e := q.Front()
		q.Remove(e)
		n := e.Value.(*treeNode)
		if err := visitNode(n); err != nil {
			if err == errSkipNode {
				continue
			}
			return err
		}
		for _, k := range n.kids {
			q.PushBack(k)
		}
	}
	return nil
}

// Look-alike: the head comes off only after a good visit, so a skip visits
// the same node again at once.
func walkTreeStuck(root *treeNode) error {
	q := list.New()
	q.PushBack(root)
	for q.Len() > 0 { // want `retry loop tries again at once`
		e := q.Front()
		n := e.Value.(*treeNode)
		if err := visitNode(n); err != nil {
			if err == errSkipNode {
				continue
			}
			return err
		}
		q.Remove(e)
		for _, k := range n.kids {
			q.PushBack(k)
		}
	}
	return nil
}
