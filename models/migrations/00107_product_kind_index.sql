-- 物料, 耗材 and 包材 each list one kind of local product newest first; a kind few products have would otherwise
-- walk the company's whole created_at index for a page of it.
-- +goose Up
CREATE INDEX local_products_company_kind_created ON local_products (company_id, kind, created_at, id);

-- +goose Down
DROP INDEX local_products_company_kind_created;
