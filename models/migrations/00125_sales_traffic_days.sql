-- Sales and traffic (amazondata's salestraffic kind): each child ASIN's day of GET_SALES_AND_TRAFFIC_REPORT in a
-- marketplace (the report asked for one day, by child ASIN), with its parent ASIN, which 流量报告 and Listing分析
-- read by child or by parent. The day is the report's (Amazon's business report day); sales in models.Money's
-- units; the Buy Box and unit session percentages in basis points (9550 is 95.50%).
-- +goose Up
CREATE TABLE sales_traffic_days (
    id               ${ID} PRIMARY KEY,
    company_id       ${ID} NOT NULL REFERENCES companies (id),
    group_id         ${ID} NOT NULL REFERENCES store_groups (id),
    seller_id        ${ID} NOT NULL REFERENCES sellers (id),
    marketplace_id   VARCHAR(20)  NOT NULL,
    day              VARCHAR(10)  NOT NULL,
    parent_asin      VARCHAR(20)  NOT NULL DEFAULT '',
    child_asin       VARCHAR(20)  NOT NULL,
    sku              VARCHAR(200) NOT NULL DEFAULT '',
    sessions         BIGINT       NOT NULL DEFAULT 0,
    browser_sessions BIGINT       NOT NULL DEFAULT 0,
    page_views       BIGINT       NOT NULL DEFAULT 0,
    buy_box_bp       BIGINT       NOT NULL DEFAULT 0,
    unit_session_bp  BIGINT       NOT NULL DEFAULT 0,
    units            BIGINT       NOT NULL DEFAULT 0,
    order_items      BIGINT       NOT NULL DEFAULT 0,
    sales            BIGINT       NOT NULL DEFAULT 0,
    currency         VARCHAR(3)   NOT NULL DEFAULT '',
    created_at       ${TIME} NOT NULL,
    updated_at       ${TIME} NOT NULL
);
CREATE UNIQUE INDEX sales_traffic_days_key ON sales_traffic_days (seller_id, marketplace_id, day, child_asin);
CREATE INDEX sales_traffic_days_company_day ON sales_traffic_days (company_id, day);

-- +goose Down
DROP TABLE sales_traffic_days;
