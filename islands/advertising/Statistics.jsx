// 广告统计: every Sponsored Products campaign's figures of the days, by day, week or month, and by store, 站点 or
// campaign type besides; spend and sales in CNY as 广告概览 sums them; the days' totals above the table; exportable.
import { useEffect, useRef, useState } from "react";
import DataTable from "../table/DataTable.jsx";
import { Chart } from "./Overview.jsx";
import PeriodFilter, { input } from "./PeriodFilter.jsx";

const ADV = "/amazonadv/api/v1";
const TOTALS = [
  ["spend", "花费", "¥"],
  ["sales", "销售额", "¥"],
  ["orders", "订单量", ""],
  ["clicks", "点击量", ""],
  ["acos", "ACOS", ""],
  ["roas", "ROAS", ""],
];
const show = (v, unit) => {
  if (v === "—" || v == null) return "—";
  if (typeof v === "number" && !unit) return v.toLocaleString("zh-CN");
  const n = Number(String(v).replace("%", ""));
  return `${unit}${n.toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${String(v).endsWith("%") ? "%" : ""}`;
};

export default function AdvStatistics({ permissions }) {
  const form = useRef(null);
  const [ready, setReady] = useState(false);
  const [summary, setSummary] = useState(null);
  // The periods of a query not split, the earliest first, as the first page's answer gives them.
  const [chart, setChart] = useState(null);
  const loaded = (answer) => {
    setSummary(answer?.summary || null);
    if (answer?.chart) setChart(answer.chart.length > 0 ? answer.chart.map((l) => ({ ...l, day: l.from })) : null);
    else if (answer?.current === 1) setChart(null);
  };
  useEffect(() => setReady(true), []);
  return (
    <section aria-label="广告统计">
      <PeriodFilter id="adv-statistics-filter" formRef={form}>
        <select name="period" aria-label="统计周期" className={input} defaultValue="day">
          <option value="day">按日</option>
          <option value="week">按周</option>
          <option value="month">按月</option>
        </select>
        <select name="groupBy" aria-label="分组" className={input} defaultValue="">
          <option value="">不分组</option>
          <option value="store">按店铺</option>
          <option value="profile">按站点</option>
          <option value="type">按广告类型</option>
        </select>
      </PeriodFilter>
      {summary && (
        <dl aria-label="合计" className="mb-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
          {TOTALS.map(([key, label, unit]) => (
            <div key={key} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
              <dt className="text-xs text-slate-500 dark:text-slate-400">合计{label}</dt>
              <dd className="font-semibold tabular-nums" data-total={key}>
                {show(summary[key], unit)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {chart && (
        <div className="mb-3">
          <Chart days={chart} label="各周期花费、销售额和ACOS" />
        </div>
      )}
      {ready && (
        <DataTable
          queryname="advStatisticsList"
          source={`${ADV}/sp/statistics/page`}
          exportUrl={`${ADV}/sp/statistics/export`}
          filterForm="adv-statistics-filter"
          permissions={permissions}
          onLoad={(_, answer) => loaded(answer)}
          noun="行"
          rowName={(row) => `${row.period} ${row.of}`}
          empty="所选日期内没有广告数据：请先在数据同步中同步“广告报表”，或换一个日期范围。"
        />
      )}
    </section>
  );
}
