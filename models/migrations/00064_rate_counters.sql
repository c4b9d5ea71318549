-- The sign-in guard's and code requests' counters, where every instance of a deployment sees them: each key's
-- events since its window started (app/core/counters.go). Rows whose window ended long ago are swept.
-- +goose Up
CREATE TABLE rate_counters (
    counter_key TEXT PRIMARY KEY,
    hits        INTEGER NOT NULL,
    started_at  ${TIME} NOT NULL
);
CREATE INDEX rate_counters_started ON rate_counters (started_at);

-- +goose Down
DROP TABLE rate_counters;
