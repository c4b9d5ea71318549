-- 付款申请 (issue 45): requests to pay a supplier against a purchase order and, for a payment on receipt, one of
-- its receipts; approved, then marked paid with the day and the account paid from. amount is in the order's
-- currency, ten-thousandths (models.Money's units). kind: deposit (定金/预付款), receipt (到货款), terms (账期款).
-- status: 0 待审批, 1 待付款, 2 已付款, 3 已驳回, 4 已作废. due_date and paid_date are days of the company's zone.

-- +goose Up
CREATE TABLE payment_requests (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    number       VARCHAR(40)  NOT NULL,
    order_id     ${ID} NOT NULL REFERENCES purchase_orders (id),
    supplier_id  ${ID} NOT NULL REFERENCES suppliers (id),
    receipt_id   ${ID} NULL REFERENCES purchase_receipts (id),
    kind         VARCHAR(10)  NOT NULL,
    currency     VARCHAR(3)   NOT NULL,
    amount       BIGINT       NOT NULL,
    due_date     VARCHAR(10)  NOT NULL DEFAULT '',
    status       SMALLINT     NOT NULL DEFAULT 0,
    remark       VARCHAR(200) NOT NULL DEFAULT '',
    account      VARCHAR(100) NOT NULL DEFAULT '',
    paid_date    VARCHAR(10)  NOT NULL DEFAULT '',
    requester_id ${ID} NULL,
    approver_id  ${ID} NULL,
    payer_id     ${ID} NULL,
    approved_at  ${TIME} NULL,
    paid_at      ${TIME} NULL,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX payment_requests_company_number ON payment_requests (company_id, number);
CREATE INDEX payment_requests_company_created ON payment_requests (company_id, created_at);
CREATE INDEX payment_requests_order ON payment_requests (order_id);
CREATE INDEX payment_requests_company_supplier ON payment_requests (company_id, supplier_id);

-- +goose Down
DROP TABLE payment_requests;
