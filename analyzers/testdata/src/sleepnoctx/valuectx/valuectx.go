// Package valuectx puts values on contexts: every function hands its
// argument's cancellation through, and none adds one of its own, except
// WithDeadlineValue.
package valuectx

import (
	"context"
	"time"
)

type tenantKey struct{}

// WithTenant returns parent carrying tenant.
func WithTenant(parent context.Context, tenant string) context.Context {
	return context.WithValue(parent, tenantKey{}, tenant)
}

// WithTenantIfSet returns parent unchanged when tenant is empty.
func WithTenantIfSet(parent context.Context, tenant string) context.Context {
	if tenant == "" {
		return parent
	}
	return context.WithValue(parent, tenantKey{}, tenant)
}

// WithDeadlineValue also gives the context a deadline: no pass-through.
func WithDeadlineValue(parent context.Context, tenant string) context.Context {
	ctx, _ := context.WithTimeout(parent, time.Minute)
	return context.WithValue(ctx, tenantKey{}, tenant)
}

// Tenant returns the tenant ctx carries.
func Tenant(ctx context.Context) string {
	t, _ := ctx.Value(tenantKey{}).(string)
	return t
}
