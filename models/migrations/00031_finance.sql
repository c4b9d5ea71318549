-- 汇率 and 利润计算器: the company's exchange rates to CNY and its saved profit-calculator plans (计算方案).
-- A rate row is the rate of one currency from one month on (yyyy-MM): it holds until the next month that has a
-- row of its own; before the first row the product's default rate applies (app/finance). The rate is a whole
-- number of millionths (models.Rate), never a floating-point number.

-- +goose Up
CREATE TABLE exchange_rates (
    id         ${ID} PRIMARY KEY,
    company_id ${ID} NOT NULL REFERENCES companies (id),
    currency   VARCHAR(3) NOT NULL,
    month      VARCHAR(7) NOT NULL,
    rate       BIGINT     NOT NULL,
    created_at ${TIME} NOT NULL,
    updated_at ${TIME} NOT NULL
);
CREATE UNIQUE INDEX exchange_rates_month ON exchange_rates (company_id, currency, month);

-- A plan's inputs are the calculator's form as the user typed it (decimal strings, JSON): the plan is reopened
-- and computed again with the fee tables and rates of the day it is opened.
CREATE TABLE profit_plans (
    id          ${ID} PRIMARY KEY,
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    name        VARCHAR(50) NOT NULL,
    marketplace VARCHAR(2)  NOT NULL,
    inputs      TEXT        NOT NULL,
    created_at  ${TIME} NOT NULL,
    updated_at  ${TIME} NOT NULL
);
CREATE UNIQUE INDEX profit_plans_name ON profit_plans (company_id, name);

-- +goose Down
DROP TABLE profit_plans;
DROP TABLE exchange_rates;
