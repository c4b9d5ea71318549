-- 商品列表 (issue 48): the listing's owner (运营负责人), one of the company's users, assigned by the company (one
-- listing or many at once), and the company's tags (/sys/tag) put on listings. 业绩报告 sums sales and profit by
-- the owner (and the owner's department). The sync's upsert does not name owner_id, so a sync keeps it.

-- +goose Up
ALTER TABLE listings ADD COLUMN owner_id ${ID} NULL;
CREATE INDEX listings_company_owner ON listings (company_id, owner_id);

CREATE TABLE listing_tags (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    listing_id ${ID} NOT NULL,
    tag_id     ${ID} NOT NULL,
    created_at ${TIME} NOT NULL,
    PRIMARY KEY (listing_id, tag_id)
);
CREATE INDEX listing_tags_company_tag ON listing_tags (company_id, tag_id);

-- +goose Down
DROP TABLE listing_tags;
DROP INDEX listings_company_owner;
ALTER TABLE listings DROP COLUMN owner_id;
