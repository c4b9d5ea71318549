-- 费用分摊 (issue 49): costs that belong to no order (rent, salaries, tools, samples), typed or imported, of a store
-- group or of the whole company (group_id NULL), shared out to the seller SKUs of their month by sales, units,
-- volume or by hand. Amounts are Money units (ten-thousandths); amount_cny is the amount at the month's rate, and
-- the shares of a shared cost sum to it exactly (the rounding remainder on the largest share). 利润报告 reads the
-- shares as a column of their own (分摊费用).

-- +goose Up
CREATE TABLE shared_costs (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    group_id   ${ID} NULL,
    cost_date  VARCHAR(10) NOT NULL,
    month      VARCHAR(7) NOT NULL,
    category   VARCHAR(50) NOT NULL,
    amount     BIGINT NOT NULL,
    currency   VARCHAR(3) NOT NULL,
    amount_cny BIGINT NOT NULL,
    note       TEXT NOT NULL,
    basis      VARCHAR(10) NOT NULL,
    shared_at  ${TIME} NULL,
    created_by ${ID} NOT NULL,
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE INDEX shared_costs_month ON shared_costs (company_id, month);

CREATE TABLE shared_cost_shares (
    shared_cost_id ${ID} NOT NULL REFERENCES shared_costs (id) ON DELETE CASCADE,
    company_id     ${ID} NOT NULL,
    month          VARCHAR(7) NOT NULL,
    group_id       ${ID} NOT NULL,
    marketplace_id VARCHAR(20) NOT NULL,
    sku            VARCHAR(200) NOT NULL,
    currency       VARCHAR(3) NOT NULL,
    weight         BIGINT NOT NULL,
    amount         BIGINT NOT NULL,
    PRIMARY KEY (shared_cost_id, group_id, marketplace_id, sku, currency)
);
CREATE INDEX shared_cost_shares_month ON shared_cost_shares (company_id, month, group_id);

-- +goose Down
DROP TABLE shared_cost_shares;
DROP TABLE shared_costs;
