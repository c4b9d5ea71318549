-- Shipments to Amazon (domain.md: shipments to Amazon). A shipment plan (发货计划) says which products go from
-- which warehouse to one store group's marketplace; a shipment (货件) has its destination fulfilment centre, items
-- and cartons. Local status: -1 驳回, 0 取消, 1 待确认, 2 配货, 3 装箱, 4 发货出库; amazon_status holds Amazon's own
-- (WORKING, SHIPPED, ..., CLOSED) once it is shipped.

-- +goose Up
-- status: 0 待提交, 1 已提交, 2 已生成货件, 3 已作废.
CREATE TABLE shipment_plans (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    number         VARCHAR(40)  NOT NULL,
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(20)  NOT NULL REFERENCES marketplaces (id),
    warehouse_id   ${ID} NOT NULL REFERENCES warehouses (id),
    status         SMALLINT     NOT NULL DEFAULT 0,
    remark         VARCHAR(500) NOT NULL DEFAULT '',
    creator_id     ${ID} NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX shipment_plans_company_number ON shipment_plans (company_id, number);
CREATE INDEX shipment_plans_company_created ON shipment_plans (company_id, created_at);

CREATE TABLE shipment_plan_items (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    plan_id    ${ID} NOT NULL REFERENCES shipment_plans (id),
    product_id ${ID} NOT NULL REFERENCES local_products (id),
    seller_sku VARCHAR(100) NOT NULL,
    quantity   INTEGER      NOT NULL
);
CREATE UNIQUE INDEX shipment_plan_items_plan_sku ON shipment_plan_items (plan_id, seller_sku);

CREATE TABLE shipments (
    id             ${ID} PRIMARY KEY,
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    shipment_id    VARCHAR(20)   NOT NULL,
    name           VARCHAR(100)  NOT NULL DEFAULT '',
    plan_id        ${ID} NULL REFERENCES shipment_plans (id),
    group_id       ${ID} NOT NULL REFERENCES store_groups (id),
    marketplace_id VARCHAR(20)   NOT NULL REFERENCES marketplaces (id),
    warehouse_id   ${ID} NOT NULL REFERENCES warehouses (id),
    center         VARCHAR(20)   NOT NULL DEFAULT '',
    status         SMALLINT      NOT NULL DEFAULT 1,
    amazon_status  VARCHAR(20)   NOT NULL DEFAULT '',
    remark         VARCHAR(500)  NOT NULL DEFAULT '',
    carrier        VARCHAR(50)   NOT NULL DEFAULT '',
    channel        VARCHAR(50)   NOT NULL DEFAULT '',
    tracking       VARCHAR(100)  NOT NULL DEFAULT '',
    freight        DECIMAL(14,2) NULL,
    creator_id     ${ID} NULL,
    audited_at     ${TIME} NULL,
    shipped_at     ${TIME} NULL,
    created_at     ${TIME} NOT NULL,
    updated_at     ${TIME} NOT NULL
);
CREATE UNIQUE INDEX shipments_company_shipment ON shipments (company_id, shipment_id);
CREATE INDEX shipments_company_created ON shipments (company_id, created_at);

CREATE TABLE shipment_items (
    id                ${ID} PRIMARY KEY,
    company_id        ${ID} NOT NULL REFERENCES companies (id),
    shipment_ref      ${ID} NOT NULL REFERENCES shipments (id),
    product_id        ${ID} NOT NULL REFERENCES local_products (id),
    seller_sku        VARCHAR(100) NOT NULL,
    fnsku             VARCHAR(20)  NOT NULL DEFAULT '',
    quantity          INTEGER      NOT NULL,
    quantity_shipped  INTEGER      NOT NULL DEFAULT 0,
    quantity_received INTEGER      NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX shipment_items_shipment_sku ON shipment_items (shipment_ref, seller_sku);

CREATE TABLE shipment_cartons (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    shipment_ref ${ID} NOT NULL REFERENCES shipments (id),
    number       INTEGER       NOT NULL,
    weight       DECIMAL(10,3) NULL,
    length       DECIMAL(10,2) NULL,
    width        DECIMAL(10,2) NULL,
    height       DECIMAL(10,2) NULL
);
CREATE UNIQUE INDEX shipment_cartons_shipment_number ON shipment_cartons (shipment_ref, number);

CREATE TABLE shipment_carton_items (
    carton_id ${ID} NOT NULL REFERENCES shipment_cartons (id),
    item_id   ${ID} NOT NULL REFERENCES shipment_items (id),
    quantity  INTEGER NOT NULL,
    PRIMARY KEY (carton_id, item_id)
);

-- +goose Down
DROP TABLE shipment_carton_items;
DROP TABLE shipment_cartons;
DROP TABLE shipment_items;
DROP TABLE shipments;
DROP TABLE shipment_plan_items;
DROP TABLE shipment_plans;
