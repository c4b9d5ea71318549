-- 速卖通店铺授权: the company's AliExpress stores, each named and placed in a region by the seller and authorised
-- through the AliExpress Open Platform's OAuth. The tokens are sealed like Amazon's refresh tokens; seller_id is
-- the platform's, empty until the first authorisation, and one seller account belongs to one store of a company.
-- status: pending (added, never authorised), active, invalid (a refresh refused: the seller must authorise again).

-- +goose Up
CREATE TABLE aliexpress_stores (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    name               VARCHAR(50) NOT NULL,
    region             VARCHAR(10) NOT NULL,
    status             VARCHAR(10) NOT NULL,
    seller_id          VARCHAR(40) NOT NULL DEFAULT '',
    user_nick          VARCHAR(100) NOT NULL DEFAULT '',
    access_token       TEXT NOT NULL DEFAULT '',
    refresh_token      TEXT NOT NULL DEFAULT '',
    token_expires_at   ${TIME} NULL,
    refresh_expires_at ${TIME} NULL,
    authorized_at      ${TIME} NULL,
    created_at         ${TIME} NOT NULL,
    updated_at         ${TIME} NOT NULL
);
CREATE UNIQUE INDEX aliexpress_stores_company_name ON aliexpress_stores (company_id, name);
CREATE INDEX aliexpress_stores_company_seller ON aliexpress_stores (company_id, seller_id);

-- +goose Down
DROP TABLE aliexpress_stores;
