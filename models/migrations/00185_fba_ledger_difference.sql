-- FBA每日库存's "不符 only" summed every balance's events on each call to find the few days that do not add up. Each
-- daily balance keeps its difference, ending - (starting + the day's events at its place), written by both ledger
-- imports in their batch's transaction (amazondata.refreshLedgerDifferences), and the days that do not add up are
-- read on a partial index of only those. Existing balances are filled here; most add up and are not rewritten.

-- +goose Up
ALTER TABLE fba_ledger_balances ADD COLUMN difference INTEGER NOT NULL DEFAULT 0;
UPDATE fba_ledger_balances SET difference = ending - starting - (SELECT COALESCE(SUM(e.quantity), 0)
    FROM fba_ledger_events e WHERE e.seller_id = fba_ledger_balances.seller_id
    AND e.marketplace_id = fba_ledger_balances.marketplace_id AND e.day = fba_ledger_balances.day
    AND e.fnsku = fba_ledger_balances.fnsku AND e.fulfillment_center = fba_ledger_balances.location
    AND e.disposition = fba_ledger_balances.disposition)
WHERE ending - starting <> (SELECT COALESCE(SUM(e.quantity), 0)
    FROM fba_ledger_events e WHERE e.seller_id = fba_ledger_balances.seller_id
    AND e.marketplace_id = fba_ledger_balances.marketplace_id AND e.day = fba_ledger_balances.day
    AND e.fnsku = fba_ledger_balances.fnsku AND e.fulfillment_center = fba_ledger_balances.location
    AND e.disposition = fba_ledger_balances.disposition);
CREATE INDEX fba_ledger_balances_mismatched ON fba_ledger_balances (company_id, sku, day) WHERE difference <> 0;

-- +goose Down
DROP INDEX fba_ledger_balances_mismatched;
ALTER TABLE fba_ledger_balances DROP COLUMN difference;
