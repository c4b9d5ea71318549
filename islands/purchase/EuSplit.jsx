// 欧洲拆分发货 (/e/s/p/e?id=): a SKU's EU marketplaces as one Pan-European FBA pool. The pool's need is worked out
// once (its steps shown), and the shipment (the pool's suggestion, or a total typed) is split over the marketplaces
// by their share of sales; each marketplace's quantity stays editable. 生成发货计划 makes a plan (待提交) per
// marketplace with a quantity, all or none, and lists them, each opening 发货计划.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";
import { WarehouseSelect, button, input, useWarehouses } from "../stock/shared.jsx";

const RP = "/erp/api/v1/replenishment";

export default function EuSplit({ permissions }) {
  const id = new URLSearchParams(window.location.search).get("id") || "";
  const [total, setTotal] = useState(null);
  const [split, setSplit] = useState(null);
  const [qty, setQty] = useState({});
  const [error, setError] = useState("");
  const [warehouseId, setWarehouseId] = useState("");
  const [made, setMade] = useState(null);
  const [busy, setBusy] = useState(false);
  const warehouses = useWarehouses(false);
  const seq = useRef(0);

  useEffect(() => {
    if (total !== null && !/^\d+$/.test(total)) {
      setError("发货总数必须为0到1000000的整数");
      return;
    }
    const n = ++seq.current;
    const t = setTimeout(() => {
      api(`${RP}/euSplit`, { method: "POST", body: { id, total: total === null ? null : Number(total) } })
        .then(({ data }) => {
          if (n !== seq.current) return;
          setSplit(data);
          setQty(Object.fromEntries(data.markets.map((m) => [m.id, String(m.quantity)])));
          setError("");
        })
        .catch((e) => n === seq.current && setError(e.message));
    }, 200);
    return () => clearTimeout(t);
  }, [id, total]);

  const sum = Object.values(qty).reduce((s, v) => s + (/^\d+$/.test(v) ? Number(v) : 0), 0);
  const submit = async (e) => {
    e.preventDefault();
    if (!warehouseId) return setError("请选择发货仓库");
    const bad = split.markets.find((m) => !/^\d+$/.test(qty[m.id] ?? ""));
    if (bad) return setError(`${bad.country}：数量必须为0到1000000的整数`);
    setBusy(true);
    try {
      const lines = split.markets.map((m) => ({ id: m.id, quantity: Number(qty[m.id]) }));
      const { data } = await api(`${RP}/euSplitSubmit`, { method: "POST", body: { id, warehouseId, lines } });
      setMade(data);
      setError("");
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  if (made) {
    return (
      <section aria-label="已生成的发货计划" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-900/30">
        <p role="status" className="mb-2 font-semibold text-emerald-800 dark:text-emerald-200">
          已生成{made.length}个发货计划（待提交）：
        </p>
        <ul className="space-y-1">
          {made.map((d) => (
            <li key={d.id}>
              <a
                href={`/e/s/p?id=${d.id}`}
                className="font-mono text-sky-700 underline dark:text-sky-300"
                onClick={(e) => {
                  e.preventDefault();
                  openTab(`发货计划 ${d.number}`, "/e/s/p", { id: d.id });
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
  const pool = split?.pool;
  return (
    <form onSubmit={submit} noValidate aria-label="欧洲拆分发货" className="space-y-4 text-sm">
      <p className="text-slate-500 dark:text-slate-400">泛欧计划（Pan-EU）/ EFN 下，任一欧盟站点的库存服务其他站点：按库存池计算一次发货需求，再按各站点近30天销量占比拆分到各站点，数量可修改。</p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
          {error}
        </p>
      )}
      {split && (
        <>
          <h2 className="text-base font-semibold">
            {split.groupName} {split.sku}
            {split.productSku && <span className="ml-2 font-normal text-slate-500">本地SKU {split.productSku}</span>}
            <span className="ml-2 font-normal text-slate-500">库存池：{split.countries}</span>
          </h2>
          <dl className="flex flex-wrap gap-x-6 gap-y-1" aria-label="库存池">
            {[
              ["日均", pool.rate],
              ["FBA总库存", pool.fbaTotal],
              ["发货需求", pool.shipNeed],
              ["本地可用", pool.local],
              ["建议发货", pool.ship],
            ].map(([k, v]) => (
              <div key={k}>
                <dt className="inline text-slate-500">{k} </dt>
                <dd className="inline font-semibold tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
          <details>
            <summary className="cursor-pointer text-sky-700 dark:text-sky-300">库存池计算步骤</summary>
            <table className="mt-2 w-full text-left" aria-label="库存池计算步骤">
              <tbody>
                {pool.steps.map((s) => (
                  <tr key={s.key} className="border-t border-slate-100 dark:border-slate-700">
                    <td className="whitespace-nowrap py-1 pr-3">{s.label}</td>
                    <td className="py-1 pr-3 text-slate-600 dark:text-slate-300">{s.formula}</td>
                    <td className="whitespace-nowrap py-1 font-semibold tabular-nums">{s.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1">
              发货总数
              <input aria-label="发货总数" inputMode="numeric" className={`w-28 ${input}`} value={total ?? String(split.total)} onChange={(e) => setTotal(e.target.value.trim())} />
            </label>
            <label className="flex flex-col gap-1">
              发货仓库
              <WarehouseSelect warehouses={(warehouses || []).filter((w) => w.kind !== "fba")} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)} label="发货仓库" empty="请选择仓库" />
            </label>
          </div>
          <table className="w-full text-left" aria-label="各站点发货">
            <thead className="text-slate-600 dark:text-slate-300">
              <tr>
                <th className="py-1 pr-3 font-medium">站点</th>
                <th className="py-1 pr-3 font-medium">近30天销量</th>
                <th className="py-1 pr-3 font-medium">销量占比</th>
                <th className="py-1 pr-3 font-medium">FBA库存</th>
                <th className="py-1 font-medium">发货数量</th>
              </tr>
            </thead>
            <tbody>
              {split.markets.map((m) => (
                <tr key={m.id} className="border-t border-slate-100 dark:border-slate-700">
                  <td className="py-1 pr-3">{m.country}</td>
                  <td className="py-1 pr-3 tabular-nums">{m.units30}</td>
                  <td className="py-1 pr-3 tabular-nums">{m.share}</td>
                  <td className="py-1 pr-3 tabular-nums">{m.fbaTotal}</td>
                  <td className="py-1">
                    <input aria-label={`${m.country} 发货数量`} inputMode="numeric" className={`w-24 ${input}`} value={qty[m.id] ?? ""} onChange={(e) => setQty((q) => ({ ...q, [m.id]: e.target.value.trim() }))} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-200 font-semibold dark:border-slate-700">
                <td className="py-1 pr-3" colSpan={4}>
                  合计
                </td>
                <td className="py-1 tabular-nums" aria-label="拆分合计">
                  {sum}
                </td>
              </tr>
            </tfoot>
          </table>
          {can(permissions, "erp:ship:plan:add") && (
            <div className="flex justify-end">
              <button type="submit" className={button} disabled={busy}>
                {busy ? "提交中..." : "生成发货计划"}
              </button>
            </div>
          )}
        </>
      )}
    </form>
  );
}
