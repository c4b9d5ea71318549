-- 销售预测 (issue 48): the seller's own plan of units per seller SKU of a store group in a marketplace and month,
-- typed beside the forecast. 亚马逊补货计划 reads the plan of the current month, where one is set, as the line's
-- daily rate instead of the blend of its sales windows. A month without a row has no plan (0 is a plan: none sold).

-- +goose Up
CREATE TABLE sales_plans (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(32)  NOT NULL,
    sku            VARCHAR(200) NOT NULL,
    month          VARCHAR(7)   NOT NULL,
    units          INTEGER      NOT NULL,
    updated_by     ${ID} NOT NULL,
    updated_at     ${TIME} NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id, sku, month)
);

-- +goose Down
DROP TABLE sales_plans;
