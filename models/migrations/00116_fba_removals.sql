-- The seller's removal orders (amazondata's removalorders and removalshipments kinds): each line of
-- GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA (an order's SKU and disposition, with its quantities and fee), each
-- package of GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA (carrier and tracking number), and an order's sums,
-- kept from its lines at each import, which 移除订单 lists. Fees in models.Money's units.
-- +goose Up
CREATE TABLE fba_removal_order_items (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    group_id           ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id          ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id     VARCHAR(20)  NOT NULL,
    order_id           VARCHAR(50)  NOT NULL,
    request_date       ${TIME} NOT NULL,
    last_updated       ${TIME} NOT NULL,
    order_source       VARCHAR(80)  NOT NULL DEFAULT '',
    order_type         VARCHAR(20)  NOT NULL DEFAULT '',
    service_speed      VARCHAR(20)  NOT NULL DEFAULT '',
    order_status       VARCHAR(20)  NOT NULL DEFAULT '',
    sku                VARCHAR(200) NOT NULL,
    fnsku              VARCHAR(20)  NOT NULL DEFAULT '',
    disposition        VARCHAR(20)  NOT NULL DEFAULT '',
    requested_quantity INTEGER      NOT NULL DEFAULT 0,
    cancelled_quantity INTEGER      NOT NULL DEFAULT 0,
    disposed_quantity  INTEGER      NOT NULL DEFAULT 0,
    shipped_quantity   INTEGER      NOT NULL DEFAULT 0,
    in_process_quantity INTEGER     NOT NULL DEFAULT 0,
    removal_fee        BIGINT       NOT NULL DEFAULT 0,
    currency           VARCHAR(3)   NOT NULL DEFAULT '',
    created_at         ${TIME} NOT NULL,
    updated_at         ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_removal_order_items_key ON fba_removal_order_items (seller_id, marketplace_id, order_id, sku, fnsku, disposition);

CREATE TABLE fba_removal_orders (
    id                  ${ID} PRIMARY KEY,
    company_id          ${ID} NOT NULL REFERENCES companies (id),
    group_id            ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id           ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id      VARCHAR(20)  NOT NULL,
    order_id            VARCHAR(50)  NOT NULL,
    request_date        ${TIME} NOT NULL,
    last_updated        ${TIME} NOT NULL,
    order_source        VARCHAR(80)  NOT NULL DEFAULT '',
    order_type          VARCHAR(20)  NOT NULL DEFAULT '',
    order_status        VARCHAR(20)  NOT NULL DEFAULT '',
    -- The lines' SKUs and FNSKUs, space-separated: the list's SKU search.
    skus                TEXT         NOT NULL,
    line_count          INTEGER      NOT NULL DEFAULT 0,
    requested_quantity  INTEGER      NOT NULL DEFAULT 0,
    cancelled_quantity  INTEGER      NOT NULL DEFAULT 0,
    disposed_quantity   INTEGER      NOT NULL DEFAULT 0,
    shipped_quantity    INTEGER      NOT NULL DEFAULT 0,
    in_process_quantity INTEGER      NOT NULL DEFAULT 0,
    removal_fee         BIGINT       NOT NULL DEFAULT 0,
    currency            VARCHAR(3)   NOT NULL DEFAULT '',
    created_at          ${TIME} NOT NULL,
    updated_at          ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_removal_orders_key ON fba_removal_orders (seller_id, marketplace_id, order_id);
CREATE INDEX fba_removal_orders_company_date ON fba_removal_orders (company_id, request_date);

CREATE TABLE fba_removal_shipments (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    group_id           ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id          ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id     VARCHAR(20)  NOT NULL,
    order_id           VARCHAR(50)  NOT NULL,
    request_date       ${TIME} NOT NULL,
    shipment_date      ${TIME} NOT NULL,
    sku                VARCHAR(200) NOT NULL,
    fnsku              VARCHAR(20)  NOT NULL DEFAULT '',
    disposition        VARCHAR(20)  NOT NULL DEFAULT '',
    shipped_quantity   INTEGER      NOT NULL DEFAULT 0,
    carrier            VARCHAR(80)  NOT NULL DEFAULT '',
    tracking_number    VARCHAR(80)  NOT NULL DEFAULT '',
    removal_order_type VARCHAR(20)  NOT NULL DEFAULT '',
    created_at         ${TIME} NOT NULL,
    updated_at         ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_removal_shipments_key ON fba_removal_shipments (seller_id, marketplace_id, order_id, shipment_date, sku, fnsku, disposition, tracking_number);

-- +goose Down
DROP TABLE fba_removal_shipments;
DROP TABLE fba_removal_orders;
DROP TABLE fba_removal_order_items;
