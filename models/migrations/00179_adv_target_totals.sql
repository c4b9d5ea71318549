-- 广告管理's 关键词 and 商品投放 levels sort a range's keywords by spend: summing every keyword's days of the range
-- at each call read ~120,000 rows for 20,000 keywords (issue 47). The totals of each range asked are kept here, one
-- row per keyword or target, at the company's report generation 'adv_targets' that the targeting report import
-- raises (ReplaceTargetDays): a range kept at an older generation is summed again before it is used.

-- +goose Up
CREATE TABLE adv_target_ranges (
    company_id ${ID} NOT NULL REFERENCES companies (id),
    start_day  VARCHAR(10) NOT NULL,
    end_day    VARCHAR(10) NOT NULL,
    -- generation is the one the totals were summed at; below 0 (the claim of a request) while they are summed.
    generation BIGINT NOT NULL,
    built_at   ${TIME} NOT NULL,
    PRIMARY KEY (company_id, start_day, end_day)
);

CREATE TABLE adv_target_totals (
    company_id  ${ID} NOT NULL REFERENCES companies (id),
    start_day   VARCHAR(10) NOT NULL,
    end_day     VARCHAR(10) NOT NULL,
    profile_id  ${ID} NOT NULL,
    target_id   VARCHAR(30) NOT NULL,
    impressions BIGINT NOT NULL,
    clicks      BIGINT NOT NULL,
    cost        BIGINT NOT NULL,
    orders      BIGINT NOT NULL,
    sales       BIGINT NOT NULL,
    units       BIGINT NOT NULL,
    PRIMARY KEY (company_id, start_day, end_day, profile_id, target_id)
);
-- Most spent first: a page of the sort reads its rows in this order and stops.
CREATE INDEX adv_target_totals_cost ON adv_target_totals (company_id, start_day, end_day, cost DESC);

-- +goose Down
DROP TABLE adv_target_totals;
DROP TABLE adv_target_ranges;
