// 销售报表 and 周/月汇总 on the table island: the filters are a form the table reads (grouping, period, the date
// switch between the marketplaces' time zones and Beijing time, dates, store, marketplace, SKU or ASIN); each
// line is a key's sales in a period and currency with the same in CNY. The summary is the report of everything by
// week or month.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const ERP = "/erp/api/v1";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

const BY = [
  ["sku", "SKU"],
  ["asin", "ASIN"],
  ["parentAsin", "父ASIN"],
  ["product", "本地产品"],
  ["store", "店铺"],
  ["marketplace", "站点"],
];
const PERIODS = [
  ["day", "按日"],
  ["week", "按周"],
  ["month", "按月"],
];
const ZONES = [
  ["marketplace", "站点时间"],
  ["beijing", "北京时间"],
];

// TOTAL is the currency of 周/月汇总's line of a period's currencies summed in CNY (app/sales SummaryTotal).
const TOTAL = "合计(CNY)";
const strong = (v) => <strong className="font-semibold text-slate-900 dark:text-slate-50">{v}</strong>;
// The amounts and the currency they are in (null: the line's); the total line's are all CNY.
const AMOUNTS = { sales: null, averagePrice: null, refunds: null, salesCny: "CNY", refundsCny: "CNY" };
const shownOf = (row, f) => (f in AMOUNTS ? money(row[f], row.currency === TOTAL ? "CNY" : AMOUNTS[f] || row.currency) : row[f]);
// The total line's figures are drawn bold, so that it does not read as one more currency.
const TOTAL_RENDERS = Object.fromEntries(
  ["period", "currency", "orders", "units", "sales", "averagePrice", "refunds", "refundOrders", "salesCny", "refundsCny"].map((f) => [
    f,
    (row) => (row.currency === TOTAL ? strong(shownOf(row, f)) : shownOf(row, f)),
  ]),
);

function Select({ name, label, options, defaultValue }) {
  return (
    <select name={name} aria-label={label} className={input} defaultValue={defaultValue}>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </select>
  );
}

export default function Report({ summary, permissions, dayZone }) {
  const [groups, setGroups] = useState([]);
  const [markets, setMarkets] = useState([]);
  useEffect(() => {
    Promise.all([api(`${ERP}/listing/groups`), api(`${ERP}/listing/marketplaces`)])
      .then(([g, m]) => {
        setGroups(g.data);
        setMarkets(m.data);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);
  const path = summary ? "summary" : "report";
  const form = `sales-${path}-filter`;
  return (
    <section aria-label={summary ? "周/月汇总" : "销售报表"}>
      <form id={form} className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        {!summary && <Select name="by" label="统计维度" options={BY} />}
        <Select name="period" label="统计周期" options={summary ? PERIODS.slice(1) : PERIODS} />
        <Select name="zone" label="时区" options={ZONES} defaultValue={dayZone || "marketplace"} />
        <label className="flex items-center gap-1">
          从 <input name="startDate" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          至 <input name="endDate" type="date" aria-label="结束日期" className={input} />
        </label>
        <Select name="groupId" label="店铺" options={[["", "全部店铺"], ...groups.map((g) => [g.id, g.name])]} />
        <Select name="marketplaceId" label="站点" options={[["", "全部站点"], ...markets.map((m) => [m.id, `${m.name}（${m.country}）`])]} />
        {!summary && <input name="search" aria-label="SKU或ASIN" placeholder="SKU / ASIN" className={`w-40 ${input}`} />}
        <button type="submit" className={button}>
          查询
        </button>
        <span className="text-xs text-slate-500">不选日期时为最近30天</span>
      </form>
      {!summary && (
        <p className="mb-2 text-xs text-slate-500 dark:text-slate-400" data-figures-source>
          数据来源：订单销量、订单销售额取自同步的亚马逊订单，按下单日期统计；利润报告的结算销量、结算销售额取自结算报告，按入账日期统计，两者可能不同。
        </p>
      )}
      {summary && (
        <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
          不完整的周、月按实际起止日期显示（如 2026-11-04 ~ 2026-11-08）；每个周期的“合计(CNY)”行为各币种按各月汇率折算后的合计。
        </p>
      )}
      <DataTable
        queryname={summary ? "orderSummaryList" : "salesReportList"}
        source={`${AMZ}/sales/${path}`}
        exportUrl={`${AMZ}/sales/${path}/export`}
        filterForm={form}
        permissions={permissions}
        renders={summary ? TOTAL_RENDERS : undefined}
      />
    </section>
  );
}
