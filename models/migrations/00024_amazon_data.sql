-- The Amazon data a seller's reports bring in: orders and their items, settlements and every line of them, FBA fee
-- estimates and customer returns. Each table is keyed the way Amazon identifies a row within a seller account, so
-- reading the same report again updates in place (the importers upsert). company_id, group_id and seller_id are
-- on every row so lists filter by company and store without joins; marketplace_id is '' where a line names none
-- Amazon's reference data knows (a "Non-Amazon" sales channel), hence no reference to marketplaces. Money is in
-- ten-thousandths (BIGINT, see models.Money) with its currency beside it.

-- +goose Up
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
CREATE UNIQUE INDEX amazon_orders_seller_order ON amazon_orders (seller_id, amazon_order_id);
-- The orders list: by company and purchase date, filtered by marketplace or status.
CREATE INDEX amazon_orders_company_purchase ON amazon_orders (company_id, purchase_date);
CREATE INDEX amazon_orders_company_market_purchase ON amazon_orders (company_id, marketplace_id, purchase_date);
-- The incremental sync's cursor and "what changed lately".
CREATE INDEX amazon_orders_seller_updated ON amazon_orders (seller_id, last_updated_date);
-- Looking an order up by its number across the company's stores.
CREATE INDEX amazon_orders_company_order ON amazon_orders (company_id, amazon_order_id);

-- One row per order and SKU; the order's date, marketplace, status and channel are repeated so sales and profit
-- reports by SKU, ASIN, day or month read this table alone.
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
CREATE UNIQUE INDEX amazon_order_items_seller_order_sku ON amazon_order_items (seller_id, amazon_order_id, sku);
CREATE INDEX amazon_order_items_company_purchase ON amazon_order_items (company_id, purchase_date);
CREATE INDEX amazon_order_items_company_sku ON amazon_order_items (company_id, sku, purchase_date);
CREATE INDEX amazon_order_items_company_asin ON amazon_order_items (company_id, asin, purchase_date);

-- A settlement (Amazon's payout period) as its report's first line states it.
CREATE TABLE settlements (
    id                    ${ID} PRIMARY KEY,
    company_id            ${ID} NOT NULL REFERENCES companies (id),
    group_id              ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id             ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id        VARCHAR(20) NOT NULL DEFAULT '',
    settlement_id         VARCHAR(30) NOT NULL,
    settlement_start_date ${TIME} NULL,
    settlement_end_date   ${TIME} NULL,
    deposit_date          ${TIME} NULL,
    total_amount          BIGINT      NOT NULL DEFAULT 0,
    currency              VARCHAR(3)  NOT NULL DEFAULT '',
    line_count            INTEGER     NOT NULL DEFAULT 0,
    created_at            ${TIME} NOT NULL,
    updated_at            ${TIME} NOT NULL
);
CREATE UNIQUE INDEX settlements_seller_settlement ON settlements (seller_id, settlement_id);
CREATE INDEX settlements_company_end ON settlements (company_id, settlement_end_date);

-- Every line of a settlement report, numbered as in the file, with Amazon's own names for what it is.
CREATE TABLE settlement_lines (
    id                          ${ID} PRIMARY KEY,
    company_id                  ${ID} NOT NULL REFERENCES companies (id),
    group_id                    ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id                   ${ID} NOT NULL REFERENCES sellers (id),
    settlement_id               VARCHAR(30)  NOT NULL,
    line_no                     INTEGER      NOT NULL,
    marketplace_id              VARCHAR(20)  NOT NULL DEFAULT '',
    marketplace_name            VARCHAR(50)  NOT NULL DEFAULT '',
    transaction_type            VARCHAR(60)  NOT NULL DEFAULT '',
    order_id                    VARCHAR(50)  NOT NULL DEFAULT '',
    merchant_order_id           VARCHAR(100) NOT NULL DEFAULT '',
    adjustment_id               VARCHAR(50)  NOT NULL DEFAULT '',
    shipment_id                 VARCHAR(50)  NOT NULL DEFAULT '',
    amount_type                 VARCHAR(60)  NOT NULL DEFAULT '',
    amount_description          VARCHAR(100) NOT NULL DEFAULT '',
    amount                      BIGINT       NOT NULL DEFAULT 0,
    currency                    VARCHAR(3)   NOT NULL DEFAULT '',
    fulfillment_id              VARCHAR(10)  NOT NULL DEFAULT '',
    posted_date                 ${TIME} NULL,
    order_item_code             VARCHAR(50)  NOT NULL DEFAULT '',
    merchant_order_item_id      VARCHAR(100) NOT NULL DEFAULT '',
    merchant_adjustment_item_id VARCHAR(100) NOT NULL DEFAULT '',
    sku                         VARCHAR(100) NOT NULL DEFAULT '',
    quantity_purchased          INTEGER      NOT NULL DEFAULT 0,
    promotion_id                VARCHAR(100) NOT NULL DEFAULT '',
    created_at                  ${TIME} NOT NULL,
    updated_at                  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX settlement_lines_seller_settlement_line ON settlement_lines (seller_id, settlement_id, line_no);
-- Refunds and fees by date, and an order's charges across settlements.
CREATE INDEX settlement_lines_company_posted ON settlement_lines (company_id, posted_date);
CREATE INDEX settlement_lines_company_order ON settlement_lines (company_id, order_id);
CREATE INDEX settlement_lines_company_sku ON settlement_lines (company_id, sku, posted_date);

-- Amazon's current estimate of the FBA fees of each SKU in a marketplace.
CREATE TABLE fba_fee_estimates (
    id                            ${ID} PRIMARY KEY,
    company_id                    ${ID} NOT NULL REFERENCES companies (id),
    group_id                      ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id                     ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id                VARCHAR(20)  NOT NULL DEFAULT '',
    sku                           VARCHAR(100) NOT NULL,
    fnsku                         VARCHAR(20)  NOT NULL DEFAULT '',
    asin                          VARCHAR(20)  NOT NULL DEFAULT '',
    product_name                  TEXT         NOT NULL,
    product_group                 VARCHAR(100) NOT NULL DEFAULT '',
    brand                         VARCHAR(100) NOT NULL DEFAULT '',
    fulfilled_by                  VARCHAR(20)  NOT NULL DEFAULT '',
    product_size_tier             VARCHAR(50)  NOT NULL DEFAULT '',
    -- Dimensions and weight as Amazon writes them, with their units: shown, never computed with.
    longest_side                  VARCHAR(20)  NOT NULL DEFAULT '',
    median_side                   VARCHAR(20)  NOT NULL DEFAULT '',
    shortest_side                 VARCHAR(20)  NOT NULL DEFAULT '',
    length_and_girth              VARCHAR(20)  NOT NULL DEFAULT '',
    unit_of_dimension             VARCHAR(20)  NOT NULL DEFAULT '',
    item_package_weight           VARCHAR(20)  NOT NULL DEFAULT '',
    unit_of_weight                VARCHAR(20)  NOT NULL DEFAULT '',
    currency                      VARCHAR(3)   NOT NULL DEFAULT '',
    your_price                    BIGINT       NOT NULL DEFAULT 0,
    sales_price                   BIGINT       NOT NULL DEFAULT 0,
    estimated_fee_total           BIGINT       NOT NULL DEFAULT 0,
    estimated_referral_fee        BIGINT       NOT NULL DEFAULT 0,
    estimated_variable_closing_fee BIGINT      NOT NULL DEFAULT 0,
    estimated_order_handling_fee  BIGINT       NOT NULL DEFAULT 0,
    estimated_pick_pack_fee       BIGINT       NOT NULL DEFAULT 0,
    estimated_weight_handling_fee BIGINT       NOT NULL DEFAULT 0,
    expected_fulfillment_fee      BIGINT       NOT NULL DEFAULT 0,
    created_at                    ${TIME} NOT NULL,
    updated_at                    ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_fee_estimates_seller_market_sku ON fba_fee_estimates (seller_id, marketplace_id, sku);
CREATE INDEX fba_fee_estimates_company_sku ON fba_fee_estimates (company_id, sku);

-- Units buyers sent back to Amazon's warehouses, one row per return event of an order's SKU.
CREATE TABLE customer_returns (
    id                     ${ID} PRIMARY KEY,
    company_id             ${ID} NOT NULL REFERENCES companies (id),
    group_id               ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id              ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id         VARCHAR(20)  NOT NULL DEFAULT '',
    return_date            ${TIME} NOT NULL,
    order_id               VARCHAR(50)  NOT NULL,
    sku                    VARCHAR(100) NOT NULL,
    asin                   VARCHAR(20)  NOT NULL DEFAULT '',
    fnsku                  VARCHAR(20)  NOT NULL DEFAULT '',
    product_name           TEXT         NOT NULL,
    quantity               INTEGER      NOT NULL DEFAULT 0,
    fulfillment_center_id  VARCHAR(20)  NOT NULL DEFAULT '',
    detailed_disposition   VARCHAR(50)  NOT NULL DEFAULT '',
    reason                 VARCHAR(100) NOT NULL DEFAULT '',
    status                 VARCHAR(50)  NOT NULL DEFAULT '',
    license_plate_number   VARCHAR(50)  NOT NULL DEFAULT '',
    customer_comments      TEXT         NOT NULL,
    created_at             ${TIME} NOT NULL,
    updated_at             ${TIME} NOT NULL
);
CREATE UNIQUE INDEX customer_returns_key ON customer_returns (seller_id, order_id, sku, license_plate_number, return_date);
CREATE INDEX customer_returns_company_date ON customer_returns (company_id, return_date);
CREATE INDEX customer_returns_company_sku ON customer_returns (company_id, sku, return_date);

-- +goose Down
DROP TABLE customer_returns;
DROP TABLE fba_fee_estimates;
DROP TABLE settlement_lines;
DROP TABLE settlements;
DROP TABLE amazon_order_items;
DROP TABLE amazon_orders;
