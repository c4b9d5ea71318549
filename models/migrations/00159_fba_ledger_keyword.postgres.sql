-- FBA每日库存 finds a SKU's days by a keyword (a part of the seller SKU or FNSKU), a leading-wildcard ILIKE that no
-- B-tree serves: at 1,000 SKUs × 5 centres × a year (1.8 million balances) it read every balance. pg_trgm's GIN
-- indexes serve it as written, as 00030's do; SQLite has the same in 00159_fba_ledger_keyword.sqlite.sql.
-- +goose Up
CREATE INDEX fba_ledger_balances_sku_trgm ON fba_ledger_balances USING gin (sku gin_trgm_ops);
CREATE INDEX fba_ledger_balances_fnsku_trgm ON fba_ledger_balances USING gin (fnsku gin_trgm_ops);

-- +goose Down
DROP INDEX fba_ledger_balances_fnsku_trgm;
DROP INDEX fba_ledger_balances_sku_trgm;
