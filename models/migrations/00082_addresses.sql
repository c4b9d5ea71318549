-- Addresses (仓库地址 and 发货地址): where a warehouse is, and the ship-from addresses of shipments to Amazon, with
-- the fields Amazon's inbound API (Fulfillment Inbound 2024-03-20, AddressInput) takes and its lengths: name (the
-- contact), company name, address lines 1-2, city, state or province code, postal code, country (ISO 3166-1
-- alpha-2), phone and e-mail. kind: warehouse (warehouse_id names it) or ship_from; is_default marks the one a
-- new shipment starts with, one per company and kind.

-- +goose Up
CREATE TABLE addresses (
    id                ${ID} PRIMARY KEY,
    company_id        ${ID} NOT NULL REFERENCES companies (id),
    kind              VARCHAR(10)  NOT NULL,
    warehouse_id      ${ID} NULL REFERENCES warehouses (id),
    name              VARCHAR(50)  NOT NULL,
    company_name      VARCHAR(50)  NOT NULL DEFAULT '',
    address_line1     VARCHAR(180) NOT NULL,
    address_line2     VARCHAR(60)  NOT NULL DEFAULT '',
    city              VARCHAR(50)  NOT NULL,
    state_or_province VARCHAR(64)  NOT NULL DEFAULT '',
    postal_code       VARCHAR(32)  NOT NULL,
    country_code      VARCHAR(2)   NOT NULL,
    phone             VARCHAR(20)  NOT NULL,
    email             VARCHAR(100) NOT NULL DEFAULT '',
    is_default        BOOLEAN      NOT NULL DEFAULT FALSE,
    remark            VARCHAR(200) NOT NULL DEFAULT '',
    created_at        ${TIME} NOT NULL,
    updated_at        ${TIME} NOT NULL
);
CREATE INDEX addresses_company_kind ON addresses (company_id, kind, created_at);
CREATE INDEX addresses_warehouse ON addresses (warehouse_id);

-- +goose Down
DROP TABLE addresses;
