-- 产品标签 (issue 46): the tags of the 标签 admin put on local products, several a product. Deleting a tag or a
-- product takes its rows with it; the second index serves 本地产品's tag filter and each tag's product count.

-- +goose Up
CREATE TABLE product_tags (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    product_id ${ID} NOT NULL REFERENCES local_products (id) ON DELETE CASCADE,
    tag_id     ${ID} NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    created_at ${TIME} NOT NULL,
    PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_company_tag ON product_tags (company_id, tag_id, product_id);

-- +goose Down
DROP TABLE product_tags;
