// 利润报告 on the table island: the filters are a form the table reads (grouping, months, store, marketplace,
// SKU). By SKU every amount is a button that opens the lines it was summed from (Detail).
import { useState } from "react";
import { money } from "../lib/money.js";
import DataTable from "../table/DataTable.jsx";
import Detail from "./Detail.jsx";
import { Gaps, Incomplete, MARGIN_GAPS } from "./Gaps.jsx";
import { AMZ, StoreFilterSelects, button, input } from "./shared.jsx";

const BY = [
  ["sku", "按SKU"],
  ["store", "按店铺"],
  ["month", "按月汇总"],
];

// FIGURES are the columns that open their lines, with the figure the detail call names and its title.
const FIGURES = {
  sales: ["sales", "结算销售额"],
  salesCny: ["sales", "结算销售额"],
  referral: ["referral", "佣金"],
  referralCny: ["referral", "佣金"],
  fulfilment: ["fulfilment", "FBA配送费"],
  fulfilmentCny: ["fulfilment", "FBA配送费"],
  storage: ["storage", "仓储费"],
  storageCny: ["storage", "仓储费"],
  other: ["other", "其他费用"],
  otherCny: ["other", "其他费用"],
  refunds: ["refunds", "退款"],
  refundsCny: ["refunds", "退款"],
  advertising: ["advertising", "广告费"],
  advertisingCny: ["advertising", "广告费"],
  cost: ["cost", "商品成本"],
  freight: ["freight", "头程"],
  shared: ["shared", "分摊费用"],
};

// A figure's currency: the CNY columns' (…Cny, cost, freight) or the line's.
const currencyOf = (field, row) => (field.endsWith("Cny") || ["cost", "freight", "shared"].includes(field) ? "CNY" : row.currency);

function thisMonth() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

export default function Report({ permissions }) {
  const [open, setOpen] = useState(null);
  const [summary, setSummary] = useState(null);
  // 月度报告 opens the report on its month, by store (?month=&by=).
  const params = new URLSearchParams(window.location.search);
  const month = /^\d{4}-\d{2}$/.test(params.get("month") || "") ? params.get("month") : thisMonth();
  const by = BY.some(([v]) => v === params.get("by")) ? params.get("by") : "sku";
  // A line by SKU (it names its marketplace) opens a figure's lines; grouped lines show their sums.
  const renders = {};
  for (const [field, [figure, title]] of Object.entries(FIGURES)) {
    renders[field] = (row) =>
      row.marketplaceId ? (
        <button
          type="button"
          className="text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300"
          aria-label={`${title}明细 ${row.sku || "店铺费用"} ${row.month}`}
          onClick={() => setOpen({ figure, title, row })}
        >
          {money(row[field], currencyOf(field, row))}
        </button>
      ) : (
        money(row[field], currencyOf(field, row))
      );
  }
  // A SKU whose store's advertising is not synced: its 0 says so rather than passing for none spent.
  for (const field of ["advertising", "advertisingCny"]) {
    const figure = renders[field];
    renders[field] = (row) =>
      row.sku && !row.adsSynced && Number(row[field]) === 0 ? (
        <span className="text-slate-400" title="按SKU的广告数据未同步">
          {money(0, currencyOf(field, row))} 广告数据未同步
        </span>
      ) : (
        figure(row)
      );
  }
  // 提示: what the line lacks, each opening its fix (a total's counted, 不完整：), then the freight's notes.
  renders.flags = (row) => {
    const gaps = row.gaps || [];
    if (!gaps.length) return row.notes ? <span className="text-amber-700 dark:text-amber-400">{row.notes}</span> : "";
    return (
      <span className="text-amber-700 dark:text-amber-400">
        {!row.marketplaceId && "不完整："}
        <Gaps gaps={gaps} />
        {row.notes && `；${row.notes}`}
      </span>
    );
  };
  // A margin without a cost or fees is none: — with what is missing.
  renders.margin = (row) =>
    row.margin === "—" ? (
      <span className="text-slate-500 dark:text-slate-400" data-margin-missing>
        —{" "}
        <span className="text-xs text-amber-700 dark:text-amber-400">
          {(row.gaps || [])
            .filter((g) => MARGIN_GAPS.has(g.code))
            .map((g) => g.text.replace(/ \d+ 行$/, ""))
            .join("，")}
        </span>
      </span>
    ) : (
      row.margin
    );
  renders.source = (row) =>
    row.source === "预估" ? <span className="rounded bg-amber-100 px-1 text-amber-800 dark:bg-amber-900 dark:text-amber-200">预估</span> : row.source;
  return (
    <section aria-label="利润报告">
      <form id="profit-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="by" aria-label="统计维度" className={input} defaultValue={by}>
          {BY.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1">
          从 <input name="startMonth" type="month" aria-label="开始月份" defaultValue={month} className={input} />
        </label>
        <label className="flex items-center gap-1">
          至 <input name="endMonth" type="month" aria-label="结束月份" defaultValue={month} className={input} />
        </label>
        <StoreFilterSelects />
        <input name="search" aria-label="SKU" placeholder="SKU" className={`w-40 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
        <span className="text-xs text-slate-500">月份按北京时间；点击金额查看明细（按SKU时）</span>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400" data-figures-source>
        数据来源：结算销量、结算销售额取自亚马逊结算报告，按入账月份统计；销售报表的订单销量、订单销售额取自订单，按下单日期统计，两者可能不同。来源为预估的行尚未结算，取自订单。
      </p>
      <Incomplete summary={summary} />
      <DataTable
        queryname="profitReportList"
        onLoad={(_, answer) => setSummary(answer?.summary || null)}
        source={`${AMZ}/profit/report`}
        exportUrl={`${AMZ}/profit/report/export`}
        filterForm="profit-filter"
        permissions={permissions}
        renders={renders}
      />
      {open && <Detail {...open} onClose={() => setOpen(null)} />}
    </section>
  );
}
