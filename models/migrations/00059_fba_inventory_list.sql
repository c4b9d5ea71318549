-- FBA库存明细 lists a company's FBA inventory by seller SKU unless sorted otherwise, and most often by what Amazon
-- can ship: each order gets an index that serves its first page without sorting every row of the company. A page
-- row's last 30 days of sales are read from the daily summary by its seller SKU: the summary's key leads with the
-- day, so without this index each row scanned every SKU's rows of those 30 days.
-- +goose Up
CREATE INDEX fba_inventory_company_sku ON fba_inventory (company_id, sku, id);
CREATE INDEX fba_inventory_company_fulfillable ON fba_inventory (company_id, fulfillable, id);
CREATE INDEX sales_sku_days_sku ON sales_sku_days (seller_id, marketplace_id, sku, bj_day);

-- +goose Down
DROP INDEX sales_sku_days_sku;
DROP INDEX fba_inventory_company_fulfillable;
DROP INDEX fba_inventory_company_sku;
