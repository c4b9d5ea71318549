-- Exchanges (换货单, domain.md: exchange) are stock documents of kind exchange in one warehouse: each line turns
-- quantity units of product_id into units of to_product_id (relabelled to another listing's FNSKU, repacked).
-- Approving one takes the units out of product_id's fulfillable (out of bin_id when the line names one) and adds
-- them to to_product_id's (into the same bin), the new units at the old ones' weighted average cost, kept in
-- unit_cost; cancelling it moves them back. A document names each product once.

-- +goose Up
ALTER TABLE stock_document_lines ADD COLUMN to_product_id ${ID} NULL REFERENCES local_products (id);
CREATE INDEX stock_document_lines_to_product ON stock_document_lines (to_product_id);

-- +goose Down
DROP INDEX stock_document_lines_to_product;
ALTER TABLE stock_document_lines DROP COLUMN to_product_id;
