-- FBA每日库存's keyword (a part of a seller SKU or FNSKU) read every daily balance of the company to test each one's
-- SKU and FNSKU: a year of a 1,000-SKU store is 1.8 million balances, and at 20 users every call ran out of time.
-- The company's distinct (seller SKU, FNSKU) pairs are a table of their own, a few thousand rows, that the keyword
-- is tested against first; the SKUs it names are then read on fba_ledger_balances_company_sku (company, SKU, day).
-- The balances' import adds the pairs of each batch it writes (amazondata.UpsertLedgerBalances). A pair whose
-- balances are rewritten under another SKU stays: it only names a SKU the balances are tested against again.

-- +goose Up
CREATE TABLE fba_ledger_skus (
    company_id ${ID} NOT NULL,
    sku        VARCHAR(200) NOT NULL,
    fnsku      VARCHAR(20)  NOT NULL,
    PRIMARY KEY (company_id, sku, fnsku)
);
INSERT INTO fba_ledger_skus (company_id, sku, fnsku) SELECT DISTINCT company_id, sku, fnsku FROM fba_ledger_balances;

-- +goose Down
DROP TABLE fba_ledger_skus;
