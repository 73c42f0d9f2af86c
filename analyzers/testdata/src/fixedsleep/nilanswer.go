package fixedsleep

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
)

// A task-status poll: the status call succeeds with no exit status while
// the task runs, and a broken read (io.ErrUnexpectedEOF) falls through to the
// same test. The loop asks again at its polling pace after that error as
// after "not yet": a poll, whose fixed pace is its design.

type taskClient struct {
	hc      *http.Client
	Timeout int
}

const taskCheckInterval = 2

func (c *taskClient) taskData(ctx context.Context, id string) (map[string]any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://pve/tasks/"+id, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var data map[string]any
	return data, json.NewDecoder(resp.Body).Decode(&data)
}

func (c *taskClient) exitStatus(ctx context.Context, id string) (any, error) {
	data, err := c.taskData(ctx, id)
	if err != nil {
		return nil, err
	}
	return data["exitstatus"], nil
}

func (c *taskClient) waitForTask(ctx context.Context, id string) (string, error) {
	for waited := 0; waited < c.Timeout; waited += taskCheckInterval {
		status, err := c.exitStatus(ctx, id)
		if err != nil {
			if err != io.ErrUnexpectedEOF { // a broken read: ask again
				return "", err
			}
		}
		if status != nil {
			return status.(string), nil
		}
		time.Sleep(taskCheckInterval * time.Second)
	}
	return "", errors.New("task timed out")
}

type taskState struct{ done bool }

// exitState always answers a state when it answers no error: a nil state
// comes only with the error, so the nil test reads the failure again.
func (c *taskClient) exitState(ctx context.Context, id string) (*taskState, error) {
	data, err := c.taskData(ctx, id)
	if err != nil {
		return nil, err
	}
	return &taskState{done: data["exitstatus"] != nil}, nil
}

func (c *taskClient) fetchState(ctx context.Context, id string) (*taskState, error) {
	for waited := 0; waited < c.Timeout; waited += taskCheckInterval { // want `retry loop waits the same taskCheckInterval \* time.Second before every attempt`
		st, err := c.exitState(ctx, id)
		if err != nil {
			if err != io.ErrUnexpectedEOF {
				return nil, err
			}
		}
		if st != nil {
			return st, nil
		}
		time.Sleep(taskCheckInterval * time.Second)
	}
	return nil, errors.New("task timed out")
}
