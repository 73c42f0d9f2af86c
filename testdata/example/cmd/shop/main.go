// Command shop runs the order service's background consumers.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/IBM/sarama"
	_ "github.com/jackc/pgx/v5/stdlib"

	"example.com/shop/events"
	"example.com/shop/internal/db"
	"example.com/shop/internal/httpx"
	"example.com/shop/inventory"
	"example.com/shop/orders"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	brokers := strings.Split(os.Getenv("KAFKA_BROKERS"), ",")

	sqlDB, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer sqlDB.Close()
	if err := db.WaitReadyWithin(ctx, sqlDB, time.Minute); err != nil {
		return err
	}

	conf := sarama.NewConfig()
	conf.Producer.RequiredAcks = sarama.WaitForAll
	conf.Producer.Return.Successes = true
	conf.Producer.Idempotent = true
	conf.Net.MaxOpenRequests = 1
	producer, err := sarama.NewSyncProducer(brokers, conf)
	if err != nil {
		return err
	}
	defer producer.Close()

	inv := inventory.NewClient(httpx.New(), os.Getenv("INVENTORY_URL"))
	svc := orders.NewService(sqlDB, producer, inv)

	errc := make(chan error, 5)
	go func() {
		errc <- consume(ctx, brokers, conf, "payments.captured", events.NewPaymentEvents(svc, producer))
	}()
	go func() {
		errc <- consume(ctx, brokers, conf, "payments.refunded", events.NewRefundEvents(svc, producer))
	}()
	go func() { errc <- consume(ctx, brokers, conf, "returns.received", events.NewReturnEvents(svc)) }()
	go func() { errc <- events.ConsumeShipped(ctx, brokers, svc) }()
	go func() { errc <- events.ConsumeDelivered(ctx, brokers, svc) }()
	select {
	case <-ctx.Done():
		return nil
	case err := <-errc:
		return err
	}
}

// consume joins the group shop-orders.<topic> and runs one session after another
// (a new one after every rebalance) until ctx ends or the group fails.
func consume(ctx context.Context, brokers []string, conf *sarama.Config, topic string, h sarama.ConsumerGroupHandler) error {
	group, err := sarama.NewConsumerGroup(brokers, "shop-orders."+topic, conf)
	if err != nil {
		return err
	}
	defer group.Close()
	for {
		if err := group.Consume(ctx, []string{topic}, h); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}
