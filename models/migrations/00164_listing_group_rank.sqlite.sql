-- 商品列表 sorted by 排名 (issue 48) joined each listing's catalogue item (00155) and sorted all of them: 232-292 ms a
-- page at 100,000 listings. The display group rank is kept on the listing as well, by triggers, so that an index
-- gives the order: the catalogue's rows (the 父ASIN sync, which reads the ranks) write it to their listings, and a
-- listing added or given another ASIN or marketplace reads its item's. The two indexes are the order both ways,
-- unranked listings last in each. PostgreSQL has the same in 00164_listing_group_rank.postgres.sql.
-- +goose Up
ALTER TABLE listings ADD COLUMN group_rank INTEGER NULL;
UPDATE listings SET group_rank = (SELECT ci.group_rank FROM catalog_items ci WHERE ci.company_id = listings.company_id
        AND ci.marketplace_id = listings.marketplace_id AND ci.asin = listings.asin)
    WHERE EXISTS (SELECT 1 FROM catalog_items ci WHERE ci.company_id = listings.company_id
        AND ci.marketplace_id = listings.marketplace_id AND ci.asin = listings.asin AND ci.group_rank IS NOT NULL);
CREATE INDEX listings_company_rank ON listings (company_id, COALESCE(group_rank, 2147483647), id);
CREATE INDEX listings_company_rank_desc ON listings (company_id, COALESCE(group_rank, -1), id);

-- +goose StatementBegin
CREATE TRIGGER catalog_items_rank_insert AFTER INSERT ON catalog_items WHEN new.group_rank IS NOT NULL BEGIN
    UPDATE listings SET group_rank = new.group_rank
        WHERE company_id = new.company_id AND asin = new.asin AND marketplace_id = new.marketplace_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER catalog_items_rank_update AFTER UPDATE OF group_rank ON catalog_items
    WHEN old.group_rank IS NOT new.group_rank BEGIN
    UPDATE listings SET group_rank = new.group_rank
        WHERE company_id = new.company_id AND asin = new.asin AND marketplace_id = new.marketplace_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER catalog_items_rank_delete AFTER DELETE ON catalog_items WHEN old.group_rank IS NOT NULL BEGIN
    UPDATE listings SET group_rank = NULL
        WHERE company_id = old.company_id AND asin = old.asin AND marketplace_id = old.marketplace_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listings_rank_insert AFTER INSERT ON listings
    WHEN EXISTS (SELECT 1 FROM catalog_items ci WHERE ci.company_id = new.company_id
        AND ci.marketplace_id = new.marketplace_id AND ci.asin = new.asin AND ci.group_rank IS NOT NULL) BEGIN
    UPDATE listings SET group_rank = (SELECT ci.group_rank FROM catalog_items ci WHERE ci.company_id = new.company_id
        AND ci.marketplace_id = new.marketplace_id AND ci.asin = new.asin) WHERE id = new.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER listings_rank_update AFTER UPDATE OF asin, marketplace_id ON listings
    WHEN old.asin <> new.asin OR old.marketplace_id <> new.marketplace_id BEGIN
    UPDATE listings SET group_rank = (SELECT ci.group_rank FROM catalog_items ci WHERE ci.company_id = new.company_id
        AND ci.marketplace_id = new.marketplace_id AND ci.asin = new.asin) WHERE id = new.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER listings_rank_update;
DROP TRIGGER listings_rank_insert;
DROP TRIGGER catalog_items_rank_delete;
DROP TRIGGER catalog_items_rank_update;
DROP TRIGGER catalog_items_rank_insert;
DROP INDEX listings_company_rank_desc;
DROP INDEX listings_company_rank;
ALTER TABLE listings DROP COLUMN group_rank;
