// 结算记录 (财务 → 结算): every settlement Amazon paid out (period, store, marketplace, currency, total and deposit
// date) and whether its lines add up to its total to the cent; 只看不平 keeps the mismatches. 详情 shows the
// settlement's reconciliation, its lines grouped by type (our Chinese names beside Amazon's) and, for a group or a
// searched order id or SKU, the lines themselves. The list and the lines export.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { money } from "../lib/money.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const FORM = "settlement-filter";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const UNBALANCED = "rounded bg-red-50 px-1.5 py-0.5 font-semibold text-red-700 dark:bg-red-950 dark:text-red-300";
const BALANCED = "rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300";

// StoreFilters are the store group and marketplace selects every settlement screen filters by.
export function StoreFilters() {
  return (
    <>
      <PlaceSelects />
    </>
  );
}

export default function Settlements({ permissions }) {
  const [opened, setOpened] = useState(null);
  return (
    <div>
      <form id={FORM} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <StoreFilters />
        <input name="keyword" type="search" aria-label="结算编号" placeholder="结算编号" className={`w-40 ${input}`} />
        <label className="flex items-center gap-1">
          结束月份从
          <input name="from" type="month" aria-label="开始月份" className={input} />
        </label>
        <label className="flex items-center gap-1">
          到
          <input name="to" type="month" aria-label="结束月份" className={input} />
        </label>
        <label className="flex items-center gap-1">
          <input name="unbalanced" type="checkbox" value="1" />
          只看不平
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="settlementList"
        source={`${AMZ}/settlements/page`}
        exportUrl={`${AMZ}/settlements/export`}
        filterForm={FORM}
        permissions={permissions}
        renders={{
          status: (row) => <span className={row.balanced ? BALANCED : UNBALANCED}>{row.status}</span>,
          difference: (row) =>
            row.balanced ? money(0, row.currency) : <span className="font-semibold text-red-700 dark:text-red-400">{money(row.difference, row.currency)}</span>,
          depositDate: (row) => row.depositDate || "—",
        }}
        actions={[{ label: "详情", run: (row) => setOpened(row) }]}
        empty="没有结算记录：在“数据同步”中同步结算报告，或在“上传报告”中上传从卖家平台下载的结算报告（Flat File V2）。"
      />
      {opened && <SettlementDialog settlement={opened} permissions={permissions} onClose={() => setOpened(null)} />}
    </div>
  );
}

// SettlementDialog is a settlement's reconciliation, its lines by type, and the lines of a type or a search.
function SettlementDialog({ settlement, permissions, onClose }) {
  const dialog = useRef(null);
  const [detail, setDetail] = useState(null);
  const [group, setGroup] = useState(null);
  const [keyword, setKeyword] = useState("");
  const [searched, setSearched] = useState("");
  useEffect(() => {
    dialog.current.showModal();
    api(`${AMZ}/settlements/${settlement.id}`)
      .then(({ data }) => setDetail(data))
      .catch((e) => toast(e.message, "error"));
  }, [settlement.id]);
  const s = detail || settlement;
  const filters = { id: settlement.id, keyword: searched };
  if (group) Object.assign(filters, { typed: "1", transactionType: group.transactionType, amountType: group.amountType, amountDescription: group.amountDescription });
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="settlement-title"
      className="m-auto w-[960px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100"
    >
      <div className="p-4 sm:p-6">
        <h2 id="settlement-title" className="mb-1 text-lg font-semibold">
          结算 {s.settlementId}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {s.groupName} · {s.marketplaceName || s.marketplaceId} · {s.period} · 转账日期 {s.depositDate || "—"}
        </p>
        <dl className="mb-3 grid grid-cols-3 gap-2 text-sm" aria-label="对账">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">结算总额</dt>
            <dd className="font-semibold tabular-nums">{money(s.totalAmount, s.currency)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">明细合计（{s.lineCount} 行）</dt>
            <dd className="font-semibold tabular-nums">{money(s.linesSum, s.currency)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">差额</dt>
            <dd className={`font-semibold tabular-nums ${s.balanced ? "" : "text-red-700 dark:text-red-400"}`}>{money(s.difference, s.currency)}</dd>
          </div>
        </dl>
        {s.balanced ? (
          <p className="mb-3 text-sm text-emerald-800 dark:text-emerald-300">结算总额与明细合计一致。</p>
        ) : (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            结算总额与明细合计相差 {money(s.difference, s.currency)}：请按类型核对下列明细，或与卖家平台的结算报告逐行比对。
          </p>
        )}
        {detail &&
          (detail.deposit ? (
            <p
              aria-label="到账"
              className={`mb-3 rounded-md px-3 py-2 text-sm ${detail.deposit.matches ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200"}`}
            >
              到账：{detail.deposit.accountName} {detail.deposit.date} 收到 {money(Number(detail.deposit.amount), s.currency)}
              {detail.deposit.matches ? "，与结算总额一致。" : `，与结算总额相差 ${money(Number(detail.deposit.difference), s.currency)}（到账 − 结算总额）。`}
            </p>
          ) : (
            <p aria-label="到账" className="mb-3 text-sm text-slate-500 dark:text-slate-400">
              到账：尚未匹配资金账户的收入流水（在“资金账户”中为回款流水点“匹配”）。
            </p>
          ))}
        <h3 className="mb-1 text-sm font-semibold">按类型汇总</h3>
        <div className="mb-3 max-h-56 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full text-left text-sm" aria-label="按类型汇总">
            <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="whitespace-nowrap px-3 py-2 font-medium">交易类型</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">费用项</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">亚马逊名称</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">行数</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">金额</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {(detail?.groups || []).map((g) => {
                const key = `${g.transactionType}/${g.amountType}/${g.amountDescription}`;
                const current = group && key === `${group.transactionType}/${group.amountType}/${group.amountDescription}`;
                return (
                  <tr key={key} className={current ? "bg-sky-50 dark:bg-slate-700" : ""}>
                    <td className="whitespace-nowrap px-3 py-1.5">{g.transactionTypeName}</td>
                    <td className="whitespace-nowrap px-3 py-1.5">{g.amountName}</td>
                    <td className="px-3 py-1.5 text-slate-500 dark:text-slate-400">
                      {g.amountType} / {g.amountDescription}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{g.lines}</td>
                    <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">{money(g.amount, s.currency)}</td>
                    <td className="whitespace-nowrap px-3 py-1.5 text-right">
                      <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => setGroup(current ? null : g)}>
                        {current ? "全部明细" : "查看明细"}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {!detail && <p className="px-3 py-4 text-center text-sm text-slate-500">加载中...</p>}
        </div>
        <form
          className="mb-2 flex flex-wrap items-center gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            setSearched(keyword.trim());
          }}
        >
          <h3 className="mr-2 font-semibold">{group ? `明细：${group.transactionTypeName} · ${group.amountName}` : "全部明细"}</h3>
          <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} aria-label="订单号或SKU" placeholder="订单号 / SKU" className={`w-44 ${input}`} />
          <button type="submit" className={plain}>
            搜索
          </button>
        </form>
        <DataTable
          queryname="settlementLineList"
          source={`${AMZ}/settlements/lines/page`}
          exportUrl={`${AMZ}/settlements/lines/export`}
          filters={filters}
          permissions={permissions}
          renders={{ orderId: (row) => row.orderId || "—", sku: (row) => row.sku || "—" }}
        />
        <div className="mt-4 flex justify-end">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}
