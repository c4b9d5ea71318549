// ROAS排名: the period's Sponsored Products campaigns, ad groups, keywords (and product targets) or advertised SKUs ranked by ROAS (sales ÷ spend),
// their spend and sales in CNY as 广告概览 sums them, filtered like 广告概览 (店铺, 站点, the days) and by a least
// spend (a campaign that spent ¥1 does not top the list); the highest or the lowest first; exportable.
import { useEffect, useRef, useState } from "react";
import DataTable from "../table/DataTable.jsx";
import PeriodFilter, { input } from "./PeriodFilter.jsx";

const ADV = "/amazonadv/api/v1";
const LEVELS = [
  ["campaign", "广告活动"],
  ["adgroup", "广告组"],
  ["keyword", "关键词/投放"],
  ["sku", "广告SKU"],
];
const ORDERS = [
  ["top", "ROAS最高"],
  ["bottom", "ROAS最低"],
];

export function Switch({ label, options, value, onChange }) {
  return (
    <span role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-600">
      {options.map(([key, name]) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          className={`px-3 py-1 ${value === key ? "bg-sky-700 text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
          onClick={() => onChange(key)}
        >
          {name}
        </button>
      ))}
    </span>
  );
}

export default function AdvRoas({ permissions }) {
  const form = useRef(null);
  const [level, setLevel] = useState("campaign");
  const [order, setOrder] = useState("top");
  // The table reads the form's filters as it mounts: it waits for the form to be drawn.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const noun = LEVELS.find(([key]) => key === level)[1];
  return (
    <section aria-label="ROAS排名">
      <PeriodFilter id="adv-roas-filter" formRef={form}>
        <label className="flex items-center gap-1">
          <span>最低花费 ¥</span>
          <input name="minSpend" type="number" min="0" step="0.01" aria-label="最低花费(CNY)" className={`w-24 ${input}`} defaultValue="10" />
        </label>
      </PeriodFilter>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Switch label="排名对象" options={LEVELS} value={level} onChange={setLevel} />
        <Switch label="排序" options={ORDERS} value={order} onChange={setOrder} />
        <span className="text-xs text-slate-500 dark:text-slate-400">只排所选日期内花费不低于最低花费的{noun}</span>
      </div>
      {ready && (
        <DataTable
          key={level}
          queryname="advRoasList"
          source={`${ADV}/sp/roas/page`}
          exportUrl={`${ADV}/sp/roas/export`}
          filterForm="adv-roas-filter"
          filters={{ level, ranking: order }}
          permissions={permissions}
          noun={noun}
          rowName={(row) => row.name}
          pageSize={20}
          empty={`所选日期内没有花费不低于最低花费的${noun}：可降低最低花费或换一个日期范围；没有广告数据时，请先在数据同步中同步“广告报表”。`}
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
