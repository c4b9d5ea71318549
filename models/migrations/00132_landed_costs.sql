-- 成本核算 (issue 49): the parts of a product's landed unit cost that purchasing does not keep, entered per month
-- and holding from that month until a later month's row: 辅料, 包材, 加工费 and 头程 (CNY per unit, Money units;
-- 头程 NULL: the product's own 头程) and the duty rate (关税, percent of the purchase cost, four decimals as Money).
-- With the purchase cost (the weighted average kept by purchasing) they make the landed cost 利润报告 uses.

-- +goose Up
CREATE TABLE landed_costs (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    product_id ${ID} NOT NULL,
    month      VARCHAR(7) NOT NULL,
    materials  BIGINT NOT NULL,
    packing    BIGINT NOT NULL,
    processing BIGINT NOT NULL,
    first_leg  BIGINT NULL,
    duty_rate  BIGINT NOT NULL,
    updated_by ${ID} NOT NULL,
    updated_at ${TIME} NOT NULL,
    PRIMARY KEY (company_id, product_id, month)
);

-- +goose Down
DROP TABLE landed_costs;
