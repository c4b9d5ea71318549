-- 亚马逊补货计划's kept sales (models/purchase/replenishment.go planSalesSQL) sum a company's last 60 days again after
-- each import: at 5,000 SKUs in four marketplaces, 800,000 daily sales rows and 1,200,000 ledger balances, 13 s on
-- SQLite, most of it fetching each row found by (company_id, day) from the table. The day index of sales_sku_days
-- now holds what the sum reads; the days out of stock start from the balances that began a day at zero or less
-- (a day whose sellable units summed to zero has one), a small index of its own, then sum those days alone.

-- +goose Up
DROP INDEX sales_sku_days_company_day;
CREATE INDEX sales_sku_days_company_day ON sales_sku_days (company_id, day, group_id, marketplace_id, sku, units);
CREATE INDEX fba_ledger_balances_out ON fba_ledger_balances (company_id, day) WHERE disposition = 'SELLABLE' AND starting <= 0;

-- +goose Down
DROP INDEX fba_ledger_balances_out;
DROP INDEX sales_sku_days_company_day;
CREATE INDEX sales_sku_days_company_day ON sales_sku_days (company_id, day);
