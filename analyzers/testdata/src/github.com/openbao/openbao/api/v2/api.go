// Package api stands in for OpenBao's API client: DefaultConfig sets Timeout
// (60 s) and the client puts it as a deadline on every request it sends.
package api

import (
	"net/http"
	"time"
)

type Config struct {
	HttpClient *http.Client
	Timeout    time.Duration
}

func DefaultConfig() *Config { return &Config{HttpClient: &http.Client{}, Timeout: 60 * time.Second} }

type Client struct{ config *Config }

func NewClient(c *Config) (*Client, error) { return &Client{config: c}, nil }
