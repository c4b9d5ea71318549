-- The instances working the job queue, each by River's client id, with when it last said it was alive. A job left
-- running by an instance whose word has gone stale (it crashed, was killed, lost its machine) is made available
-- again at once (app/jobs), instead of after River's rescue delay; a stopped instance removes its row.
-- +goose Up
CREATE TABLE job_instances (
    id      VARCHAR(128) PRIMARY KEY,
    seen_at ${TIME} NOT NULL
);

-- +goose Down
DROP TABLE job_instances;
