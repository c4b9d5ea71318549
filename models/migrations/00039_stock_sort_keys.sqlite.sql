-- The stock list is ordered by warehouse name and SKU unless asked otherwise, and may be sorted by either: both
-- live in other tables, so every such page joined and sorted all of the company's stock rows. The stock row now
-- carries copies of both, kept by triggers whatever writes the rows, and indexes serve those orders (with the
-- warehouse filter, SKU order within the warehouse). PostgreSQL has the same in 00039_stock_sort_keys.postgres.sql.
-- +goose Up
ALTER TABLE stocks ADD COLUMN warehouse_name TEXT NOT NULL DEFAULT '';
ALTER TABLE stocks ADD COLUMN sku TEXT NOT NULL DEFAULT '';
UPDATE stocks SET warehouse_name = (SELECT name FROM warehouses WHERE warehouses.id = stocks.warehouse_id),
    sku = (SELECT sku FROM local_products WHERE local_products.id = stocks.product_id);

-- +goose StatementBegin
CREATE TRIGGER stocks_sort_keys_insert AFTER INSERT ON stocks BEGIN
    UPDATE stocks SET warehouse_name = (SELECT name FROM warehouses WHERE id = new.warehouse_id),
        sku = (SELECT sku FROM local_products WHERE id = new.product_id)
    WHERE id = new.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER stocks_sort_keys_update AFTER UPDATE OF warehouse_id, product_id ON stocks BEGIN
    UPDATE stocks SET warehouse_name = (SELECT name FROM warehouses WHERE id = new.warehouse_id),
        sku = (SELECT sku FROM local_products WHERE id = new.product_id)
    WHERE id = new.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER warehouses_name_to_stocks AFTER UPDATE OF name ON warehouses WHEN old.name <> new.name BEGIN
    UPDATE stocks SET warehouse_name = new.name WHERE warehouse_id = new.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER local_products_sku_to_stocks AFTER UPDATE OF sku ON local_products WHEN old.sku <> new.sku BEGIN
    UPDATE stocks SET sku = new.sku WHERE company_id = new.company_id AND product_id = new.id;
END;
-- +goose StatementEnd

CREATE INDEX stocks_company_warehouse_name ON stocks (company_id, warehouse_name, sku, id);
CREATE INDEX stocks_company_sku ON stocks (company_id, sku, id);
CREATE INDEX stocks_company_warehouse_sku ON stocks (company_id, warehouse_id, sku, id);

-- +goose Down
DROP INDEX stocks_company_warehouse_sku;
DROP INDEX stocks_company_sku;
DROP INDEX stocks_company_warehouse_name;
DROP TRIGGER local_products_sku_to_stocks;
DROP TRIGGER warehouses_name_to_stocks;
DROP TRIGGER stocks_sort_keys_update;
DROP TRIGGER stocks_sort_keys_insert;
ALTER TABLE stocks DROP COLUMN sku;
ALTER TABLE stocks DROP COLUMN warehouse_name;
