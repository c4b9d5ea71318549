-- Paged lists at a million rows of one company: each list reads its page's ids from its own table in the list's
-- order (models/list.go readPage), so each order a list offers is an index starting with the company, ending in
-- the id that breaks ties. Walking such an index gives the rows already sorted, however deep the page, without a
-- sort of every matching row; with the id inside it the walk needs no table row on either database (SQLite's
-- indexes carry the rowid, not our BIGINT id). An index these replace is the same index less the trailing id.

-- +goose Up
-- 本地产品: newest first by default; by SKU, name, weight or price; the brand, category and supplier filters in
-- the default order (without one, PostgreSQL read and sorted all 50,000 products of a category for its page 2000:
-- 160 ms). The SKU's unique index does not serve "sku, id": PostgreSQL sorted 40,000 rows of it for page 2000
-- (33 ms). The kind and 停用 filters match most products, so the default order's index finds their pages.
DROP INDEX local_products_company_created;
CREATE INDEX local_products_company_created ON local_products (company_id, created_at, id);
CREATE INDEX local_products_company_sku_id ON local_products (company_id, sku, id);
CREATE INDEX local_products_company_name ON local_products (company_id, name, id);
CREATE INDEX local_products_company_weight ON local_products (company_id, weight, id);
CREATE INDEX local_products_company_price ON local_products (company_id, price, id);
CREATE INDEX local_products_company_brand_created ON local_products (company_id, brand_id, created_at, id);
CREATE INDEX local_products_company_category_created ON local_products (company_id, category_id, created_at, id);
CREATE INDEX local_products_company_supplier_created ON local_products (company_id, supplier_id, created_at, id);

-- 平台SKU: newest first by default; by seller SKU, ASIN, FNSKU, title, price or status.
CREATE INDEX listings_company_created ON listings (company_id, created_at, id);
CREATE INDEX listings_company_seller_sku ON listings (company_id, seller_sku, id);
CREATE INDEX listings_company_asin ON listings (company_id, asin, id);
CREATE INDEX listings_company_fnsku ON listings (company_id, fnsku, id);
CREATE INDEX listings_company_item_name ON listings (company_id, item_name, id);
CREATE INDEX listings_company_price ON listings (company_id, price, id);
CREATE INDEX listings_company_status ON listings (company_id, status, id);

-- 库存流水: newest first by default, or by document number.
DROP INDEX stock_ledger_company_created;
CREATE INDEX stock_ledger_company_created ON stock_ledger (company_id, created_at, id);
DROP INDEX stock_ledger_doc;
CREATE INDEX stock_ledger_doc ON stock_ledger (company_id, doc_number, id);

-- 库存: by the quantities or the update time (the warehouse and product orders sort by their names).
CREATE INDEX stocks_company_inbound ON stocks (company_id, inbound, id);
CREATE INDEX stocks_company_fulfillable ON stocks (company_id, fulfillable, id);
CREATE INDEX stocks_company_outbound ON stocks (company_id, outbound, id);
CREATE INDEX stocks_company_updated ON stocks (company_id, updated_at, id);

-- The published notifications, operation logs and sync runs: newest first.
CREATE INDEX notifications_company_created ON notifications (company_id, created_at, id);
DROP INDEX operation_logs_company_time;
CREATE INDEX operation_logs_company_time ON operation_logs (company_id, created_at, id);
DROP INDEX sync_runs_company_started;
CREATE INDEX sync_runs_company_started ON sync_runs (company_id, started_at, id);

-- Documents, shipment plans and shipments: newest first.
DROP INDEX stock_documents_company_kind;
CREATE INDEX stock_documents_company_kind ON stock_documents (company_id, kind, created_at, id);
DROP INDEX shipment_plans_company_created;
CREATE INDEX shipment_plans_company_created ON shipment_plans (company_id, created_at, id);
DROP INDEX shipments_company_created;
CREATE INDEX shipments_company_created ON shipments (company_id, created_at, id);

-- 字典项: within a dictionary (dict_items_page) by name, status or creation; value has dict_items_company_value.
CREATE INDEX dict_items_company_name ON dict_items (company_id, dict_code, name, id);
CREATE INDEX dict_items_company_status ON dict_items (company_id, dict_code, status, id);
CREATE INDEX dict_items_company_created ON dict_items (company_id, dict_code, created_at, id);

-- +goose Down
DROP INDEX dict_items_company_created;
DROP INDEX dict_items_company_status;
DROP INDEX dict_items_company_name;
DROP INDEX shipments_company_created;
CREATE INDEX shipments_company_created ON shipments (company_id, created_at);
DROP INDEX shipment_plans_company_created;
CREATE INDEX shipment_plans_company_created ON shipment_plans (company_id, created_at);
DROP INDEX stock_documents_company_kind;
CREATE INDEX stock_documents_company_kind ON stock_documents (company_id, kind, created_at);
DROP INDEX sync_runs_company_started;
CREATE INDEX sync_runs_company_started ON sync_runs (company_id, started_at);
DROP INDEX operation_logs_company_time;
CREATE INDEX operation_logs_company_time ON operation_logs (company_id, created_at);
DROP INDEX notifications_company_created;
DROP INDEX stocks_company_updated;
DROP INDEX stocks_company_outbound;
DROP INDEX stocks_company_fulfillable;
DROP INDEX stocks_company_inbound;
DROP INDEX stock_ledger_doc;
CREATE INDEX stock_ledger_doc ON stock_ledger (company_id, doc_number);
DROP INDEX stock_ledger_company_created;
CREATE INDEX stock_ledger_company_created ON stock_ledger (company_id, created_at);
DROP INDEX listings_company_status;
DROP INDEX listings_company_price;
DROP INDEX listings_company_item_name;
DROP INDEX listings_company_fnsku;
DROP INDEX listings_company_asin;
DROP INDEX listings_company_seller_sku;
DROP INDEX listings_company_created;
DROP INDEX local_products_company_supplier_created;
DROP INDEX local_products_company_category_created;
DROP INDEX local_products_company_brand_created;
DROP INDEX local_products_company_price;
DROP INDEX local_products_company_weight;
DROP INDEX local_products_company_name;
DROP INDEX local_products_company_sku_id;
DROP INDEX local_products_company_created;
CREATE INDEX local_products_company_created ON local_products (company_id, created_at);
