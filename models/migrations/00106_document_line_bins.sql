-- Put-away at receipt: an inbound document's line may name the bin (库位) its units go into when it is approved
-- (NULL: they wait to be put away, 待上架); cancelling the approved document takes them back out of that bin.

-- +goose Up
ALTER TABLE stock_document_lines ADD COLUMN bin_id ${ID} NULL REFERENCES bins (id);

-- +goose Down
ALTER TABLE stock_document_lines DROP COLUMN bin_id;
