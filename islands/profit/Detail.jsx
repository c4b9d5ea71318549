// The lines one figure of the profit report was summed from, in the browser's own modal <dialog>, a page at a
// time through the detail call: settlement lines (settlement, order, Amazon's names, amount), order items, the fee
// estimate times the units, the shipments behind the freight, the product's cost. A settlement line's type and
// amount show our Chinese name with Amazon's English one beside it (the server's one table, app/amazon/names.go).
// 月度报告 opens its 分摊费用 here too (scope: a month and store, not a line by SKU): the shares of every line, each
// naming the line it went to (分摊到).
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { AMZ, button } from "./shared.jsx";

const th = "whitespace-nowrap border-b border-slate-200 px-2 py-1 text-left font-semibold dark:border-slate-600";
const td = "border-b border-slate-100 px-2 py-1 dark:border-slate-700";
const SIZE = 20;
const HEADS = ["来源", "日期", "单号", "订单号", "类型", "说明", "数量", "金额", "币种", "备注"];

// Footer is the lines' total, set apart from them: 合计 of every page when the lines add up to it; for freight the
// month's freight and how it is worked out, said not to be the shipments' sum.
function Footer({ sum, total, span }) {
  const cell = "border-t-2 border-slate-400 px-2 py-1 font-semibold dark:border-slate-400";
  return (
    <tfoot aria-label="合计">
      <tr className="bg-slate-50 dark:bg-slate-900">
        <th scope="row" className={`${cell} text-left`}>
          {sum.label}
        </th>
        <td className={`${cell} font-normal text-slate-600 dark:text-slate-300`} colSpan={span}>
          {sum.sums ? (Number(total) > SIZE ? `全部 ${total} 条的合计` : "以上各行之和") : `${sum.description}，不是上面各行之和`}
        </td>
        <td className={`${cell} text-right tabular-nums`}>{money(sum.amount, sum.currency)}</td>
        <td className={cell}>{sum.currency}</td>
        <td className={cell} />
      </tr>
    </tfoot>
  );
}

export default function Detail({ figure, title, row, scope, onClose }) {
  const dialog = useRef(null);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState(null);
  const [error, setError] = useState("");

  useEffect(() => {
    if (!dialog.current.open) dialog.current.showModal();
    const body = scope
      ? { currentpage: page, pagesize: SIZE, month: scope.month, groupId: scope.groupId }
      : { currentpage: page, pagesize: SIZE, figure, month: row.month, groupId: row.groupId, marketplaceId: row.marketplaceId, sku: row.sku, currency: row.currency };
    // The answer keeps the page it is of, so that the page shown (n / m) is the lines' own, never ahead of them;
    // an answer that comes after the next question is dropped.
    let live = true;
    api(scope ? `${AMZ}/profit/month/shared` : `${AMZ}/profit/detail`, { method: "POST", body })
      .then(({ data }) => live && setResult({ ...data, page }))
      .catch((e) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [figure, row, scope, page]);

  // The lines' columns: 分摊到 after 类型 when the lines went to different lines by SKU (月度报告's shares).
  const spread = Boolean(result?.records.some((r) => r.line));
  const heads = spread ? [...HEADS.slice(0, 5), "分摊到", ...HEADS.slice(5)] : HEADS;
  const cells = (r) => {
    const c = [r.source, r.date, r.reference, r.orderId, named(r.kind, r.kindCode), named(r.description, r.descriptionCode), r.quantity, money(r.amount, r.currency), r.currency, r.note];
    return spread ? [...c.slice(0, 5), r.line, ...c.slice(5)] : c;
  };

  const pages = result ? Math.max(1, Math.ceil(Number(result.total) / SIZE)) : 1;
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="profit-detail-title" className="m-auto w-[1100px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-600">
        <h2 id="profit-detail-title" className="font-semibold">
          {scope ? `${title}明细：${scope.groupName} · ${scope.month}` : `${title}明细：${row.sku || "店铺费用"} · ${row.groupName} ${row.marketplaceName || row.marketplaceId} · ${row.month}`}
        </h2>
        <button type="button" aria-label="关闭" className="px-2 text-xl" onClick={() => dialog.current.close()}>
          ×
        </button>
      </div>
      <div className="max-h-[70vh] overflow-auto px-4 py-3">
        {error && <p className="text-sm text-red-700">{error}</p>}
        {!result && !error && <p className="text-sm text-slate-500">加载中...</p>}
        {result && result.records.length === 0 && <p className="text-sm text-slate-500">没有明细：此项为0</p>}
        {result && result.records.length > 0 && (
          <table aria-label={`${title}明细`} className="w-full text-sm">
            <thead>
              <tr>
                {heads.map((h) => (
                  <th key={h} className={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.records.map((r) => (
                <tr key={`${r.source}-${r.id}`}>
                  {cells(r).map((c, j) => (
                    <td key={j} className={td}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {result.sum && <Footer sum={result.sum} total={result.total} span={heads.length - 4} />}
          </table>
        )}
      </div>
      {result && (
        <div className="flex items-center justify-end gap-2 border-t border-slate-200 px-4 py-2 text-sm dark:border-slate-600">
          <span>共 {result.total} 条</span>
          <button type="button" className={button} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </button>
          <span>
            {result.page} / {pages}
          </span>
          <button type="button" className={button} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </button>
        </div>
      )}
    </dialog>
  );
}

/** Our Chinese name with Amazon's code beside it (and as its tooltip); the name alone when it has no code. */
function named(name, code) {
  if (!code) return name;
  return (
    <span title={code}>
      {name} <span className="text-xs text-slate-500 dark:text-slate-400">{code}</span>
    </span>
  );
}
