-- 订单管理's search beside its store filter, and by a user limited to stores (who reads the lists as if those
-- stores were chosen: models.ofStores; several are read as one range each). The items' index of SKUs holds every store's items, and the store is on
-- their rows: a search whose SKUs are another store's read each of its matches' rows to find none the filter
-- passes (日本站's clerk searching the US store's SKUs, `US-`: 225,000 items read, 570 ms alone on SQLite at 500,000
-- items, 10-15 s at 20 users; on PostgreSQL at 2,000,000 items 1.9 s alone, every call of 20 users past the
-- statement timeout). Here a store's SKUs are a range of their own, in date order within a SKU: 1.5 ms and 3 ms.
-- Its price is an index entry more for each item imported: a first import of 300,000 lines,
-- alternating runs, took 14% more of SQLite's CPU (11.2 -> 12.8 s, 32,200 -> 27,300 lines/s) and no more of
-- PostgreSQL's within the noise (46,100 -> 46,500 lines/s), which a search that timed out for an empty list is worth.

-- +goose Up
CREATE INDEX amazon_order_items_company_group_sku ON amazon_order_items (company_id, group_id, sku, purchase_date);

-- +goose Down
DROP INDEX amazon_order_items_company_group_sku;
