// 1688结算 (/erp/finance/alibaba): every paid phase of the imported 1688 orders matched to its purchase order and
// 付款申请, with totals; an unmatched one says what to do. 订单详情 opens the order's settlement (/e/f/s).
import { useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { openTab } from "../lib/tabs.js";
import { button, input } from "../stock/shared.jsx";
import DataTable from "../table/DataTable.jsx";
import { ALIBABA } from "./Alibaba.jsx";
import { PAGE, PAYMENT_PAGE } from "./shared.jsx";

export const SETTLEMENT_PAGE = "/e/f/s";

const MATCHES = [
  ["", "全部"],
  ["unmatched", "未匹配"],
  ["matched", "已匹配"],
  ["requestUnpaid", "付款申请未付款"],
  ["noRequest", "无付款申请"],
  ["noOrder", "未生成采购单"],
  ["cancelled", "订单已取消"],
  ["refunded", "已退款"],
];

const LOOK = {
  matched: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  requestUnpaid: "bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200",
  noRequest: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  noOrder: "bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-200",
  cancelled: "bg-red-50 text-red-700 dark:bg-red-900/50 dark:text-red-200",
  refunded: "bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
};

export function MatchBadge({ match, name }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${LOOK[match] || ""}`}>{name}</span>;
}

function Figure({ label, value, warn }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="text-xs text-slate-500">{label}</div>
      <div className={`mt-1 text-lg font-semibold ${warn ? "text-amber-700 dark:text-amber-400" : ""}`}>{value}</div>
    </div>
  );
}

export default function AlibabaPay({ permissions }) {
  const [sum, setSum] = useState(null);
  // The totals follow the list's filters (its match state aside).
  const onLoad = () => {
    const form = document.getElementById("ali-pay-filter");
    const body = Object.fromEntries(new FormData(form));
    api(`${ALIBABA}/payments/summary`, { method: "POST", body })
      .then(({ data }) => setSum(data))
      .catch(() => {});
  };
  return (
    <div className="space-y-4">
      <section aria-label="1688结算汇总" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="付款笔数" value={sum ? sum.count : "…"} />
        <Figure label="1688已付" value={sum ? money(sum.paid, "CNY") : "…"} />
        <Figure label="已匹配" value={sum ? money(sum.matched, "CNY") : "…"} />
        <Figure label={`未匹配（${sum ? sum.unmatched : "…"} 笔）`} value={sum ? money(sum.gap, "CNY") : "…"} warn={sum && sum.unmatched > 0} />
      </section>
      <form id="ali-pay-filter" className="flex flex-wrap items-center gap-2 text-sm">
        <input name="search" aria-label="订单号或供应商" placeholder="1688订单号 / 供应商 / 采购单" className={`w-56 ${input}`} />
        <select name="match" aria-label="匹配" className={input}>
          {MATCHES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <input type="date" name="startDate" aria-label="开始日期" className={input} />
        <input type="date" name="endDate" aria-label="结束日期" className={input} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="alibabaPayments"
        source={`${ALIBABA}/payments/page`}
        exportUrl={`${ALIBABA}/payments/export`}
        filterForm="ali-pay-filter"
        permissions={permissions}
        onLoad={onLoad}
        renders={{ matchName: (row) => <MatchBadge match={row.match} name={row.matchName} /> }}
        actions={[
          { label: "订单详情", run: (row) => openTab(`1688结算 ${row.aliOrderId}`, SETTLEMENT_PAGE, { id: row.orderId }) },
          { label: "采购单", when: (row) => !!row.purchaseId, run: (row) => openTab(`采购单 ${row.purchaseNumber}`, PAGE, { id: row.purchaseId }) },
          { label: "付款申请", when: (row) => !!row.requestId, run: (row) => openTab(`付款申请 ${row.requestNumber}`, PAYMENT_PAGE, { id: row.requestId }) },
        ]}
        empty="暂无1688付款：在“1688账号绑定”中绑定账号并导入订单后，这里列出每笔付款与采购单、付款申请的匹配。"
      />
    </div>
  );
}
