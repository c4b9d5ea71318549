-- The data sync (数据同步): one task per seller account and data kind (orders, FBA stock, settlements, fee
-- estimates, returns, listings) that the periodic job queues when it is due; its runs (the history the screen
-- shows) and each run's reports at Amazon, kept so that a job interrupted by a crash or a deploy finds the report
-- it already asked for instead of asking again. The report worker's old queue (report_requests) gives way to it.

-- +goose Up
CREATE TABLE sync_tasks (
    id              ${ID} PRIMARY KEY,
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    seller_id       ${ID} NOT NULL REFERENCES sellers (id),
    kind            VARCHAR(16) NOT NULL,
    -- idle (never run), queued, running, done, failed
    state           VARCHAR(16) NOT NULL,
    -- what queued the waiting or running sync: 定时, 手动, 授权
    queued_by       VARCHAR(8)  NOT NULL DEFAULT '',
    next_run_at     ${TIME} NOT NULL,
    last_success_at ${TIME} NULL,
    -- the running sync's progress: its report's state at Amazon, lines read, reports done of total
    run_id          ${ID} NULL,
    report_state    VARCHAR(16) NOT NULL DEFAULT '',
    lines           BIGINT      NOT NULL DEFAULT 0,
    reports_done    INTEGER     NOT NULL DEFAULT 0,
    reports_total   INTEGER     NOT NULL DEFAULT 0,
    -- the last failure in plain Chinese with what to do; empty once a sync succeeds
    last_error      TEXT        NOT NULL DEFAULT '',
    -- orders and returns: data up to here is in (the next window starts from it less an overlap);
    -- settlements: the newest report imported was made then (the next sync lists from there)
    sync_cursor     ${TIME} NULL,
    created_at      ${TIME} NOT NULL,
    updated_at      ${TIME} NOT NULL
);
CREATE UNIQUE INDEX sync_tasks_seller_kind ON sync_tasks (seller_id, kind);
CREATE INDEX sync_tasks_company ON sync_tasks (company_id);
-- The periodic job's look for what is due.
CREATE INDEX sync_tasks_due ON sync_tasks (next_run_at);

CREATE TABLE sync_runs (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    seller_id   ${ID} NOT NULL REFERENCES sellers (id),
    task_id     ${ID} NOT NULL REFERENCES sync_tasks (id),
    kind        VARCHAR(16)  NOT NULL,
    -- 定时, 手动, 授权, 上传
    cause       VARCHAR(8)   NOT NULL,
    -- running, done, failed
    status      VARCHAR(16)  NOT NULL,
    file_name   VARCHAR(200) NOT NULL DEFAULT '',
    user_id     ${ID} NULL,
    lines       BIGINT       NOT NULL DEFAULT 0,
    written     BIGINT       NOT NULL DEFAULT 0,
    error       TEXT         NOT NULL DEFAULT '',
    started_at  ${TIME} NOT NULL,
    finished_at ${TIME} NULL
);
CREATE INDEX sync_runs_task_started ON sync_runs (task_id, started_at);
CREATE INDEX sync_runs_company_started ON sync_runs (company_id, started_at);

CREATE TABLE sync_reports (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    seller_id      ${ID} NOT NULL REFERENCES sellers (id),
    run_id         ${ID} NOT NULL REFERENCES sync_runs (id),
    seq            INTEGER     NOT NULL,
    kind           VARCHAR(16) NOT NULL,
    -- the marketplace the report was asked for; '' for one of the whole seller account
    marketplace_id VARCHAR(20) NOT NULL DEFAULT '',
    data_start     ${TIME} NULL,
    data_end       ${TIME} NULL,
    -- Amazon's report id once asked for (or listed, for settlements), and its document
    report_id      VARCHAR(40) NOT NULL DEFAULT '',
    -- '' (not asked yet), IN_QUEUE, IN_PROGRESS, DONE, CANCELLED, FATAL, then imported
    state          VARCHAR(16) NOT NULL DEFAULT '',
    document_id    VARCHAR(200) NOT NULL DEFAULT '',
    -- when Amazon made a listed report (settlements): the next sync lists from the newest one in
    made_at        ${TIME} NULL,
    lines          BIGINT      NOT NULL DEFAULT 0,
    written        BIGINT      NOT NULL DEFAULT 0,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX sync_reports_run_seq ON sync_reports (run_id, seq);
-- Settlements already imported are found by their report id.
CREATE INDEX sync_reports_seller_report ON sync_reports (seller_id, report_id);

DROP TABLE report_requests;

-- +goose Down
CREATE TABLE report_requests (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    seller_id    ${ID} NOT NULL REFERENCES sellers (id),
    report_type  VARCHAR(80) NOT NULL,
    status       VARCHAR(16) NOT NULL,
    requested_by ${ID} NOT NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE INDEX report_requests_seller_status ON report_requests (seller_id, status);
DROP TABLE sync_reports;
DROP TABLE sync_runs;
DROP TABLE sync_tasks;
