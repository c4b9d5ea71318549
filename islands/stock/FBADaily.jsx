// FBA每日库存 (仓库 → 库存): a seller SKU's units at each fulfilment centre day by day from Amazon's inventory
// ledger: the summary's starting and ending balance, the detail's events of the day by kind, and the check
// starting + events = ending; a day that does not add up is marked 不符 (and 只看不符 lists those alone). 明细 opens
// the day's events with their reference (order, shipment, adjustment). Exported to .xlsx.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, button, input, openTab, plainButton } from "./shared.jsx";

const BASE = `${ERP}/fbaDaily`;

export default function FBADaily({ permissions }) {
  const [opened, setOpened] = useState(null);
  const [filtered, setFiltered] = useState(false);
  const signed = (n) => (n > 0 ? `+${n}` : n === 0 ? "" : String(n));
  const moves = Object.fromEntries(["receipts", "shipments", "returns", "transfers", "lost", "found", "damaged", "disposed", "other"].map((k) => [k, (row) => <span className="tabular-nums">{signed(row[k])}</span>]));
  return (
    <section aria-label="FBA每日库存">
      <form id="fba-daily-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm" onSubmit={() => setFiltered(true)}>
        <PlaceSelects />
        <input name="keyword" type="search" aria-label="平台SKU或FNSKU" placeholder="平台SKU / FNSKU" className={`w-40 ${input}`} />
        <input name="location" aria-label="运营中心" placeholder="运营中心" className={`w-24 ${input}`} />
        <label className="flex items-center gap-1">
          从
          <input name="from" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          到
          <input name="to" type="date" aria-label="结束日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          <input name="check" type="checkbox" value="bad" aria-label="只看不符" />
          只看不符
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">每行是某天某运营中心的一种库存状态：期初 + 当日分类账事件 = 期末；对不上的一天标为“不符”，差异即分类账缺少或多出的件数。</p>
      <DataTable
        queryname="fbaDailyList"
        source={`${BASE}/page`}
        exportUrl={`${BASE}/export`}
        filterForm="fba-daily-filter"
        permissions={permissions}
        renders={{
          ...moves,
          difference: (row) => <span className={`tabular-nums ${row.difference ? "font-semibold text-red-700 dark:text-red-400" : ""}`}>{signed(row.difference) || "0"}</span>,
          check: (row) =>
            row.difference ? (
              <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-700 dark:bg-red-950 dark:text-red-300">不符</span>
            ) : (
              <span className="text-emerald-700 dark:text-emerald-400">相符</span>
            ),
        }}
        actions={[{ label: "明细", run: (row) => setOpened(row) }]}
        empty={
          !filtered && (
            <>
              还没有库存分类账数据。下一步：到
              <button type="button" className="mx-1 font-medium text-sky-700 underline hover:text-sky-900 dark:text-sky-400" onClick={() => openTab("数据同步", "/amazon/datasync")}>
                数据同步
              </button>
              同步“库存分类账汇总”和“库存分类账明细”，或上传从卖家平台下载的库存分类账报告。
            </>
          )
        }
      />
      {opened && <DayEvents day={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}

// DayEvents is one line's ledger events in a dialog.
function DayEvents({ day, onClose }) {
  const dialog = useRef(null);
  const [rows, setRows] = useState(null);
  useEffect(() => {
    dialog.current.showModal();
    api(`${BASE}/${day.id}/events`)
      .then(({ data }) => setRows(data))
      .catch((e) => {
        toast(e.message, "error");
        setRows([]);
      });
  }, [day.id]);
  const sum = (rows || []).reduce((n, r) => n + r.quantity, 0);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="fba-day-title" className="m-auto w-[720px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="fba-day-title" className="mb-1 text-lg font-semibold">
          {day.day} {day.sellerSku} {day.location} 分类账事件
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          期初 {day.starting}，事件合计 {rows ? sum : "…"}，期末 {day.ending}
          {day.difference !== 0 && <span className="ml-2 font-semibold text-red-700 dark:text-red-400">差异 {day.difference}：分类账缺少这些件数的事件</span>}
        </p>
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="whitespace-nowrap px-3 py-2 font-medium">时间</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">事件</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">参考编号</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">原因</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">数量</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">未核销</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {(rows || []).map((r, i) => (
                <tr key={i}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.at}</td>
                  <td className="whitespace-nowrap px-3 py-2">{r.eventName}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.referenceId || "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2">{r.reason || "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.quantity}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.unreconciledQuantity || ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows === null && <p className="px-3 py-6 text-center text-sm text-slate-500">加载中...</p>}
          {rows && rows.length === 0 && <p className="px-3 py-6 text-center text-sm text-slate-500">当日该运营中心没有分类账事件</p>}
        </div>
        <div className="mt-5 flex justify-end">
          <button type="button" className={plainButton} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}
