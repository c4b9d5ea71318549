-- 添加货件发票 (the customs/commercial invoice a seller prints for a shipment's first leg): what each product is
-- declared as (HS code, value per unit and its currency, English and Chinese names, material, use), kept per
-- product so the next invoice starts filled in; and the address of each fulfilment centre a shipment goes to (the
-- consignee), typed once per centre, since Amazon's inbound API does not give a shipment's destination back.
-- unit_value is money in ten-thousandths, as every amount.

-- +goose Up
CREATE TABLE product_declarations (
    product_id ${ID} PRIMARY KEY REFERENCES local_products (id) ON DELETE CASCADE,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    hs_code    VARCHAR(10)  NOT NULL DEFAULT '',
    unit_value BIGINT       NULL,
    currency   VARCHAR(3)   NOT NULL DEFAULT '',
    name_en    VARCHAR(200) NOT NULL DEFAULT '',
    name_cn    VARCHAR(100) NOT NULL DEFAULT '',
    material   VARCHAR(100) NOT NULL DEFAULT '',
    purpose    VARCHAR(100) NOT NULL DEFAULT '',
    updated_at ${TIME} NOT NULL
);
CREATE INDEX product_declarations_company ON product_declarations (company_id);

CREATE TABLE center_addresses (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    center     VARCHAR(20)  NOT NULL,
    address    VARCHAR(500) NOT NULL,
    updated_at ${TIME} NOT NULL,
    PRIMARY KEY (company_id, center)
);

-- +goose Down
DROP TABLE center_addresses;
DROP TABLE product_declarations;
