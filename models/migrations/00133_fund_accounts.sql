-- 资金账户 (issue 49): the company's accounts (bank, Payoneer, WorldFirst, Alipay, cash), each in one currency
-- with its opening balance, and the movements in and out of them (amount signed: in > 0, out < 0, in the
-- account's currency). A balance is the opening balance plus the movements not voided, summed as integers (Money's
-- ten-thousandths) so both databases agree to the cent. A movement may be matched to one Amazon settlement (the
-- deposit, settlement_ref = settlements.id) or to one 付款申请 (payment_ref = payment_requests.id); the unique
-- indexes keep each matched once (NULLs do not collide on either database). Voiding keeps the row, unmatched.

-- +goose Up
CREATE TABLE fund_accounts (
    id              ${ID} PRIMARY KEY,
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    name            VARCHAR(100) NOT NULL,
    kind            VARCHAR(20)  NOT NULL,
    currency        VARCHAR(3)   NOT NULL,
    number          VARCHAR(100) NOT NULL DEFAULT '',
    opening_balance BIGINT       NOT NULL DEFAULT 0,
    opening_date    VARCHAR(10)  NOT NULL,
    remark          VARCHAR(200) NOT NULL DEFAULT '',
    created_at      ${TIME} NOT NULL,
    updated_at      ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fund_accounts_company_name ON fund_accounts (company_id, name);

CREATE TABLE fund_movements (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    account_id     ${ID} NOT NULL REFERENCES fund_accounts (id),
    moved_on       VARCHAR(10)  NOT NULL,
    amount         BIGINT       NOT NULL,
    category       VARCHAR(20)  NOT NULL,
    counterparty   VARCHAR(100) NOT NULL DEFAULT '',
    remark         VARCHAR(200) NOT NULL DEFAULT '',
    settlement_ref ${ID} NULL,
    payment_ref    ${ID} NULL,
    created_by     ${ID} NULL,
    voided_by      ${ID} NULL,
    voided_at      ${TIME} NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE INDEX fund_movements_account_day ON fund_movements (account_id, moved_on);
CREATE INDEX fund_movements_company_day ON fund_movements (company_id, moved_on);
CREATE UNIQUE INDEX fund_movements_settlement ON fund_movements (settlement_ref);
CREATE UNIQUE INDEX fund_movements_payment ON fund_movements (payment_ref);

-- +goose Down
DROP TABLE fund_movements;
DROP TABLE fund_accounts;
