-- An orders report is the one report of a million lines, and each of its lines writes a row of amazon_orders and of
-- amazon_order_items and every index of both; importing it was measured (issue 13's bench) and these go:
-- - The references to companies, store groups and sellers. On PostgreSQL each is a trigger that looks the parent
--   row up and locks it for every row written: 45% of the server's time inserting order items; on SQLite three
--   index look-ups per row. They guard nothing here: the importer copies the three ids from the seller account it
--   read from the database (amazondata.checkStore), a seller account is never deleted and keeps its company and
--   store group, and a store group with seller accounts cannot be deleted.
-- - On SQLite, the index a BIGINT PRIMARY KEY id keeps beside the table: the id becomes the table's own key
--   (INTEGER PRIMARY KEY, 64-bit like every id), one B-tree less per row.
-- The indexes stay as they were: 订单管理's search by the start of an ASIN reads the one by company and ASIN.
-- SQLite cannot drop a reference from a table, so both tables are rebuilt, through a copy so that the tables and
-- their primary keys keep their names on PostgreSQL.

-- +goose Up
CREATE TABLE amazon_orders_copy AS SELECT * FROM amazon_orders;
DROP TABLE amazon_orders;
CREATE TABLE amazon_orders (
    id                  ${ROWID} PRIMARY KEY,
    company_id          ${ID} NOT NULL,
    group_id            ${ID} NOT NULL,
    seller_id           ${ID} NOT NULL,
    marketplace_id      VARCHAR(20)  NOT NULL DEFAULT '',
    amazon_order_id     VARCHAR(50)  NOT NULL,
    merchant_order_id   VARCHAR(100) NOT NULL DEFAULT '',
    purchase_date       ${TIME} NOT NULL,
    last_updated_date   ${TIME} NOT NULL,
    order_status        VARCHAR(30)  NOT NULL DEFAULT '',
    fulfillment_channel VARCHAR(20)  NOT NULL DEFAULT '',
    sales_channel       VARCHAR(50)  NOT NULL DEFAULT '',
    order_channel       VARCHAR(50)  NOT NULL DEFAULT '',
    ship_service_level  VARCHAR(50)  NOT NULL DEFAULT '',
    ship_city           VARCHAR(100) NOT NULL DEFAULT '',
    ship_state          VARCHAR(100) NOT NULL DEFAULT '',
    ship_postal_code    VARCHAR(30)  NOT NULL DEFAULT '',
    ship_country        VARCHAR(10)  NOT NULL DEFAULT '',
    is_business_order   BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at          ${TIME} NOT NULL,
    updated_at          ${TIME} NOT NULL
);
INSERT INTO amazon_orders SELECT * FROM amazon_orders_copy;
DROP TABLE amazon_orders_copy;
CREATE UNIQUE INDEX amazon_orders_seller_order ON amazon_orders (seller_id, amazon_order_id);
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date);
CREATE INDEX amazon_orders_company_market_purchase ON amazon_orders (company_id, marketplace_id, purchase_date);
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id);

CREATE TABLE amazon_order_items_copy AS SELECT * FROM amazon_order_items;
DROP TABLE amazon_order_items;
CREATE TABLE amazon_order_items (
    id                      ${ROWID} PRIMARY KEY,
    company_id              ${ID} NOT NULL,
    group_id                ${ID} NOT NULL,
    seller_id               ${ID} NOT NULL,
    marketplace_id          VARCHAR(20)  NOT NULL DEFAULT '',
    amazon_order_id         VARCHAR(50)  NOT NULL,
    sku                     VARCHAR(100) NOT NULL,
    asin                    VARCHAR(20)  NOT NULL DEFAULT '',
    product_name            TEXT         NOT NULL,
    purchase_date           ${TIME} NOT NULL,
    order_status            VARCHAR(30)  NOT NULL DEFAULT '',
    fulfillment_channel     VARCHAR(20)  NOT NULL DEFAULT '',
    item_status             VARCHAR(30)  NOT NULL DEFAULT '',
    quantity                INTEGER      NOT NULL DEFAULT 0,
    currency                VARCHAR(3)   NOT NULL DEFAULT '',
    item_price              BIGINT       NOT NULL DEFAULT 0,
    item_tax                BIGINT       NOT NULL DEFAULT 0,
    shipping_price          BIGINT       NOT NULL DEFAULT 0,
    shipping_tax            BIGINT       NOT NULL DEFAULT 0,
    gift_wrap_price         BIGINT       NOT NULL DEFAULT 0,
    gift_wrap_tax           BIGINT       NOT NULL DEFAULT 0,
    item_promotion_discount BIGINT       NOT NULL DEFAULT 0,
    ship_promotion_discount BIGINT       NOT NULL DEFAULT 0,
    promotion_ids           TEXT         NOT NULL,
    created_at              ${TIME} NOT NULL,
    updated_at              ${TIME} NOT NULL
);
INSERT INTO amazon_order_items SELECT * FROM amazon_order_items_copy;
DROP TABLE amazon_order_items_copy;
CREATE UNIQUE INDEX amazon_order_items_seller_order_sku ON amazon_order_items (seller_id, amazon_order_id, sku);
CREATE INDEX amazon_order_items_company_purchase ON amazon_order_items (company_id, purchase_date);
CREATE INDEX amazon_order_items_company_sku ON amazon_order_items (company_id, sku, purchase_date);
CREATE INDEX amazon_order_items_company_asin ON amazon_order_items (company_id, asin, purchase_date);

-- +goose Down
CREATE TABLE amazon_orders_copy AS SELECT * FROM amazon_orders;
DROP TABLE amazon_orders;
CREATE TABLE amazon_orders (
    id                  ${ID} PRIMARY KEY,
    company_id          ${ID} NOT NULL REFERENCES companies (id),
    group_id            ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id           ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id      VARCHAR(20)  NOT NULL DEFAULT '',
    amazon_order_id     VARCHAR(50)  NOT NULL,
    merchant_order_id   VARCHAR(100) NOT NULL DEFAULT '',
    purchase_date       ${TIME} NOT NULL,
    last_updated_date   ${TIME} NOT NULL,
    order_status        VARCHAR(30)  NOT NULL DEFAULT '',
    fulfillment_channel VARCHAR(20)  NOT NULL DEFAULT '',
    sales_channel       VARCHAR(50)  NOT NULL DEFAULT '',
    order_channel       VARCHAR(50)  NOT NULL DEFAULT '',
    ship_service_level  VARCHAR(50)  NOT NULL DEFAULT '',
    ship_city           VARCHAR(100) NOT NULL DEFAULT '',
    ship_state          VARCHAR(100) NOT NULL DEFAULT '',
    ship_postal_code    VARCHAR(30)  NOT NULL DEFAULT '',
    ship_country        VARCHAR(10)  NOT NULL DEFAULT '',
    is_business_order   BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at          ${TIME} NOT NULL,
    updated_at          ${TIME} NOT NULL
);
INSERT INTO amazon_orders SELECT * FROM amazon_orders_copy;
DROP TABLE amazon_orders_copy;
CREATE UNIQUE INDEX amazon_orders_seller_order ON amazon_orders (seller_id, amazon_order_id);
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date);
CREATE INDEX amazon_orders_company_market_purchase ON amazon_orders (company_id, marketplace_id, purchase_date);
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id);

CREATE TABLE amazon_order_items_copy AS SELECT * FROM amazon_order_items;
DROP TABLE amazon_order_items;
CREATE TABLE amazon_order_items (
    id                      ${ID} PRIMARY KEY,
    company_id              ${ID} NOT NULL REFERENCES companies (id),
    group_id                ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id               ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id          VARCHAR(20)  NOT NULL DEFAULT '',
    amazon_order_id         VARCHAR(50)  NOT NULL,
    sku                     VARCHAR(100) NOT NULL,
    asin                    VARCHAR(20)  NOT NULL DEFAULT '',
    product_name            TEXT         NOT NULL,
    purchase_date           ${TIME} NOT NULL,
    order_status            VARCHAR(30)  NOT NULL DEFAULT '',
    fulfillment_channel     VARCHAR(20)  NOT NULL DEFAULT '',
    item_status             VARCHAR(30)  NOT NULL DEFAULT '',
    quantity                INTEGER      NOT NULL DEFAULT 0,
    currency                VARCHAR(3)   NOT NULL DEFAULT '',
    item_price              BIGINT       NOT NULL DEFAULT 0,
    item_tax                BIGINT       NOT NULL DEFAULT 0,
    shipping_price          BIGINT       NOT NULL DEFAULT 0,
    shipping_tax            BIGINT       NOT NULL DEFAULT 0,
    gift_wrap_price         BIGINT       NOT NULL DEFAULT 0,
    gift_wrap_tax           BIGINT       NOT NULL DEFAULT 0,
    item_promotion_discount BIGINT       NOT NULL DEFAULT 0,
    ship_promotion_discount BIGINT       NOT NULL DEFAULT 0,
    promotion_ids           TEXT         NOT NULL,
    created_at              ${TIME} NOT NULL,
    updated_at              ${TIME} NOT NULL
);
INSERT INTO amazon_order_items SELECT * FROM amazon_order_items_copy;
DROP TABLE amazon_order_items_copy;
CREATE UNIQUE INDEX amazon_order_items_seller_order_sku ON amazon_order_items (seller_id, amazon_order_id, sku);
CREATE INDEX amazon_order_items_company_purchase ON amazon_order_items (company_id, purchase_date);
CREATE INDEX amazon_order_items_company_sku ON amazon_order_items (company_id, sku, purchase_date);
CREATE INDEX amazon_order_items_company_asin ON amazon_order_items (company_id, asin, purchase_date);
