-- What Amazon charged for storage (amazondata's storagefees and agedsurcharges kinds): the monthly storage fee
-- per FNSKU and fulfilment centre (GET_FBA_STORAGE_FEE_CHARGES_DATA, which names no seller SKU), and the long-term
-- storage fee or aged inventory surcharge per SKU and monthly snapshot
-- (GET_FBA_FULFILLMENT_LONGTERM_STORAGE_FEE_CHARGES_DATA). Amounts and rates in models.Money's units; sizes,
-- weights and average quantities in ten-thousandths; volumes in millionths of the file's volume unit.
-- +goose Up
CREATE TABLE fba_storage_fees (
    id                       ${ID} PRIMARY KEY,
    company_id               ${ID} NOT NULL REFERENCES companies (id),
    group_id                 ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id                ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id           VARCHAR(20)  NOT NULL,
    -- month_of_charge, yyyy-MM.
    month                    VARCHAR(7)   NOT NULL,
    asin                     VARCHAR(20)  NOT NULL DEFAULT '',
    fnsku                    VARCHAR(20)  NOT NULL,
    product_name             TEXT         NOT NULL,
    fulfillment_center       VARCHAR(20)  NOT NULL DEFAULT '',
    country_code             VARCHAR(4)   NOT NULL DEFAULT '',
    longest_side             BIGINT       NOT NULL DEFAULT 0,
    median_side              BIGINT       NOT NULL DEFAULT 0,
    shortest_side            BIGINT       NOT NULL DEFAULT 0,
    measurement_units        VARCHAR(20)  NOT NULL DEFAULT '',
    weight                   BIGINT       NOT NULL DEFAULT 0,
    weight_units             VARCHAR(20)  NOT NULL DEFAULT '',
    item_volume              BIGINT       NOT NULL DEFAULT 0,
    volume_units             VARCHAR(20)  NOT NULL DEFAULT '',
    product_size_tier        VARCHAR(40)  NOT NULL DEFAULT '',
    average_on_hand          BIGINT       NOT NULL DEFAULT 0,
    average_pending_removal  BIGINT       NOT NULL DEFAULT 0,
    total_item_volume        BIGINT       NOT NULL DEFAULT 0,
    storage_rate             BIGINT       NOT NULL DEFAULT 0,
    currency                 VARCHAR(3)   NOT NULL DEFAULT '',
    fee                      BIGINT       NOT NULL DEFAULT 0,
    dangerous_goods          VARCHAR(40)  NOT NULL DEFAULT '',
    incentive_fee            BIGINT       NOT NULL DEFAULT 0,
    created_at               ${TIME} NOT NULL,
    updated_at               ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_storage_fees_key ON fba_storage_fees (seller_id, marketplace_id, month, fnsku, fulfillment_center);
CREATE INDEX fba_storage_fees_company_month ON fba_storage_fees (company_id, month);

CREATE TABLE fba_aged_surcharges (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    group_id           ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id          ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id     VARCHAR(20)  NOT NULL,
    snapshot_date      VARCHAR(10)  NOT NULL,
    -- The snapshot's month, yyyy-MM: the month the surcharge is charged in.
    month              VARCHAR(7)   NOT NULL,
    sku                VARCHAR(200) NOT NULL DEFAULT '',
    fnsku              VARCHAR(20)  NOT NULL DEFAULT '',
    asin               VARCHAR(20)  NOT NULL DEFAULT '',
    product_name       TEXT         NOT NULL,
    item_condition     VARCHAR(40)  NOT NULL DEFAULT '',
    per_unit_volume    BIGINT       NOT NULL DEFAULT 0,
    volume_unit        VARCHAR(20)  NOT NULL DEFAULT '',
    currency           VARCHAR(3)   NOT NULL DEFAULT '',
    country            VARCHAR(4)   NOT NULL DEFAULT '',
    quantity_charged   INTEGER      NOT NULL DEFAULT 0,
    amount_charged     BIGINT       NOT NULL DEFAULT 0,
    surcharge_age_tier VARCHAR(30)  NOT NULL DEFAULT '',
    rate_surcharge     BIGINT       NOT NULL DEFAULT 0,
    created_at         ${TIME} NOT NULL,
    updated_at         ${TIME} NOT NULL
);
CREATE UNIQUE INDEX fba_aged_surcharges_key ON fba_aged_surcharges (seller_id, marketplace_id, snapshot_date, sku, fnsku, surcharge_age_tier);
CREATE INDEX fba_aged_surcharges_company_month ON fba_aged_surcharges (company_id, month);

-- +goose Down
DROP TABLE fba_aged_surcharges;
DROP TABLE fba_storage_fees;
