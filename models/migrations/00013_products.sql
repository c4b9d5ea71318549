-- Local products (本地产品) and what they refer to: brands, categories (a tree), suppliers, and listings (a
-- seller SKU of a store group in a marketplace, paired with a local product). Weights are kilograms, lengths
-- centimetres, prices yuan: all DECIMAL, never floating point.

-- +goose Up
CREATE TABLE brands (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(50)  NOT NULL,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX brands_company_name ON brands (company_id, name);

CREATE TABLE categories (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    parent_id  ${ID} NOT NULL DEFAULT 0,
    name       VARCHAR(50)  NOT NULL,
    sort       INTEGER      NOT NULL DEFAULT 0,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX categories_company_parent_name ON categories (company_id, parent_id, name);

CREATE TABLE suppliers (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    name       VARCHAR(100) NOT NULL,
    contact    VARCHAR(50)  NOT NULL DEFAULT '',
    phone      VARCHAR(30)  NOT NULL DEFAULT '',
    address    VARCHAR(200) NOT NULL DEFAULT '',
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX suppliers_company_name ON suppliers (company_id, name);

-- kind: 1 product (产品), 2 consumable (耗材), 3 packing material (包材).
CREATE TABLE local_products (
    id            ${ID} PRIMARY KEY,
    company_id    ${ID} NOT NULL REFERENCES companies (id),
    sku           VARCHAR(50)   NOT NULL,
    name          VARCHAR(200)  NOT NULL,
    image         VARCHAR(300)  NOT NULL DEFAULT '',
    kind          SMALLINT      NOT NULL DEFAULT 1,
    brand_id      ${ID} NULL REFERENCES brands (id),
    category_id   ${ID} NULL REFERENCES categories (id),
    supplier_id   ${ID} NULL REFERENCES suppliers (id),
    price         DECIMAL(14,2) NULL,
    weight        DECIMAL(10,3) NULL,
    length        DECIMAL(10,2) NULL,
    width         DECIMAL(10,2) NULL,
    height        DECIMAL(10,2) NULL,
    carton_units  INTEGER       NULL,
    carton_weight DECIMAL(10,3) NULL,
    carton_length DECIMAL(10,2) NULL,
    carton_width  DECIMAL(10,2) NULL,
    carton_height DECIMAL(10,2) NULL,
    remark        VARCHAR(500)  NOT NULL DEFAULT '',
    disabled      BOOLEAN       NOT NULL DEFAULT FALSE,
    created_at    ${TIME} NOT NULL,
    updated_at    ${TIME} NOT NULL
);
CREATE UNIQUE INDEX local_products_company_sku ON local_products (company_id, sku);
-- The list's default order (newest first) and the refusals to delete a brand, category or supplier in use.
CREATE INDEX local_products_company_created ON local_products (company_id, created_at);
CREATE INDEX local_products_brand ON local_products (brand_id);
CREATE INDEX local_products_category ON local_products (category_id);
CREATE INDEX local_products_supplier ON local_products (supplier_id);

-- A listing (平台SKU / msku) of a store group in one marketplace, paired (SKU配对) with a local product or not yet.
CREATE TABLE listings (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(20)  NOT NULL REFERENCES marketplaces (id),
    seller_sku     VARCHAR(100) NOT NULL,
    asin           VARCHAR(20)  NOT NULL DEFAULT '',
    fnsku          VARCHAR(20)  NOT NULL DEFAULT '',
    product_id     ${ID} NULL REFERENCES local_products (id),
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX listings_company_group_market_sku ON listings (company_id, group_id, marketplace_id, seller_sku);
CREATE INDEX listings_product ON listings (product_id);

-- +goose Down
DROP TABLE listings;
DROP TABLE local_products;
DROP TABLE suppliers;
DROP TABLE categories;
DROP TABLE brands;
