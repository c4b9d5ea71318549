// 广告概览: every Sponsored Products campaign's figures of a period (the last 30 days at first), for a store and 站点,
// in CNY beside the previous period of as many days, a daily chart of spend, sales and ACOS (uPlot, loaded with
// this screen only), and the days in an exportable table.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import PeriodFilter from "./PeriodFilter.jsx";

const ADV = "/amazonadv/api/v1";

// TOTALS are the cards: the field, its label, whether more is better (for the change's colour).
const TOTALS = [
  ["spend", "花费", "¥", false],
  ["sales", "销售额", "¥", true],
  ["orders", "订单量", "", true],
  ["impressions", "曝光量", "", true],
  ["clicks", "点击量", "", true],
  ["acos", "ACOS", "", false],
  ["roas", "ROAS", "", true],
  ["cpc", "CPC", "¥", false],
  ["ctr", "CTR", "", true],
  ["cvr", "CVR", "", true],
];
export const num = (v) => (typeof v === "number" ? v : parseFloat(String(v).replace("%", "")));
// Counts are whole numbers; amounts (¥), ratios and percentages keep two decimals.
export const show = (v, unit) => {
  if (v === "—") return "—";
  if (typeof v === "number" && !unit) return v.toLocaleString("zh-CN");
  const fixed = Number(num(v)).toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${unit}${fixed}${String(v).endsWith("%") ? "%" : ""}`;
};

export function Change({ now, before, up }) {
  const a = num(now);
  const b = num(before);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const pct = ((a - b) / Math.abs(b)) * 100;
  const good = pct === 0 ? "" : pct > 0 === up ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400";
  return <span className={good}>{`${pct > 0 ? "+" : ""}${pct.toFixed(1)}%`}</span>;
}

// AD_SERIES are 广告概览's lines: spend and sales (left axis) and ACOS (right, a percentage).
const AD_SERIES = [
  { field: "spend", label: "花费(CNY)", stroke: "#0369a1", fill: "rgba(3,105,161,0.12)" },
  { field: "sales", label: "销售额(CNY)", stroke: "#059669" },
  { field: "acos", label: "ACOS", stroke: "#d97706", pct: true },
];

// Chart draws series of days (or periods, each at its first day): amounts and counts on the left axis,
// percentages (pct) dashed on the right; 广告概览's spend, sales and ACOS unless told.
export function Chart({ days, label = "每日花费、销售额和ACOS", series = AD_SERIES }) {
  const box = useRef(null);
  useEffect(() => {
    let plot;
    let gone = false;
    let watch;
    Promise.all([import("uplot")]).then(([{ default: UPlot }]) => {
      if (gone || !box.current) return;
      const x = days.map((d) => Date.parse(d.day + "T00:00:00Z") / 1000);
      const ink = document.documentElement.classList.contains("dark") ? "#cbd5e1" : "#334155";
      const grid = { stroke: document.documentElement.classList.contains("dark") ? "#334155" : "#e2e8f0", width: 1 };
      const axis = { stroke: ink, grid, ticks: grid };
      const opts = {
        width: box.current.clientWidth,
        height: 260,
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1e3), "Etc/UTC"),
        scales: { x: { time: true }, pct: { auto: true } },
        series: [
          { label: "日期", value: (u, v) => (v == null ? "" : new Date(v * 1000).toISOString().slice(0, 10)) },
          ...series.map((sr) =>
            sr.pct
              ? { label: sr.label, stroke: sr.stroke, width: 2, dash: [6, 4], scale: "pct", value: (u, v) => (v == null ? "—" : v.toFixed(2) + "%") }
              : { label: sr.label, stroke: sr.stroke, fill: sr.fill, width: 2, value: (u, v) => (v == null ? "—" : v.toFixed(sr.whole ? 0 : 2)) },
          ),
        ],
        axes: [{ ...axis }, { ...axis, size: 60 }, { ...axis, scale: "pct", side: 1, size: 50, grid: { show: false }, values: (u, vs) => vs.map((v) => v + "%") }],
      };
      const data = [x, ...series.map((sr) => days.map((d) => (d[sr.field] === "—" ? null : num(d[sr.field]))))];
      plot = new UPlot(opts, data, box.current);
      watch = new ResizeObserver(() => box.current && plot.setSize({ width: box.current.clientWidth, height: 260 }));
      watch.observe(box.current);
    });
    return () => {
      gone = true;
      watch?.disconnect();
      plot?.destroy();
    };
  }, [days, series]);
  return <div ref={box} role="img" aria-label={label} className="w-full text-xs text-slate-700 dark:text-slate-300" />;
}

export default function AdvOverview({ permissions }) {
  const [answer, setAnswer] = useState(null);
  const [query, setQuery] = useState(null); // the filters the totals were read for: the days' table follows them
  const form = useRef(null);
  const load = (e) => {
    e?.preventDefault();
    const body = Object.fromEntries(new FormData(form.current));
    api(`${ADV}/sp/overview`, { method: "POST", body })
      .then((r) => {
        setAnswer(r.data);
        setQuery(body);
      })
      .catch((e) => toast(e.message, "error"));
  };
  useEffect(() => {
    load();
    const f = form.current;
    f.addEventListener("submit", load);
    return () => f.removeEventListener("submit", load);
  }, []);
  const spent = answer && answer.days.some((d) => num(d.spend) > 0 || d.impressions > 0);
  return (
    <section aria-label="广告概览">
      <PeriodFilter id="adv-overview-filter" formRef={form} />
      {answer && (
        <>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            本期 {answer.startDate} 至 {answer.endDate}，上期 {answer.previousStart} 至 {answer.previousEnd}
          </p>
          <dl aria-label="汇总" className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
            {TOTALS.map(([key, label, unit, up]) => (
              <div key={key} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-total={key}>
                  {show(answer.total[key], unit)}
                </dd>
                <dd className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
                  上期 <span data-previous={key}>{show(answer.previous[key], unit)}</span> <Change now={answer.total[key]} before={answer.previous[key]} up={up} />
                </dd>
              </div>
            ))}
          </dl>
          {spent ? (
            <Chart days={answer.days} />
          ) : (
            <p className="mb-3 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
              所选日期内没有广告数据：请先在店铺管理中授权广告，并在数据同步中同步“广告报表”，或换一个日期范围。
            </p>
          )}
        </>
      )}
      {query && (
      <DataTable
        key={JSON.stringify(query)}
        filters={query}
        queryname="advOverviewDays"
        source={`${ADV}/sp/overview/days`}
        exportUrl={`${ADV}/sp/overview/export`}
        permissions={permissions}
        rowKey="day"
        noun="天"
        rowName={(row) => row.day}
        empty="所选日期内没有广告数据：请先在数据同步中同步“广告报表”，或换一个日期范围。"
      />
      )}
    </section>
  );
}
