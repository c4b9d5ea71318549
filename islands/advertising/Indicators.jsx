// 指标分析: the advertised SKUs' spend against their ad sales (ACOS) and against all their sales (TACOS: what the ads
// cost of every yuan the SKU sold, advertised or not), the ads' share of sales, each beside the previous period of
// as many days; a daily chart of spend, all sales, ACOS and TACOS; the SKUs in an exportable table.
import { useEffect, useRef, useState } from "react";
import DataTable from "../table/DataTable.jsx";
import { Change, Chart, show } from "./Overview.jsx";
import PeriodFilter, { input } from "./PeriodFilter.jsx";

const ADV = "/amazonadv/api/v1";
// TOTALS are the cards: the field, its label, its unit, whether more is better.
const TOTALS = [
  ["spend", "广告花费", "¥", false],
  ["adSales", "广告销售额", "¥", true],
  ["sales", "总销售额", "¥", true],
  ["acos", "ACOS", "", false],
  ["tacos", "TACOS", "", false],
  ["adShare", "广告销售占比", "", true],
];
const SORTS = [
  ["spend", "广告花费最高"],
  ["tacos", "TACOS最高"],
  ["acos", "ACOS最高"],
  ["adshare", "广告销售占比最高"],
];
const SERIES = [
  { field: "spend", label: "广告花费(CNY)", stroke: "#0369a1", fill: "rgba(3,105,161,0.12)" },
  { field: "sales", label: "总销售额(CNY)", stroke: "#059669" },
  { field: "acos", label: "ACOS", stroke: "#d97706", pct: true },
  { field: "tacos", label: "TACOS", stroke: "#7c3aed", pct: true },
];

export default function AdvIndicators({ permissions }) {
  const form = useRef(null);
  const [sort, setSort] = useState("spend");
  const [ready, setReady] = useState(false);
  const [totals, setTotals] = useState(null);
  useEffect(() => setReady(true), []);
  const spent = totals && totals.days.some((d) => Number(d.spend) > 0 || Number(d.sales) > 0);
  return (
    <section aria-label="指标分析">
      <PeriodFilter id="adv-indicators-filter" formRef={form}>
        <select aria-label="排序" className={input} value={sort} onChange={(e) => setSort(e.target.value)}>
          {SORTS.map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </select>
      </PeriodFilter>
      {totals && (
        <>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            本期 {totals.startDate} 至 {totals.endDate}，上期 {totals.previousStart} 至 {totals.previousEnd}。总销售额是该SKU所有订单（含自然订单）按站点日期的销售额，与销售报表一致。
          </p>
          <dl aria-label="汇总" className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {TOTALS.map(([key, label, unit, up]) => (
              <div key={key} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-total={key}>
                  {show(totals.summary[key], unit)}
                </dd>
                <dd className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
                  上期 <span data-previous={key}>{show(totals.previous[key], unit)}</span> <Change now={totals.summary[key]} before={totals.previous[key]} up={up} />
                </dd>
              </div>
            ))}
          </dl>
          {spent ? (
            <div className="mb-3">
              <Chart days={totals.days} series={SERIES} label="每日广告花费、总销售额、ACOS和TACOS" />
            </div>
          ) : (
            <p className="mb-3 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
              所选日期内没有广告花费和订单：请先在数据同步中同步“广告报表”和“订单”，或换一个日期范围。
            </p>
          )}
        </>
      )}
      {ready && (
        <DataTable
          key={sort}
          queryname="advIndicatorList"
          source={`${ADV}/sp/indicators/page`}
          exportUrl={`${ADV}/sp/indicators/export`}
          filterForm="adv-indicators-filter"
          filters={{ rankBy: sort }}
          permissions={permissions}
          onLoad={(_, answer) => answer && setTotals(answer)}
          noun="SKU"
          rowName={(row) => row.sku}
          pageSize={20}
          empty="所选日期内没有投放广告的SKU：请先在数据同步中同步“广告报表”，或换一个日期范围。"
          renders={{
            tacos: (row) => (
              <span className="tabular-nums">
                {row.tacos}
                {row.tacos !== "—" && row.prevTacos !== "—" && (
                  <>
                    {" "}
                    <Change now={row.tacos} before={row.prevTacos} up={false} />
                  </>
                )}
              </span>
            ),
          }}
        />
      )}
    </section>
  );
}
