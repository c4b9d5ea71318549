-- 商品列表's status filter (在售, 不可售) in the list's default order, newest first: the index of the default order
-- alone walked every listing of the company, in the capped count beside the first page, to find the thousand of
-- the status (and the fulfilment channel) it counts. Here the walk is of the status's listings only, and the
-- channel and store group the filters also test are in the index, so no table row is read for them.
-- +goose Up
CREATE INDEX listings_company_status_created ON listings (company_id, status, created_at, id, fulfillment_channel, group_id);

-- +goose Down
DROP INDEX listings_company_status_created;
