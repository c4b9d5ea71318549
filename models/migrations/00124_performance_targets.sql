-- 业绩报告 (issue 49): the sales and profit targets (CNY, Money units) the company sets per month (yyyy-MM, Beijing
-- time) for an owner (运营负责人, kind 'owner', subject a user) or a department (kind 'dept', subject a
-- department). One target per subject and month; the report reads its progress against them.

-- +goose Up
CREATE TABLE performance_targets (
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    month         VARCHAR(7)  NOT NULL,
    kind          VARCHAR(10) NOT NULL,
    subject_id    ${ID} NOT NULL,
    sales_target  BIGINT NOT NULL DEFAULT 0,
    profit_target BIGINT NOT NULL DEFAULT 0,
    updated_by    ${ID} NOT NULL,
    updated_at    ${TIME} NOT NULL,
    PRIMARY KEY (company_id, month, kind, subject_id)
);

-- +goose Down
DROP TABLE performance_targets;
