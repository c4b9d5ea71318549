-- 调价: every price change sent to Amazon (patchListingsItem) from the screen, one row per listing sent or refused:
-- who (user_id) and when, the listing as it was (store group, marketplace, seller SKU, ASIN, currency), the price
-- before and the one asked (Money units, like listings.price), how it was worked out (method: value, percent,
-- margin, set), and the answer (ok with Amazon's submission id, or why not: a guard here, or Amazon's issue).
-- batch_id ties the rows of one bulk change. group_id limits rows to the user's store groups like the listings'.
-- listing_price_floors is the least price the seller allows per listing (refused below it before Amazon is
-- asked); listing_price_settings the company's percent above which a change needs a confirmation (none: 20).

-- +goose Up
CREATE TABLE listing_price_changes (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL,
    listing_id     ${ID} NOT NULL,
    batch_id       ${ID} NOT NULL,
    marketplace_id VARCHAR(20)  NOT NULL,
    seller_sku     VARCHAR(200) NOT NULL,
    asin           VARCHAR(20)  NOT NULL DEFAULT '',
    currency       VARCHAR(3)   NOT NULL DEFAULT '',
    old_price      BIGINT       NOT NULL DEFAULT 0,
    new_price      BIGINT       NOT NULL DEFAULT 0,
    method         VARCHAR(10)  NOT NULL,
    ok             BOOLEAN      NOT NULL DEFAULT FALSE,
    error_type     VARCHAR(20)  NOT NULL DEFAULT '',
    message        VARCHAR(500) NOT NULL DEFAULT '',
    submission_id  VARCHAR(64)  NOT NULL DEFAULT '',
    user_id        ${ID} NOT NULL,
    created_at     ${TIME} NOT NULL
);
CREATE INDEX listing_price_changes_company_created ON listing_price_changes (company_id, created_at, id);
CREATE INDEX listing_price_changes_listing ON listing_price_changes (listing_id, created_at);

CREATE TABLE listing_price_floors (
    listing_id  ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    floor_price BIGINT NOT NULL,
    updated_by  ${ID} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE INDEX listing_price_floors_company ON listing_price_floors (company_id);

CREATE TABLE listing_price_settings (
    company_id      ${ID} PRIMARY KEY REFERENCES companies (id),
    confirm_percent INTEGER NOT NULL,
    updated_at      ${TIME} NOT NULL
);

-- A scheduled sale (定时促销): a listing's sale price from starts_at to ends_at, then back to the price it had when
-- the sale started (regular_price, kept then). status: scheduled, on (the sale price is at Amazon), done (back),
-- failed (message says why, at the start or the end), cancelled (before it started). Each price sent is a row of
-- listing_price_changes too (method sale, restore).
CREATE TABLE listing_price_sales (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL,
    listing_id     ${ID} NOT NULL,
    marketplace_id VARCHAR(20)  NOT NULL,
    seller_sku     VARCHAR(200) NOT NULL,
    currency       VARCHAR(3)   NOT NULL DEFAULT '',
    sale_price     BIGINT       NOT NULL,
    regular_price  BIGINT       NOT NULL DEFAULT 0,
    starts_at      ${TIME} NOT NULL,
    ends_at        ${TIME} NOT NULL,
    status         VARCHAR(10)  NOT NULL,
    message        VARCHAR(500) NOT NULL DEFAULT '',
    user_id        ${ID} NOT NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE INDEX listing_price_sales_due_start ON listing_price_sales (status, starts_at);
CREATE INDEX listing_price_sales_due_end ON listing_price_sales (status, ends_at);
CREATE INDEX listing_price_sales_company ON listing_price_sales (company_id, created_at, id);

-- +goose Down
DROP TABLE listing_price_sales;
DROP TABLE listing_price_settings;
DROP TABLE listing_price_floors;
DROP TABLE listing_price_changes;
