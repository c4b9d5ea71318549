-- 1688账号绑定 and 1688结算 (issue 49): buyer accounts of the 1688 open platform bound by its OAuth, their orders
-- imported as purchase orders (采购单), and the payments of those orders. Tokens are sealed like Amazon's refresh
-- tokens. An order is kept once per company by its 1688 id, so a re-import changes nothing; it becomes a
-- purchase order (purchase_order_id) once every line names a local product, which alibaba_product_links
-- remember by the 1688 offer and spec ids. Amounts are yuan in models.Money's units (ten-thousandths).

-- +goose Up
-- status: 0 正常, 1 授权已失效 (the refresh token was refused: the buyer binds again). import_state: '' never,
-- queued, running, done, failed; import_done of import_total orders read in the running or last import.
CREATE TABLE alibaba_accounts (
    id                 ${ID} PRIMARY KEY,
    company_id         ${ID} NOT NULL REFERENCES companies (id),
    member_id          VARCHAR(64)  NOT NULL,
    login_id           VARCHAR(100) NOT NULL DEFAULT '',
    access_token       TEXT         NOT NULL,
    refresh_token      TEXT         NOT NULL,
    token_expires_at   ${TIME} NOT NULL,
    refresh_expires_at ${TIME} NULL,
    warehouse_id       ${ID} NOT NULL REFERENCES warehouses (id),
    status             SMALLINT     NOT NULL DEFAULT 0,
    import_state       VARCHAR(10)  NOT NULL DEFAULT '',
    import_done        INTEGER      NOT NULL DEFAULT 0,
    import_total       INTEGER      NOT NULL DEFAULT 0,
    import_error       VARCHAR(300) NOT NULL DEFAULT '',
    imported_at        ${TIME} NULL,
    created_by         ${ID} NULL,
    created_at         ${TIME} NOT NULL,
    updated_at         ${TIME} NOT NULL
);
CREATE UNIQUE INDEX alibaba_accounts_company_member ON alibaba_accounts (company_id, member_id);

-- ali_order_id is 1688's order id (a long, kept as text). lines_unmapped counts the lines no local product names.
CREATE TABLE alibaba_orders (
    id                ${ID} PRIMARY KEY,
    company_id        ${ID} NOT NULL REFERENCES companies (id),
    account_id        ${ID} NOT NULL REFERENCES alibaba_accounts (id),
    ali_order_id      VARCHAR(30)  NOT NULL,
    status            VARCHAR(30)  NOT NULL,
    seller_login_id   VARCHAR(100) NOT NULL DEFAULT '',
    seller_name       VARCHAR(200) NOT NULL DEFAULT '',
    supplier_id       ${ID} NOT NULL REFERENCES suppliers (id),
    purchase_order_id ${ID} NULL REFERENCES purchase_orders (id),
    total_amount      BIGINT       NOT NULL,
    shipping_fee      BIGINT       NOT NULL DEFAULT 0,
    logistics         VARCHAR(300) NOT NULL DEFAULT '',
    ordered_at        ${TIME} NOT NULL,
    lines_unmapped    INTEGER      NOT NULL DEFAULT 0,
    imported_at       ${TIME} NOT NULL
);
CREATE UNIQUE INDEX alibaba_orders_company_order ON alibaba_orders (company_id, ali_order_id);
CREATE INDEX alibaba_orders_company_ordered ON alibaba_orders (company_id, ordered_at);
CREATE INDEX alibaba_orders_purchase_order ON alibaba_orders (purchase_order_id);

CREATE TABLE alibaba_order_lines (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    order_id     ${ID} NOT NULL REFERENCES alibaba_orders (id),
    offer_id     VARCHAR(30)  NOT NULL,
    spec_id      VARCHAR(64)  NOT NULL DEFAULT '',
    name         VARCHAR(300) NOT NULL DEFAULT '',
    cargo_number VARCHAR(100) NOT NULL DEFAULT '',
    quantity     INTEGER      NOT NULL,
    price        BIGINT       NOT NULL,
    amount       BIGINT       NOT NULL,
    product_id   ${ID} NULL REFERENCES local_products (id)
);
CREATE INDEX alibaba_order_lines_order ON alibaba_order_lines (order_id);
CREATE INDEX alibaba_order_lines_company_offer ON alibaba_order_lines (company_id, offer_id, spec_id);

-- A local product's 1688 offer and spec (spec_id '' for an offer without specs).
CREATE TABLE alibaba_product_links (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    offer_id   VARCHAR(30) NOT NULL,
    spec_id    VARCHAR(64) NOT NULL DEFAULT '',
    product_id ${ID} NOT NULL REFERENCES local_products (id),
    PRIMARY KEY (company_id, offer_id, spec_id)
);
CREATE INDEX alibaba_product_links_product ON alibaba_product_links (company_id, product_id);

-- A payment phase of an order (tradeTerms): phase is 1688's phase id; pay_status 1688's (2 已付款, 4 全额退款,
-- 6 回款完成, 1 未付款...). Only paid phases are kept.
CREATE TABLE alibaba_payments (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    order_id   ${ID} NOT NULL REFERENCES alibaba_orders (id),
    phase      VARCHAR(30)  NOT NULL,
    amount     BIGINT       NOT NULL,
    pay_status VARCHAR(10)  NOT NULL,
    pay_way    VARCHAR(50)  NOT NULL DEFAULT '',
    paid_at    ${TIME} NOT NULL
);
CREATE UNIQUE INDEX alibaba_payments_order_phase ON alibaba_payments (order_id, phase);
CREATE INDEX alibaba_payments_company_paid ON alibaba_payments (company_id, paid_at);

-- +goose Down
DROP TABLE alibaba_payments;
DROP TABLE alibaba_product_links;
DROP TABLE alibaba_order_lines;
DROP TABLE alibaba_orders;
DROP TABLE alibaba_accounts;
