-- 商品列表 sorted by 排名 (issue 48) joined each listing's catalogue item (00155) and sorted all of them: 232-292 ms a
-- page at 100,000 listings. The display group rank is kept on the listing as well, by triggers, so that an index
-- gives the order: the catalogue's rows (the 父ASIN sync, which reads the ranks) write it to their listings, and a
-- listing added or given another ASIN or marketplace reads its item's. The two indexes are the order both ways,
-- unranked listings last in each. SQLite has the same in 00164_listing_group_rank.sqlite.sql.
-- +goose Up
ALTER TABLE listings ADD COLUMN group_rank INTEGER NULL;
UPDATE listings SET group_rank = ci.group_rank FROM catalog_items ci
    WHERE ci.company_id = listings.company_id AND ci.marketplace_id = listings.marketplace_id AND ci.asin = listings.asin
        AND ci.group_rank IS NOT NULL;
CREATE INDEX listings_company_rank ON listings (company_id, COALESCE(group_rank, 2147483647), id);
CREATE INDEX listings_company_rank_desc ON listings (company_id, COALESCE(group_rank, -1), id);

-- +goose StatementBegin
CREATE FUNCTION catalog_items_set_listing_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE listings SET group_rank = NULL
            WHERE company_id = OLD.company_id AND asin = OLD.asin AND marketplace_id = OLD.marketplace_id;
    ELSE
        UPDATE listings SET group_rank = NEW.group_rank
            WHERE company_id = NEW.company_id AND asin = NEW.asin AND marketplace_id = NEW.marketplace_id
                AND group_rank IS DISTINCT FROM NEW.group_rank;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER catalog_items_rank_insert AFTER INSERT ON catalog_items
    FOR EACH ROW WHEN (NEW.group_rank IS NOT NULL) EXECUTE FUNCTION catalog_items_set_listing_rank();
CREATE TRIGGER catalog_items_rank_update AFTER UPDATE OF group_rank ON catalog_items
    FOR EACH ROW WHEN (OLD.group_rank IS DISTINCT FROM NEW.group_rank) EXECUTE FUNCTION catalog_items_set_listing_rank();
CREATE TRIGGER catalog_items_rank_delete AFTER DELETE ON catalog_items
    FOR EACH ROW WHEN (OLD.group_rank IS NOT NULL) EXECUTE FUNCTION catalog_items_set_listing_rank();

-- +goose StatementBegin
CREATE FUNCTION listings_read_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.group_rank := (SELECT ci.group_rank FROM catalog_items ci WHERE ci.company_id = NEW.company_id
        AND ci.marketplace_id = NEW.marketplace_id AND ci.asin = NEW.asin);
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER listings_rank_insert BEFORE INSERT ON listings FOR EACH ROW EXECUTE FUNCTION listings_read_rank();
CREATE TRIGGER listings_rank_update BEFORE UPDATE OF asin, marketplace_id ON listings
    FOR EACH ROW WHEN (OLD.asin IS DISTINCT FROM NEW.asin OR OLD.marketplace_id IS DISTINCT FROM NEW.marketplace_id)
    EXECUTE FUNCTION listings_read_rank();

-- +goose Down
DROP TRIGGER listings_rank_update ON listings;
DROP TRIGGER listings_rank_insert ON listings;
DROP FUNCTION listings_read_rank();
DROP TRIGGER catalog_items_rank_delete ON catalog_items;
DROP TRIGGER catalog_items_rank_update ON catalog_items;
DROP TRIGGER catalog_items_rank_insert ON catalog_items;
DROP FUNCTION catalog_items_set_listing_rank();
DROP INDEX listings_company_rank_desc;
DROP INDEX listings_company_rank;
ALTER TABLE listings DROP COLUMN group_rank;
