// Package txsideeffect holds the txsideeffect rule's cases: side effects inside
// transaction callbacks, and the look-alikes that must stay quiet.
package txsideeffect

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"math/rand"
	"net/http"
	"net/smtp"
	"strings"
	"time"

	"github.com/IBM/sarama"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/cockroachdb/cockroach-go/v2/crdb/crdbgorm"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
	"github.com/uptrace/bun"
	"google.golang.org/grpc"
	"gorm.io/gorm"
)

type order struct {
	ID      string
	Created time.Time
}

// --- external calls -------------------------------------------------------

func crdbHTTP(ctx context.Context, db *sql.DB, client *http.Client, req *http.Request) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - 1"); err != nil {
			return err
		}
		resp, err := client.Do(req) // want `external call \(\*http.Client\).Do inside the retried transaction callback of crdb.ExecuteTx is not undone by a rollback and repeats on every retry; make it after the commit`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func gormHTTP(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.Create(&order{})
		_, err := http.Post("https://billing.example/charge", "application/json", strings.NewReader("{}")) // want `external call http.Post inside the transaction callback of \(\*gorm.DB\).Transaction is not undone by a rollback; make it after the commit`
		return err
	})
}

func pgxProduce(ctx context.Context, conn *pgx.Conn, p sarama.SyncProducer) error {
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		_, _, err := p.SendMessage(&sarama.ProducerMessage{Topic: "orders"}) // want `external call \(sarama.SyncProducer\).SendMessage inside the transaction callback of pgx.BeginFunc`
		return err
	})
}

func bunKafka(ctx context.Context, db *bun.DB, w *kafka.Writer) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&order{}).Exec(ctx); err != nil {
			return err
		}
		return w.WriteMessages(ctx, kafka.Message{Value: []byte("created")}) // want `external call \(\*kafka.Writer\).WriteMessages inside the transaction callback of \(\*bun.DB\).RunInTx`
	})
}

func mail(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		return smtp.SendMail("mail:25", nil, "a@example.com", []string{"b@example.com"}, nil) // want `external call smtp.SendMail inside the retried transaction callback`
	})
}

// UserClient is what protoc-gen-go-grpc generates for a service.
type UserClient interface {
	Notify(ctx context.Context, in *NotifyRequest, opts ...grpc.CallOption) (*NotifyReply, error)
}

type NotifyRequest struct{}
type NotifyReply struct{}

func grpcStub(ctx context.Context, db *sql.DB, users UserClient) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := users.Notify(ctx, &NotifyRequest{}) // want `external call \(UserClient\).Notify inside the retried transaction callback`
		return err
	})
}

// A helper of the same package that makes the call counts.
func notify(ctx context.Context, client *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func viaHelper(ctx context.Context, db *sql.DB, client *http.Client) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		return notify(ctx, client, "https://hooks.example/paid") // want `notify makes an external call \(\(\*http.Client\).Do\) inside the retried transaction callback of crdb.ExecuteTx`
	})
}

// A named function as the callback.
type service struct {
	db     *sql.DB
	client *http.Client
}

func (s *service) transfer(tx *sql.Tx) error {
	_, err := s.client.Get("https://fx.example/rate") // want `external call \(\*http.Client\).Get inside the retried transaction callback of crdb.ExecuteTx`
	return err
}

func (s *service) run(ctx context.Context) error {
	return crdb.ExecuteTx(ctx, s.db, nil, s.transfer)
}

// An immediately invoked literal runs inside the transaction.
func invokedLiteral(db *gorm.DB, client *http.Client) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return func() error {
			_, err := client.Get("https://example.com") // want `external call \(\*http.Client\).Get inside the transaction callback of \(\*gorm.DB\).Transaction`
			return err
		}()
	})
}

// --- nondeterminism in retried callbacks ----------------------------------

func freshValues(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		id := uuid.New()    // want `uuid.New inside the retried transaction callback of crdb.ExecuteTx gives each attempt a different value; compute it once before the transaction and capture it`
		now := time.Now()   // only a column value on tx: rolled back with the attempt (clockrow.go)
		n := rand.Intn(100) // want `rand.Intn inside the retried transaction callback`
		buf := make([]byte, 8)
		if _, err := crand.Read(buf); err != nil { // want `rand.Read inside the retried transaction callback`
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO orders VALUES ($1, $2, $3, $4)", id, now, n, buf)
		return err
	})
}

func newID() string { return uuid.NewString() }

func freshViaHelper(ctx context.Context, db *gorm.DB) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error {
		return tx.Create(&order{ID: newID()}).Error // want `newID calls uuid.NewString inside the retried transaction callback of crdbgorm.ExecuteTx, giving each attempt a different value`
	})
}

// --- statements through the outer handle ----------------------------------

func outerSQL(ctx context.Context, db *sql.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE stock SET n = n - 1"); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, "INSERT INTO audit VALUES (1)") // want `statement through db, not the transaction tx, inside the retried transaction callback of crdb.ExecuteTx runs outside the transaction and survives its rollback; run it on tx`
		return err
	})
}

func outerGorm(ctx context.Context, db *gorm.DB) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error {
		tx.WithContext(ctx).Create(&order{ID: "1"})
		return db.WithContext(ctx).Where("id = ?", 1).Delete(&order{}).Error // want `statement through db, not the transaction tx`
	})
}

func (s *service) outerField(ctx context.Context) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		row := s.db.QueryRowContext(ctx, "SELECT 1") // want `statement through s.db, not the transaction tx`
		return row.Err()
	})
}

// --- inferred retrying wrappers -------------------------------------------

// RunInTx retries a transaction it begins itself.
func RunInTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		var tx *sql.Tx
		tx, err = db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err = fn(tx); err != nil {
			_ = tx.Rollback()
			continue
		}
		if err = tx.Commit(); err == nil {
			return nil
		}
	}
	return err
}

func wrapperUse(ctx context.Context, db *sql.DB) error {
	return RunInTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", uuid.NewString()) // want `uuid.NewString inside the retried transaction callback of RunInTx`
		return err
	})
}

// WithGorm wraps gorm's Transaction: not retrying.
func WithGorm(db *gorm.DB, fn func(*gorm.DB) error) error {
	return db.Transaction(fn)
}

func gormWrapperUse(db *gorm.DB) error {
	return WithGorm(db, func(tx *gorm.DB) error {
		return tx.Create(&order{Created: time.Now()}).Error
	})
}

// A transaction nested in a retried one runs again too.
func nested(ctx context.Context, db *sql.DB, g *gorm.DB) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		return g.Transaction(func(inner *gorm.DB) error {
			return inner.Create(&order{ID: uuid.NewString()}).Error // want `uuid.NewString inside the retried transaction callback of \(\*gorm.DB\).Transaction`
		})
	})
}

// --- must not report -----------------------------------------------------

// Values computed before the callback and captured are the fix.
func capturedValues(ctx context.Context, db *sql.DB) error {
	id, now := uuid.NewString(), time.Now()
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO orders VALUES ($1, $2)", id, now)
		return err
	})
}

// Effects after the helper returns happen once, after the commit.
func afterCommit(ctx context.Context, db *sql.DB, client *http.Client, req *http.Request) error {
	err := crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE orders SET paid = true")
		return err
	})
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// time.Now in a transaction that is not retried is one value.
func gormNow(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&order{ID: uuid.NewString(), Created: time.Now()}).Error
	})
}

// A clock reading that only measures or sets a deadline does not matter.
func clockOnly(ctx context.Context, db *sql.DB, observe func(time.Duration)) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		start := time.Now()
		defer func() { observe(time.Since(start)) }()
		ctx, cancel := context.WithDeadline(ctx, time.Now().Add(2*time.Second))
		defer cancel()
		_, err := tx.ExecContext(ctx, "UPDATE t SET x = 1")
		return err
	})
}

// A closure stored for after the commit does not run inside the transaction.
func outboxHook(db *gorm.DB, client *http.Client, hooks *[]func()) error {
	return db.Transaction(func(tx *gorm.DB) error {
		*hooks = append(*hooks, func() { _, _ = client.Get("https://example.com/after-commit") })
		return tx.Create(&order{}).Error
	})
}

// Statements through the transaction, a handle derived from it, or a pgx
// transaction given by ExecuteInTx are all inside the transaction.
func throughTx(ctx context.Context, db *gorm.DB) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error {
		q := tx.WithContext(ctx)
		return q.Where("id = ?", 1).Updates(map[string]any{"paid": true}).Error
	})
}

func executeInTx(ctx context.Context, tx crdb.Tx) error {
	return crdb.ExecuteInTx(ctx, tx, func() error {
		return tx.Exec(ctx, "UPDATE t SET x = 1")
	})
}

// HTTP calls outside any transaction (a periodic worker, a poller) are not this
// rule's business.
func worker(ctx context.Context, client *http.Client, req *http.Request) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
		}
	}
}

// A suppressed finding.
func suppressed(db *gorm.DB, client *http.Client) error {
	return db.Transaction(func(tx *gorm.DB) error {
		//retrylint:ignore txsideeffect the endpoint is an idempotent local cache warm-up
		_, err := client.Get("http://localhost/warm")
		return err
	})
}

// A handle made by another value's method may be bound to the transaction.
type repo struct{ db *gorm.DB }

func (r *repo) with(tx *gorm.DB) *gorm.DB { return tx }

func boundHandle(ctx context.Context, r *repo) error {
	return crdbgorm.ExecuteTx(ctx, r.db, nil, func(tx *gorm.DB) error {
		return r.with(tx).Create(&order{}).Error
	})
}
