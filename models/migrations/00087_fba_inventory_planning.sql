-- Each FBA SKU's inventory health (GET_FBA_INVENTORY_PLANNING_DATA, amazondata's planning kind) as of the latest
-- snapshot Amazon made: units by age, units shipped, Amazon's recommended action, the excess, the storage next
-- month will cost and the days of supply. Money in models.Money's units; sell-through and days of supply in
-- ten-thousandths; the item volume in millionths of volume_unit.
-- +goose Up
CREATE TABLE fba_inventory_planning (
    id                        ${ID} PRIMARY KEY,
    company_id                ${ID} NOT NULL REFERENCES companies (id),
    group_id                  ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id                 ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id            VARCHAR(20)  NOT NULL,
    snapshot_date             VARCHAR(10)  NOT NULL,
    sku                       VARCHAR(200) NOT NULL,
    fnsku                     VARCHAR(20)  NOT NULL DEFAULT '',
    asin                      VARCHAR(20)  NOT NULL DEFAULT '',
    product_name              TEXT         NOT NULL,
    item_condition            VARCHAR(40)  NOT NULL DEFAULT '',
    available                 INTEGER      NOT NULL DEFAULT 0,
    pending_removal           INTEGER      NOT NULL DEFAULT 0,
    age_0_90                  INTEGER      NOT NULL DEFAULT 0,
    age_91_180                INTEGER      NOT NULL DEFAULT 0,
    age_181_270               INTEGER      NOT NULL DEFAULT 0,
    age_271_365               INTEGER      NOT NULL DEFAULT 0,
    age_365_plus              INTEGER      NOT NULL DEFAULT 0,
    shipped_t30               INTEGER      NOT NULL DEFAULT 0,
    shipped_t90               INTEGER      NOT NULL DEFAULT 0,
    currency                  VARCHAR(3)   NOT NULL DEFAULT '',
    your_price                BIGINT       NOT NULL DEFAULT 0,
    alert                     VARCHAR(40)  NOT NULL DEFAULT '',
    recommended_action        VARCHAR(60)  NOT NULL DEFAULT '',
    recommended_removal       INTEGER      NOT NULL DEFAULT 0,
    estimated_savings         BIGINT       NOT NULL DEFAULT 0,
    sell_through              BIGINT       NOT NULL DEFAULT 0,
    item_volume               BIGINT       NOT NULL DEFAULT 0,
    volume_unit               VARCHAR(20)  NOT NULL DEFAULT '',
    storage_type              VARCHAR(30)  NOT NULL DEFAULT '',
    days_of_supply            BIGINT       NOT NULL DEFAULT 0,
    excess_quantity           INTEGER      NOT NULL DEFAULT 0,
    storage_cost_next_month   BIGINT       NOT NULL DEFAULT 0,
    inbound_quantity          INTEGER      NOT NULL DEFAULT 0,
    reserved_quantity         INTEGER      NOT NULL DEFAULT 0,
    unfulfillable_quantity    INTEGER      NOT NULL DEFAULT 0,
    short_term_days_of_supply BIGINT       NOT NULL DEFAULT 0,
    long_term_days_of_supply  BIGINT       NOT NULL DEFAULT 0,
    health_status             VARCHAR(40)  NOT NULL DEFAULT '',
    created_at                ${TIME} NOT NULL,
    updated_at                ${TIME} NOT NULL
);
-- The latest snapshot of a SKU replaces its line.
CREATE UNIQUE INDEX fba_inventory_planning_key ON fba_inventory_planning (seller_id, marketplace_id, sku);
CREATE INDEX fba_inventory_planning_company ON fba_inventory_planning (company_id, group_id, marketplace_id);

-- +goose Down
DROP TABLE fba_inventory_planning;
