// 销售报表 and 周/月汇总 on the table island: the filters are a form the table reads (grouping, period, the date
// switch between the marketplaces' time zones and Beijing time, dates, store, marketplace, SKU or ASIN); each
// line is a key's sales in a period and currency with the same in CNY. The summary is the report of everything by
// week or month.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
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

function Select({ name, label, options }) {
  return (
    <select name={name} aria-label={label} className={input}>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </select>
  );
}

export default function Report({ summary, permissions }) {
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
        <Select name="zone" label="时区" options={ZONES} />
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
      <DataTable
        queryname={summary ? "orderSummaryList" : "salesReportList"}
        source={`${AMZ}/sales/${path}`}
        exportUrl={`${AMZ}/sales/${path}/export`}
        filterForm={form}
        permissions={permissions}
      />
    </section>
  );
}
