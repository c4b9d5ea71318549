-- 图片上传 (issue 46): a product's further pictures, uploaded in bulk by file name (SKU-2.jpg is picture 2 of the
-- product whose SKU is SKU). Picture 1 stays local_products.image, which every list shows; these are 2 to 9.

-- +goose Up
CREATE TABLE local_product_images (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    product_id ${ID} NOT NULL REFERENCES local_products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    image      VARCHAR(300) NOT NULL,
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX local_product_images_position ON local_product_images (product_id, position);
CREATE INDEX local_product_images_company ON local_product_images (company_id);

-- +goose Down
DROP TABLE local_product_images;
