// 广告漏斗: impressions → clicks → orders of the period's Sponsored Products (filtered like 广告概览: 店铺, 站点, the
// days), the rates between the stages beside the previous period of as many days, and the campaigns, ad groups,
// keywords or SKUs by impressions or by where they leak (the lowest click or conversion rate first); exportable.
import { useEffect, useRef, useState } from "react";
import DataTable from "../table/DataTable.jsx";
import { Change, show } from "./Overview.jsx";
import PeriodFilter, { input } from "./PeriodFilter.jsx";
import { Switch } from "./Roas.jsx";

const ADV = "/amazonadv/api/v1";
const LEVELS = [
  ["campaign", "广告活动"],
  ["adgroup", "广告组"],
  ["keyword", "关键词/投放"],
  ["sku", "广告SKU"],
];
const SORTS = [
  ["impressions", "曝光量最多"],
  ["clicks", "点击量最多"],
  ["ctr", "点击率最低"],
  ["cvr", "转化率最低"],
];
// STAGES are the funnel's steps: the field, its name, and the rate that leads to the next step.
const STAGES = [
  ["impressions", "曝光量", "ctr", "点击率"],
  ["clicks", "点击量", "cvr", "转化率"],
  ["orders", "订单量"],
];

// width draws a stage on a log scale, so that clicks (about 1 % of impressions) stay readable; the top is whole.
const width = (v, top) => (top <= 1 || v <= 0 ? 4 : Math.max(4, Math.round((Math.log10(v + 1) / Math.log10(top + 1)) * 100)));

function Stages({ summary, previous }) {
  const top = summary.impressions;
  return (
    <ol aria-label="转化漏斗" className="mb-4 space-y-1">
      {STAGES.map(([key, name, rate, rateName]) => (
        <li key={key}>
          <div className="flex items-center gap-3">
            <span className="w-14 shrink-0 text-sm text-slate-600 dark:text-slate-300">{name}</span>
            <span className="relative h-8 flex-1">
              <span
                className="absolute inset-y-0 left-1/2 -translate-x-1/2 rounded bg-sky-700/80 dark:bg-sky-500/70"
                style={{ width: `${width(summary[key], top)}%` }}
              />
              <span className="absolute inset-0 flex items-center justify-center text-sm font-semibold tabular-nums text-slate-900 dark:text-white" data-stage={key}>
                {show(summary[key], "")}
              </span>
            </span>
            <span className="w-36 shrink-0 text-xs tabular-nums text-slate-500 dark:text-slate-400">
              上期 {show(previous[key], "")} <Change now={summary[key]} before={previous[key]} up />
            </span>
          </div>
          {rate && (
            <p className="my-1 text-center text-xs text-slate-600 dark:text-slate-300">
              ↓ {rateName} <b className="tabular-nums" data-rate={rate}>{summary[rate]}</b>
              <span className="ml-2 text-slate-500 dark:text-slate-400">
                上期 {previous[rate]} <Change now={summary[rate]} before={previous[rate]} up />
              </span>
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

export default function AdvFunnel({ permissions }) {
  const form = useRef(null);
  const [level, setLevel] = useState("campaign");
  const [sort, setSort] = useState("impressions");
  const [ready, setReady] = useState(false);
  const [totals, setTotals] = useState(null);
  useEffect(() => setReady(true), []);
  const noun = LEVELS.find(([key]) => key === level)[1];
  return (
    <section aria-label="广告漏斗">
      <PeriodFilter id="adv-funnel-filter" formRef={form} />
      {totals && (
        <>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            本期 {totals.startDate} 至 {totals.endDate}，上期 {totals.previousStart} 至 {totals.previousEnd}
          </p>
          {totals.summary.impressions > 0 ? (
            <Stages summary={totals.summary} previous={totals.previous} />
          ) : (
            <p className="mb-3 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
              所选日期内没有曝光：请先在店铺管理中授权广告，并在数据同步中同步“广告报表”，或换一个日期范围。
            </p>
          )}
        </>
      )}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Switch label="分析对象" options={LEVELS} value={level} onChange={setLevel} />
        <label className="flex items-center gap-1 text-sm">
          <span>排序</span>
          <select aria-label="排序" className={input} value={sort} onChange={(e) => setSort(e.target.value)}>
            {SORTS.map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {(sort === "ctr" || sort === "cvr") && (
          <span className="text-xs text-slate-500 dark:text-slate-400">只列有{sort === "ctr" ? "曝光" : "点击"}的{noun}：最先漏掉流量的排在前面</span>
        )}
      </div>
      {ready && (
        <DataTable
          key={level + sort}
          queryname="advFunnelList"
          source={`${ADV}/sp/funnel/page`}
          exportUrl={`${ADV}/sp/funnel/export`}
          filterForm="adv-funnel-filter"
          filters={{ level, rankBy: sort }}
          permissions={permissions}
          onLoad={(_, answer) => answer && setTotals(answer)}
          noun={noun}
          rowName={(row) => row.name}
          pageSize={20}
          empty={`所选日期内没有${noun}的广告数据：请先在数据同步中同步“广告报表”，或换一个日期范围。`}
          renders={{
            name: (row) => (
              <span className="block">
                <span className="block">{row.name}</span>
                {row.level !== "campaign" && (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{row.level === "sku" ? row.asin : [row.campaignName, row.matchType].filter(Boolean).join(" · ")}</span>
                )}
              </span>
            ),
          }}
        />
      )}
    </section>
  );
}
