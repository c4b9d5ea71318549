-- Inventory health's other two reports, brought by amazondata's planning kind beside the planning report:
-- GET_RESERVED_INVENTORY_DATA (a SKU's reserved units split into customer orders, transfers between fulfilment
-- centres and units sidelined for processing) and GET_STRANDED_INVENTORY_UI_DATA (units in stock that cannot sell,
-- with Amazon's reason). Each keeps the latest file's lines of a seller account's marketplace: a SKU gone from the
-- file (no longer reserved or stranded) is deleted. Money in models.Money's units.
-- +goose Up
CREATE TABLE fba_reserved_inventory (
    id               ${ID} PRIMARY KEY,
    company_id       ${ID} NOT NULL REFERENCES companies (id),
    group_id         ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id        ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id   VARCHAR(20)  NOT NULL,
    sku              VARCHAR(200) NOT NULL,
    fnsku            VARCHAR(20)  NOT NULL DEFAULT '',
    asin             VARCHAR(20)  NOT NULL DEFAULT '',
    product_name     TEXT         NOT NULL,
    reserved_qty     INTEGER      NOT NULL DEFAULT 0,
    customer_orders  INTEGER      NOT NULL DEFAULT 0,
    fc_transfers     INTEGER      NOT NULL DEFAULT 0,
    fc_processing    INTEGER      NOT NULL DEFAULT 0,
    created_at       ${TIME} NOT NULL,
    updated_at       ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_reserved_inventory_key ON fba_reserved_inventory (seller_id, marketplace_id, sku);
CREATE INDEX fba_reserved_inventory_company ON fba_reserved_inventory (company_id);

CREATE TABLE fba_stranded_inventory (
    id                  ${ID} PRIMARY KEY,
    company_id          ${ID} NOT NULL REFERENCES companies (id),
    group_id            ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id           ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id      VARCHAR(20)  NOT NULL,
    sku                 VARCHAR(200) NOT NULL,
    fnsku               VARCHAR(20)  NOT NULL DEFAULT '',
    asin                VARCHAR(20)  NOT NULL DEFAULT '',
    product_name        TEXT         NOT NULL,
    item_condition      VARCHAR(40)  NOT NULL DEFAULT '',
    primary_action      VARCHAR(100) NOT NULL DEFAULT '',
    date_stranded       VARCHAR(10)  NOT NULL DEFAULT '',
    auto_removal_date   VARCHAR(10)  NOT NULL DEFAULT '',
    status_primary      VARCHAR(100) NOT NULL DEFAULT '',
    status_secondary    VARCHAR(100) NOT NULL DEFAULT '',
    error_message       TEXT         NOT NULL,
    stranded_reason     VARCHAR(200) NOT NULL DEFAULT '',
    fulfilled_by        VARCHAR(20)  NOT NULL DEFAULT '',
    fulfillable_qty     INTEGER      NOT NULL DEFAULT 0,
    unfulfillable_qty   INTEGER      NOT NULL DEFAULT 0,
    reserved_qty        INTEGER      NOT NULL DEFAULT 0,
    inbound_shipped_qty INTEGER      NOT NULL DEFAULT 0,
    your_price          BIGINT       NOT NULL DEFAULT 0,
    created_at          ${TIME} NOT NULL,
    updated_at          ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_stranded_inventory_key ON fba_stranded_inventory (seller_id, marketplace_id, sku);
CREATE INDEX fba_stranded_inventory_company ON fba_stranded_inventory (company_id);

-- +goose Down
DROP TABLE fba_stranded_inventory;
DROP TABLE fba_reserved_inventory;
