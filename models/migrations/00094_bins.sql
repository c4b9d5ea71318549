-- Bins (库位, domain.md: a warehouse may have shelves): places in an own or overseas warehouse, coded
-- zone-row-level-bin (A-01-02-03) or in free text. A product's fulfillable stock in a warehouse is the units in its
-- bins plus the units not put away yet (待上架): stocks.binned is the sum of its bin_stocks, never above fulfillable.
-- Only MoveStock changes a bin's quantity, writing the bin and its quantities before and after on the ledger line;
-- an outbound that names no bin takes the units not put away first, then the bins in code order.
-- A stocktake of some bins (scope bins, its bins in stocktake_bins) counts each product per bin: its lines carry
-- the bin (bin_id 0: a line of the product's whole fulfillable stock).

-- +goose Up
CREATE TABLE bins (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    code         VARCHAR(40)  NOT NULL,
    zone         VARCHAR(20)  NOT NULL DEFAULT '',
    remark       VARCHAR(200) NOT NULL DEFAULT '',
    disabled     BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at   ${TIME} NOT NULL,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX bins_warehouse_code ON bins (warehouse_id, code);
CREATE INDEX bins_company ON bins (company_id, warehouse_id, code);

CREATE TABLE bin_stocks (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    bin_id       ${ID} NOT NULL REFERENCES bins (id),
    product_id   ${ID} NOT NULL REFERENCES local_products (id),
    quantity     INTEGER NOT NULL DEFAULT 0,
    updated_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX bin_stocks_bin_product ON bin_stocks (bin_id, product_id);
CREATE INDEX bin_stocks_warehouse_product ON bin_stocks (warehouse_id, product_id);

-- A put-away (上架) or a move between bins (移库): its lines are its ledger lines (doc_number).
CREATE TABLE bin_moves (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    number       VARCHAR(40)  NOT NULL,
    warehouse_id ${ID} NOT NULL REFERENCES warehouses (id),
    kind         VARCHAR(10)  NOT NULL,
    remark       VARCHAR(200) NOT NULL DEFAULT '',
    operator_id  ${ID} NULL,
    created_at   ${TIME} NOT NULL
);
CREATE UNIQUE INDEX bin_moves_company_number ON bin_moves (company_id, number);

ALTER TABLE stocks ADD COLUMN binned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stock_ledger ADD COLUMN bin_id ${ID} NULL;
ALTER TABLE stock_ledger ADD COLUMN bin_before INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stock_ledger ADD COLUMN bin_change INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stock_ledger ADD COLUMN bin_after INTEGER NOT NULL DEFAULT 0;

CREATE TABLE stocktake_bins (
    stocktake_id ${ID} NOT NULL REFERENCES stocktakes (id),
    bin_id       ${ID} NOT NULL REFERENCES bins (id),
    PRIMARY KEY (stocktake_id, bin_id)
);
ALTER TABLE stocktake_lines ADD COLUMN bin_id ${ID} NOT NULL DEFAULT 0;
DROP INDEX stocktake_lines_take_product;
CREATE UNIQUE INDEX stocktake_lines_take_product ON stocktake_lines (stocktake_id, product_id, bin_id);

-- +goose Down
DROP INDEX stocktake_lines_take_product;
DELETE FROM stocktake_lines WHERE bin_id <> 0;
CREATE UNIQUE INDEX stocktake_lines_take_product ON stocktake_lines (stocktake_id, product_id);
ALTER TABLE stocktake_lines DROP COLUMN bin_id;
DROP TABLE stocktake_bins;
ALTER TABLE stock_ledger DROP COLUMN bin_after;
ALTER TABLE stock_ledger DROP COLUMN bin_change;
ALTER TABLE stock_ledger DROP COLUMN bin_before;
ALTER TABLE stock_ledger DROP COLUMN bin_id;
ALTER TABLE stocks DROP COLUMN binned;
DROP TABLE bin_moves;
DROP TABLE bin_stocks;
DROP TABLE bins;
