-- A report file uploaded by hand (上传报告) waits in the database for its import job, in parts of a megabyte: any
-- instance on the shared database can import it, a job picked up again after a crash reads it again, and the
-- file is read back a part at a time, never held whole in memory. The parts go once the import ends. Until its
-- job takes it, the upload's run (sync_runs) has the status queued.

-- +goose Up
CREATE TABLE sync_upload_parts (
    run_id     ${ID} NOT NULL REFERENCES sync_runs (id),
    company_id ${ID} NOT NULL REFERENCES companies (id),
    seq        INTEGER NOT NULL,
    data       ${BLOB} NOT NULL,
    PRIMARY KEY (run_id, seq)
);

-- +goose Down
DROP TABLE sync_upload_parts;
