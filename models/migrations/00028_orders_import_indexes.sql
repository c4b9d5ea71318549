-- An orders report writes every index of amazon_orders once per order; the index by seller and last update has no
-- reader (the incremental sync keeps its cursor in sync_tasks), so it only slowed imports down.
-- +goose Up
DROP INDEX amazon_orders_seller_updated;

-- +goose Down
CREATE INDEX amazon_orders_seller_updated ON amazon_orders (seller_id, last_updated_date);
