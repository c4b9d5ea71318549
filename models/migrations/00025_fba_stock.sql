-- FBA stock (issue 13): the FBA warehouse of a store group's marketplace, Amazon's inventory figures per SKU, and
-- what Amazon's listings report says of each listing.

-- +goose Up
-- An FBA warehouse stands for one store group's stock at Amazon in one marketplace: the inventory sync writes
-- Amazon's figures into it and shipments arrive in it. Other warehouses have neither (NULL), and NULLs never
-- collide in a unique index, so the index holds one warehouse per group and marketplace without a partial index.
ALTER TABLE warehouses ADD COLUMN group_id ${ID} NULL REFERENCES store_groups (id);
ALTER TABLE warehouses ADD COLUMN marketplace_id VARCHAR(20) NULL REFERENCES marketplaces (id);
CREATE UNIQUE INDEX warehouses_company_group_market ON warehouses (company_id, group_id, marketplace_id);

-- Amazon's FBA inventory of a seller SKU in a marketplace (GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA), as the last
-- report said it. your_price is ten-thousandths of currency (models.Money).
CREATE TABLE fba_inventory (
    id                ${ID} PRIMARY KEY,
    company_id        ${ID} NOT NULL REFERENCES companies (id),
    group_id          ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id         ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id    VARCHAR(20)  NOT NULL REFERENCES marketplaces (id),
    sku               VARCHAR(100) NOT NULL,
    fnsku             VARCHAR(20)  NOT NULL DEFAULT '',
    asin              VARCHAR(20)  NOT NULL DEFAULT '',
    name              VARCHAR(500) NOT NULL DEFAULT '',
    item_condition    VARCHAR(30)  NOT NULL DEFAULT '',
    your_price        BIGINT       NOT NULL DEFAULT 0,
    currency          VARCHAR(3)   NOT NULL DEFAULT '',
    warehouse         INTEGER      NOT NULL DEFAULT 0,
    fulfillable       INTEGER      NOT NULL DEFAULT 0,
    unsellable        INTEGER      NOT NULL DEFAULT 0,
    reserved          INTEGER      NOT NULL DEFAULT 0,
    total             INTEGER      NOT NULL DEFAULT 0,
    inbound_working   INTEGER      NOT NULL DEFAULT 0,
    inbound_shipped   INTEGER      NOT NULL DEFAULT 0,
    inbound_receiving INTEGER      NOT NULL DEFAULT 0,
    researching       INTEGER      NOT NULL DEFAULT 0,
    created_at        ${TIME} NOT NULL,
    updated_at        ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_inventory_seller_market_sku ON fba_inventory (seller_id, marketplace_id, sku);
CREATE INDEX fba_inventory_company_group ON fba_inventory (company_id, group_id, marketplace_id);

-- What the all-listings report (GET_MERCHANT_LISTINGS_ALL_DATA) says of a listing; listings entered by hand keep
-- the defaults. price is ten-thousandths of currency (models.Money).
ALTER TABLE listings ADD COLUMN item_name VARCHAR(500) NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN price BIGINT NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN currency VARCHAR(3) NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN quantity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN status VARCHAR(20) NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN fulfillment_channel VARCHAR(20) NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN open_date ${TIME} NULL;

-- +goose Down
ALTER TABLE listings DROP COLUMN open_date;
ALTER TABLE listings DROP COLUMN fulfillment_channel;
ALTER TABLE listings DROP COLUMN status;
ALTER TABLE listings DROP COLUMN quantity;
ALTER TABLE listings DROP COLUMN currency;
ALTER TABLE listings DROP COLUMN price;
ALTER TABLE listings DROP COLUMN item_name;
DROP TABLE fba_inventory;
DROP INDEX warehouses_company_group_market;
ALTER TABLE warehouses DROP COLUMN marketplace_id;
ALTER TABLE warehouses DROP COLUMN group_id;
