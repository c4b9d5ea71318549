// 采购计划提交 (/e/p/p/s?ids=): the lines checked in 亚马逊补货计划 (their ids, a line each) reviewed before ordering.
// Their products are grouped by supplier (each product's default one, changeable), with the suggested quantity
// (editable), the quantity rounded up to the supplier's MOQ and whole cartons, the unit price and the totals per
// supplier; every change is worked out again by the server (orderReview), nothing saved. 提交 makes one draft
// purchase order per supplier, all or none, and lists them, each opening its order.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { money } from "../lib/money.js";
import { openTab } from "../lib/tabs.js";
import { WarehouseSelect, button, input, plainButton, useWarehouses } from "../stock/shared.jsx";
import { useSuppliers } from "./Orders.jsx";
import { PAGE } from "./shared.jsx";

const RP = "/erp/api/v1/replenishment";

// idsOfPage reads the checked lines from the address: one id a line (a seller SKU may hold a comma, never a newline).
function idsOfPage() {
  return (new URLSearchParams(window.location.search).get("ids") || "").split("\n").filter(Boolean);
}

// picksOf is the buyer's changes as the call takes them; a quantity not yet a whole number stays out.
function picksOf(picks) {
  return Object.entries(picks).map(([productId, p]) => ({
    productId,
    supplierId: p.supplierId,
    quantity: /^-?\d+$/.test(String(p.quantity ?? "")) ? Number(p.quantity) : null,
  }));
}

function Made({ docs }) {
  return (
    <section aria-label="已生成的采购单" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-900/30">
      <p role="status" className="mb-2 font-semibold text-emerald-800 dark:text-emerald-200">
        已生成{docs.length}个采购单（待提交），请在采购单中提交审核：
      </p>
      <ul className="space-y-1">
        {docs.map((d) => (
          <li key={d.id}>
            <a
              href={`${PAGE}?id=${d.id}`}
              className="font-mono text-sky-700 underline dark:text-sky-300"
              onClick={(e) => {
                e.preventDefault();
                openTab(`采购单 ${d.number}`, PAGE, { id: d.id });
              }}
            >
              {d.number}
            </a>
            <span className="ml-2">{d.for}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function PlanSubmit({ permissions }) {
  const [ids, setIds] = useState(idsOfPage);
  const [picks, setPicks] = useState({});
  const [review, setReview] = useState(null);
  const [error, setError] = useState("");
  const [warehouseId, setWarehouseId] = useState("");
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState(null);
  const warehouses = useWarehouses(false);
  const suppliers = useSuppliers();
  const seq = useRef(0);

  useEffect(() => {
    if (ids.length === 0) {
      setReview(null);
      setError("请选择补货行：在亚马逊补货计划中勾选要采购的行，再点“生成采购单”");
      return;
    }
    const bad = Object.values(picks).some((p) => p.quantity !== undefined && !/^-?\d+$/.test(String(p.quantity)));
    if (bad) {
      setError("采购数量必须为整数");
      return;
    }
    const n = ++seq.current;
    const t = setTimeout(() => {
      api(`${RP}/orderReview`, { method: "POST", body: { ids, lines: picksOf(picks) } })
        .then(({ data }) => {
          if (n !== seq.current) return;
          setReview(data);
          setError("");
        })
        .catch((e) => n === seq.current && setError(e.message));
    }, 200);
    return () => clearTimeout(t);
  }, [ids, picks]);

  const change = (line, supplierId, patch) =>
    setPicks((ps) => ({ ...ps, [line.productId]: { supplierId, quantity: ps[line.productId]?.quantity ?? String(line.asked), ...ps[line.productId], ...patch } }));
  const remove = (line) => {
    setIds((list) => list.filter((id) => !line.ids.includes(id)));
    setPicks((ps) => {
      const { [line.productId]: _, ...rest } = ps;
      return rest;
    });
  };

  const submit = async (e) => {
    e.preventDefault();
    if (!warehouseId) return setError("请选择收货仓库");
    if (review?.problems.length) return setError(review.problems[0]);
    setBusy(true);
    try {
      const { data } = await api(`${RP}/orderSubmit`, { method: "POST", body: { ids, lines: picksOf(picks), warehouseId } });
      setMade(data);
      setError("");
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  if (made) return <Made docs={made} />;
  const mayOrder = can(permissions, "erp:purchase:add");
  return (
    <form onSubmit={submit} noValidate aria-label="采购计划提交" className="space-y-4 text-sm">
      <p className="text-slate-500 dark:text-slate-400">按供应商各生成一张待提交的采购单。数量按供应商的起订量（最低一档阶梯价）和箱规向上取整；单价取供应商阶梯价，没有则取本地产品的采购成本。</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          收货仓库
          <WarehouseSelect warehouses={(warehouses || []).filter((w) => w.kind !== "fba")} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)} label="收货仓库" empty="请选择仓库" />
        </label>
        {review && (
          <p aria-label="合计" className="pb-2 font-semibold">
            合计 {review.quantity} 件，{money(review.amount, "CNY")}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
          {error}
        </p>
      )}
      {review && review.problems.length > 0 && (
        <ul aria-label="待处理" className="list-inside list-disc rounded-md bg-amber-50 px-3 py-2 text-amber-800 dark:bg-amber-900/30 dark:text-amber-200">
          {review.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {review?.groups.map((g) => (
        <section key={g.supplierId || "none"} aria-label={`供应商 ${g.supplierName}`} className="rounded-lg border border-slate-200 dark:border-slate-700">
          <h2 className="flex flex-wrap justify-between gap-2 border-b border-slate-200 px-3 py-2 font-semibold dark:border-slate-700">
            <span>{g.supplierName}</span>
            <span data-testid="supplier-total" className="tabular-nums">
              {g.lines.length}个产品，{g.quantity} 件，{money(g.amount, "CNY")}
            </span>
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left" aria-label={`${g.supplierName} 采购明细`}>
              <thead className="text-slate-600 dark:text-slate-300">
                <tr>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">本地SKU</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">平台SKU</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">建议采购</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">采购数量</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">下单数量</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">单价</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">金额</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">供应商</th>
                  <th className="whitespace-nowrap px-3 py-1 font-medium">操作</th>
                </tr>
              </thead>
              <tbody>
                {g.lines.map((l) => (
                  <tr key={l.productId} className="border-t border-slate-100 dark:border-slate-700">
                    <td className="px-3 py-1">
                      <span className="font-mono">{l.productSku}</span>
                      <span className="block text-xs text-slate-500">{l.productName}</span>
                    </td>
                    <td className="px-3 py-1 text-xs">{l.skus.join("、")}</td>
                    <td className="px-3 py-1 tabular-nums">{l.suggested}</td>
                    <td className="px-3 py-1">
                      <input aria-label={`${l.productSku} 采购数量`} inputMode="numeric" className={`w-24 ${input}`} value={picks[l.productId]?.quantity ?? String(l.asked)} onChange={(e) => change(l, g.supplierId, { quantity: e.target.value.trim() })} />
                    </td>
                    <td className="px-3 py-1 tabular-nums" data-testid={`${l.productSku} 下单数量`}>
                      {l.quantity}
                      {l.quantity !== l.asked && l.quantity > 0 && (
                        <span className="block text-xs text-slate-500">
                          {[l.moq > 0 && `起订量${l.moq}`, l.cartonUnits > 1 && `每箱${l.cartonUnits}`].filter(Boolean).join("，")}取整
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-1 tabular-nums">
                      {l.unitPrice}
                      {l.tiered && <span className="block text-xs text-slate-500">阶梯价</span>}
                    </td>
                    <td className="px-3 py-1 tabular-nums">{money(l.amount, "CNY")}</td>
                    <td className="px-3 py-1">
                      <select aria-label={`${l.productSku} 供应商`} className={input} value={picks[l.productId]?.supplierId ?? g.supplierId} onChange={(e) => change(l, g.supplierId, { supplierId: e.target.value })}>
                        <option value="">请选择供应商</option>
                        {(suppliers || []).map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="px-3 py-1">
                      <button type="button" className={plainButton} aria-label={`移除 ${l.productSku}`} onClick={() => remove(l)}>
                        移除
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {mayOrder && review && (
        <div className="flex justify-end">
          <button type="submit" className={button} disabled={busy}>
            {busy ? "提交中..." : "提交"}
          </button>
        </div>
      )}
    </form>
  );
}
