// 1688结算详情 (/e/f/s?id=): one imported 1688 order: its supplier, amounts, freight, waybills, lines with the local
// products they are, the paid phases, and the purchase order it became.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { openTab, retitle } from "../lib/tabs.js";
import { plainButton } from "../stock/shared.jsx";
import { ALIBABA } from "./Alibaba.jsx";
import { PAGE } from "./shared.jsx";

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || "—"}</dd>
    </div>
  );
}

export default function AlibabaOrder({ id }) {
  const [o, setO] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!id) {
      setError("请从1688结算列表打开订单详情");
      return;
    }
    api(`${ALIBABA}/settlement/${encodeURIComponent(id)}`)
      .then(({ data }) => {
        setO(data);
        retitle(`1688结算 ${data.aliOrderId}`, "1688结算详情");
      })
      .catch((e) => setError(e.message));
  }, [id]);
  if (error) return <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>;
  if (!o) return <p className="text-sm text-slate-500">加载中…</p>;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="1688订单号">{o.aliOrderId}</Field>
        <Field label="供应商">{o.sellerName}</Field>
        <Field label="1688状态">{o.statusName}</Field>
        <Field label="下单时间">{o.orderedAt}</Field>
        <Field label="订单金额">{money(o.totalAmount, "CNY")}</Field>
        <Field label="运费">{money(o.shippingFee, "CNY")}</Field>
        <Field label="已付">{money(o.paid, "CNY")}</Field>
        <Field label="物流单号">{o.logistics}</Field>
        <Field label="采购单">
          {o.purchaseId ? (
            <button type="button" className={plainButton} onClick={() => openTab(`采购单 ${o.purchaseNumber}`, PAGE, { id: o.purchaseId })}>
              {o.purchaseNumber}（{o.purchaseStatus}）
            </button>
          ) : (
            `未生成：${o.linesUnmapped} 行商品待在“1688账号绑定”中配对`
          )}
        </Field>
      </dl>
      <section aria-label="商品">
        <h2 className="mb-1 text-base font-semibold">商品</h2>
        <table className="min-w-full text-sm">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="px-2 py-1">1688商品</th>
              <th className="px-2 py-1">本地SKU</th>
              <th className="px-2 py-1 text-right">数量</th>
              <th className="px-2 py-1 text-right">单价</th>
              <th className="px-2 py-1 text-right">金额</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.id} className="border-t border-slate-200 dark:border-slate-700">
                <td className="px-2 py-1">{l.name}</td>
                <td className="px-2 py-1">{l.sku || <span className="text-amber-700">待配对</span>}</td>
                <td className="px-2 py-1 text-right">{l.quantity}</td>
                <td className="px-2 py-1 text-right">{money(l.price, "CNY")}</td>
                <td className="px-2 py-1 text-right">{money(l.amount, "CNY")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="付款">
        <h2 className="mb-1 text-base font-semibold">付款</h2>
        {o.payments.length === 0 ? (
          <p className="text-sm text-slate-500">尚未付款</p>
        ) : (
          <table className="min-w-full text-sm">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="px-2 py-1">付款时间</th>
                <th className="px-2 py-1">支付方式</th>
                <th className="px-2 py-1">状态</th>
                <th className="px-2 py-1 text-right">金额</th>
              </tr>
            </thead>
            <tbody>
              {o.payments.map((p) => (
                <tr key={p.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-2 py-1">{p.paidAt}</td>
                  <td className="px-2 py-1">{p.payWay}</td>
                  <td className="px-2 py-1">{p.payStatusName}</td>
                  <td className="px-2 py-1 text-right">{money(p.amount, "CNY")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
