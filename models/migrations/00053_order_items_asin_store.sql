-- 订单管理's search of an ASIN by a user limited to stores, or beside a store filter. Amazon's ASINs are a product's,
-- not a store's: several stores sell one, and their prefixes do not follow the stores, so the items' index of ASINs
-- stays one for all stores (the date order within an ASIN is what a search's first pages read). But the store was on
-- the item's row only: 日本站's clerk pasting an ASIN the US store sells read every one of its items' rows to find
-- none the clerk may see (10 ms of CPU a call on SQLite at 500,000 items: 220 ms at 20 users). With the store in the
-- index, each entry is tested there, before any row is read (SQLite's deferred seek; PostgreSQL's index condition).
-- The same entries, one column wider: no index more to write on an import.

-- +goose Up
DROP INDEX amazon_order_items_company_asin;
CREATE INDEX amazon_order_items_company_asin ON amazon_order_items (company_id, asin, purchase_date, group_id);

-- +goose Down
DROP INDEX amazon_order_items_company_asin;
CREATE INDEX amazon_order_items_company_asin ON amazon_order_items (company_id, asin, purchase_date);
