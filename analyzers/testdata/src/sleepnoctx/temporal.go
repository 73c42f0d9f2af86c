package sleepnoctx

import (
	"context"
	"net"
	"time"

	"go.temporal.io/sdk/workflow"
)

// Ship sleeps as part of its work: the Temporal server, not the activity,
// waits between attempts, so this sleep is no wait between retry attempts.
func Ship(ctx context.Context, id string) error {
	time.Sleep(time.Second)
	_, err := net.Dial("tcp", "warehouse.internal:80")
	return err
}

func temporalActivitySleeps(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, Ship, "42").Get(ctx, nil)
}
