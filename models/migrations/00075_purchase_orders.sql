-- Purchasing (issue 45): purchase orders (采购单) of a supplier with their lines, and the order's stock events
-- (收货, 退货, 结案) each with its lines. Prices are in the order's currency, costs in CNY, both ten-thousandths
-- (models.Money's units, BIGINT) so sums are exact on both databases. A line's received, returned and closed
-- quantities are kept on it and moved by conditional updates, so two receipts at once never take one unit twice.
-- stock_costs is the weighted average cost of a product in a warehouse, moved by each receipt.

-- +goose Up
-- status: 0 待提交, 1 待审核, 2 待下单, 3 待付款, 4 待收货, 5 已完成, 6 已作废. payment_terms: prepay (款到发货),
-- receipt (货到付款), terms (账期, terms_days after receipt). warehouse_id is where the ordered units wait (待入库)
-- from approval; a receipt may go into another warehouse.
CREATE TABLE purchase_orders (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    number        VARCHAR(40)  NOT NULL,
    supplier_id   ${ID} NOT NULL REFERENCES suppliers (id),
    warehouse_id  ${ID} NOT NULL REFERENCES warehouses (id),
    currency      VARCHAR(3)   NOT NULL DEFAULT 'CNY',
    payment_terms VARCHAR(10)  NOT NULL DEFAULT 'receipt',
    terms_days    INTEGER      NOT NULL DEFAULT 0,
    expected_date VARCHAR(10)  NOT NULL DEFAULT '',
    status        SMALLINT     NOT NULL DEFAULT 0,
    remark        VARCHAR(500) NOT NULL DEFAULT '',
    close_reason  VARCHAR(200) NOT NULL DEFAULT '',
    creator_id    ${ID} NULL,
    approver_id   ${ID} NULL,
    submitted_at  ${TIME} NULL,
    approved_at   ${TIME} NULL,
    ordered_at    ${TIME} NULL,
    completed_at  ${TIME} NULL,
    cancelled_at  ${TIME} NULL,
    created_at    ${TIME} NOT NULL,
    updated_at    ${TIME} NOT NULL
);
CREATE UNIQUE INDEX purchase_orders_company_number ON purchase_orders (company_id, number);
CREATE INDEX purchase_orders_company_created ON purchase_orders (company_id, created_at);
CREATE INDEX purchase_orders_company_supplier ON purchase_orders (company_id, supplier_id);

-- unit_price: the order's currency, tax included; tax_rate in hundredths of a percent (1300 is 13%).
CREATE TABLE purchase_order_lines (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    order_id    ${ID} NOT NULL REFERENCES purchase_orders (id),
    product_id  ${ID} NOT NULL REFERENCES local_products (id),
    quantity    INTEGER NOT NULL,
    unit_price  BIGINT  NOT NULL,
    tax_rate    INTEGER NOT NULL DEFAULT 0,
    received    INTEGER NOT NULL DEFAULT 0,
    returned    INTEGER NOT NULL DEFAULT 0,
    closed      INTEGER NOT NULL DEFAULT 0,
    remark      VARCHAR(200) NOT NULL DEFAULT ''
);
CREATE INDEX purchase_order_lines_order ON purchase_order_lines (order_id);
CREATE INDEX purchase_order_lines_company_product ON purchase_order_lines (company_id, product_id);

-- kind: receipt (收货), return (退货), close (结案: the units never coming). number: the order's number and the
-- event's sequence (CG20261206-0001-2); the ledger lines carry it. event_date is the day of the company's zone
-- the goods came or went (yyyy-MM-dd): a receipt's cost holds from it.
CREATE TABLE purchase_receipts (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    order_id     ${ID} NOT NULL REFERENCES purchase_orders (id),
    number       VARCHAR(50)  NOT NULL,
    kind         VARCHAR(20)  NOT NULL,
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    event_date   VARCHAR(10)  NOT NULL,
    remark       VARCHAR(200) NOT NULL DEFAULT '',
    operator_id  ${ID} NULL,
    created_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX purchase_receipts_company_number ON purchase_receipts (company_id, number);
CREATE INDEX purchase_receipts_order ON purchase_receipts (order_id, created_at);

-- unit_cost: CNY per unit at the event's rate (a receipt's cost), ten-thousandths.
CREATE TABLE purchase_receipt_lines (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    receipt_id    ${ID} NOT NULL REFERENCES purchase_receipts (id),
    order_line_id ${ID} NOT NULL REFERENCES purchase_order_lines (id),
    product_id    ${ID} NOT NULL REFERENCES local_products (id),
    quantity      INTEGER NOT NULL,
    unit_cost     BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX purchase_receipt_lines_receipt ON purchase_receipt_lines (receipt_id);

-- The weighted average cost (CNY per unit, ten-thousandths) of a product in a warehouse after its last receipt.
CREATE TABLE stock_costs (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    product_id   ${ID} NOT NULL REFERENCES local_products (id),
    unit_cost    BIGINT NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX stock_costs_warehouse_product ON stock_costs (warehouse_id, product_id);
CREATE INDEX stock_costs_company_product ON stock_costs (company_id, product_id);

-- +goose Down
DROP TABLE stock_costs;
DROP TABLE purchase_receipt_lines;
DROP TABLE purchase_receipts;
DROP TABLE purchase_order_lines;
DROP TABLE purchase_orders;
