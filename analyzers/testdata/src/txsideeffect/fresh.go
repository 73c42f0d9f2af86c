package txsideeffect

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"math/big"

	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

type tokens interface {
	RandomToken() string
	Brand() string
}

// Fresh values (retryscope's one definition): ID generators of the knowledge
// base, every draw of crypto/rand, a method whose name says it draws.
func freshIDs(ctx context.Context, db *sql.DB, t tokens) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		k := ksuid.New()                                    // want `ksuid.New inside the retried transaction callback of crdb.ExecuteTx gives each attempt a different value`
		x := xid.New()                                      // want `xid.New inside the retried transaction callback`
		n, err := crand.Int(crand.Reader, big.NewInt(1000)) // want `rand.Int inside the retried transaction callback`
		if err != nil {
			return err
		}
		tok := t.RandomToken() // want `RandomToken inside the retried transaction callback`
		b := t.Brand()         // a brand, not a random draw
		_, err = tx.ExecContext(ctx, "INSERT INTO ids VALUES ($1, $2, $3, $4, $5)", k.String(), x.String(), n.Int64(), tok, b)
		return err
	})
}
