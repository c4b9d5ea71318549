-- Amazon's rate limits per seller and operation, where every instance of a deployment spends from them
-- (app/amazon/ratelimit.go): each token bucket's tokens at at_ms (ms since the epoch; below zero for turns taken
-- still to come), the rate Amazon last said it applies (x-amzn-RateLimit-Limit; NULL: the operation's published
-- rate) and a version for compare-and-swap. Rows idle long past their bucket's refill are swept.
-- +goose Up
CREATE TABLE amazon_rate_buckets (
    bucket_key TEXT PRIMARY KEY,
    tokens     DOUBLE PRECISION NOT NULL,
    at_ms      BIGINT NOT NULL,
    said_rate  DOUBLE PRECISION,
    version    BIGINT NOT NULL
);
CREATE INDEX amazon_rate_buckets_at ON amazon_rate_buckets (at_ms);

-- +goose Down
DROP TABLE amazon_rate_buckets;
