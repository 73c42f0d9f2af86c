package fixedsleep

import (
	"context"
	"database/sql"
	"log"
	"os"
	"time"
)

// A periodic job waits only on its success path: while its database is down,
// every failure goes round at once.

type cache struct{ names []string }

func (c *cache) refresh(db *sql.DB) error {
	rows, err := db.Query("SELECT name FROM sites")
	if err != nil {
		return err
	}
	defer rows.Close()
	c.names = c.names[:0]
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		c.names = append(c.names, n)
	}
	return rows.Err()
}

func (c *cache) refreshLoop(db *sql.DB) {
	for { // want `periodic loop goes round at once after a failure: only its success path waits, so while the system it calls is down it calls it again without pause; wait on the failure path too, with capped exponential backoff and jitter`
		if err := c.refresh(db); err != nil {
			log.Print(err)
			continue
		}
		time.Sleep(5 * time.Second)
	}
}

// Two steps, each skipping the wait when it fails.
func (c *cache) twoStepLoop(db *sql.DB) {
	for { // want `periodic loop goes round at once after a failure`
		err := c.refresh(db)
		if err != nil {
			log.Print(err)
			continue
		}
		if _, err := db.Exec("UPDATE sites SET seen = 1"); err != nil {
			log.Print(err)
			continue
		}
		time.Sleep(10 * time.Second)
	}
}

// Not reported: the wait comes first in the round, so a failure waits too.
func (c *cache) waitFirstLoop(db *sql.DB) {
	for {
		time.Sleep(5 * time.Second)
		if err := c.refresh(db); err != nil {
			log.Print(err)
			continue
		}
	}
}

// Not reported: the failure path waits as well.
func (c *cache) waitOnFailureLoop(db *sql.DB) {
	for {
		if err := c.refresh(db); err != nil {
			log.Print(err)
			time.Sleep(30 * time.Second)
			continue
		}
		time.Sleep(5 * time.Second)
	}
}

// Not reported: the owner's context stops the job.
func (c *cache) ownedLoop(ctx context.Context, db *sql.DB) {
	for {
		if ctx.Err() != nil {
			return
		}
		if err := c.refresh(db); err != nil {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// Not reported: the job reads a local file; nobody else is loaded.
func localLoop(path string) {
	for {
		if _, err := os.ReadFile(path); err != nil {
			continue
		}
		time.Sleep(5 * time.Second)
	}
}

// Not reported: the failures are counted and end the job.
func (c *cache) countedLoop(db *sql.DB) error {
	failures := 0
	for {
		if err := c.refresh(db); err != nil {
			failures++
			if failures > 5 {
				return err
			}
			continue
		}
		failures = 0
		time.Sleep(5 * time.Second)
	}
}
