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

-- The catalogue's rows set their listings' ranks once a statement (the sync upserts a page of items at a time).
-- +goose StatementBegin
CREATE FUNCTION catalog_items_set_listing_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE listings SET group_rank = NULL FROM gone_rows o
            WHERE listings.company_id = o.company_id AND listings.asin = o.asin
                AND listings.marketplace_id = o.marketplace_id AND listings.group_rank IS NOT NULL;
    ELSE
        UPDATE listings SET group_rank = n.group_rank FROM changed_rows n
            WHERE listings.company_id = n.company_id AND listings.asin = n.asin
                AND listings.marketplace_id = n.marketplace_id AND listings.group_rank IS DISTINCT FROM n.group_rank;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER catalog_items_rank_insert AFTER INSERT ON catalog_items
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_set_listing_ranks();
CREATE TRIGGER catalog_items_rank_update AFTER UPDATE ON catalog_items
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_set_listing_ranks();
CREATE TRIGGER catalog_items_rank_delete AFTER DELETE ON catalog_items
    REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_items_set_listing_ranks();

-- A listing given another ASIN or marketplace reads its item's rank as it is written.
-- +goose StatementBegin
CREATE FUNCTION listings_read_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.group_rank := (SELECT ci.group_rank FROM catalog_items ci WHERE ci.company_id = NEW.company_id
        AND ci.marketplace_id = NEW.marketplace_id AND ci.asin = NEW.asin);
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER listings_rank_update BEFORE UPDATE OF asin, marketplace_id ON listings
    FOR EACH ROW WHEN (OLD.asin IS DISTINCT FROM NEW.asin OR OLD.marketplace_id IS DISTINCT FROM NEW.marketplace_id)
    EXECUTE FUNCTION listings_read_rank();

-- Listings added read theirs once a statement, not a function call a row: the listings report adds thousands a
-- statement, mostly before the 父ASIN sync has read any of their items.
-- +goose StatementBegin
CREATE FUNCTION listings_read_added_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE listings SET group_rank = ci.group_rank FROM added_rows a
        JOIN catalog_items ci ON ci.company_id = a.company_id AND ci.marketplace_id = a.marketplace_id AND ci.asin = a.asin
        WHERE listings.id = a.id AND ci.group_rank IS NOT NULL;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER listings_rank_insert AFTER INSERT ON listings
    REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_read_added_ranks();

-- +goose Down
DROP TRIGGER listings_rank_insert ON listings;
DROP FUNCTION listings_read_added_ranks();
DROP TRIGGER listings_rank_update ON listings;
DROP FUNCTION listings_read_rank();
DROP TRIGGER catalog_items_rank_delete ON catalog_items;
DROP TRIGGER catalog_items_rank_update ON catalog_items;
DROP TRIGGER catalog_items_rank_insert ON catalog_items;
DROP FUNCTION catalog_items_set_listing_ranks();
DROP INDEX listings_company_rank_desc;
DROP INDEX listings_company_rank;
ALTER TABLE listings DROP COLUMN group_rank;
