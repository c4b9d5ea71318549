// 新建采购单 (and a draft's 编辑): the supplier, the warehouse the goods come to (own or overseas; FBA stock
// comes by shipments), currency, payment terms, expected date, and the products from the picker with quantity,
// unit price (tax included, up to 4 decimals) and tax rate. The figures are checked here as the server checks
// them, so a mistake shows before anything is sent. 保存 stores a draft (待提交) and hands the tab over to the
// order's page, where it is submitted.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { money } from "../lib/money.js";
import { openTab } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import ProductPicker from "../stock/ProductPicker.jsx";
import { Thumb, WarehouseSelect, button, dangerButton, input, plainButton, useWarehouses } from "../stock/shared.jsx";
import { useSuppliers } from "./Orders.jsx";
import { CURRENCIES, PAGE, PO, TERMS } from "./shared.jsx";

// priceProblem is what is wrong with a 单价, as the server words it; "" when it is right.
export function priceProblem(price) {
  const p = String(price ?? "").trim();
  if (p === "") return "请填写单价";
  if (!/^\d+(\.\d+)?$/.test(p)) return "单价必须是不小于0的数字";
  if ((p.split(".")[1] || "").replace(/0+$/, "").length > 4) return "单价最多4位小数";
  if (Number(p) > 999999.99) return "单价不能超过999999.99";
  return "";
}

function taxProblem(tax) {
  const t = String(tax ?? "").trim();
  if (t === "") return "";
  if (!/^\d+(\.\d{1,2})?$/.test(t) || Number(t) > 100) return "税率必须是0到100之间的数字，最多2位小数";
  return "";
}

// lineAmount is quantity × price in ten-thousandths, exact (a price has at most 4 decimals); null when not right.
function lineUnits(l) {
  if (priceProblem(l.unitPrice) || !/^\d+$/.test(String(l.quantity))) return null;
  const [whole, frac = ""] = String(l.unitPrice).trim().split(".");
  return BigInt(whole + frac.padEnd(4, "0")) * BigInt(l.quantity);
}

// units writes ten-thousandths as a decimal string with two decimals, rounded half up.
function units(n) {
  const cents = (n + 50n) / 100n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

function problem(f, lines) {
  if (!f.supplierId) return "请选择供应商";
  if (!f.warehouseId) return "请选择收货仓库";
  if (f.paymentTerms === "terms" && !(Number(f.termsDays) >= 1 && Number(f.termsDays) <= 365 && /^\d+$/.test(String(f.termsDays)))) return "账期天数必须为1到365的整数";
  if (lines.length === 0) return "请添加产品";
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!/^\d+$/.test(String(l.quantity)) || Number(l.quantity) < 1 || Number(l.quantity) > 1000000) return `第${i + 1}行：数量必须为1到1000000的整数`;
    const p = priceProblem(l.unitPrice) || taxProblem(l.taxRate);
    if (p) return `第${i + 1}行：${p}`;
  }
  return "";
}

// tierPrice is the price of the highest tier quantity reaches ("" without one); tiers are sorted by quantity.
export function tierPrice(tiers, quantity) {
  let price = "";
  for (const t of tiers || []) if (Number(quantity) >= t.minQuantity) price = t.unitPrice;
  return price;
}

// TierDialog edits a supplier's price tiers of one product: from how many units, at what unit price. Saved whole.
function TierDialog({ supplierId, line, tiers, onSaved, onClose }) {
  const dialog = useRef(null);
  const [rows, setRows] = useState(() => (tiers?.length ? tiers.map((t) => ({ minQuantity: String(t.minQuantity), unitPrice: t.unitPrice })) : [{ minQuantity: "1", unitPrice: "" }]));
  const [error, setError] = useState("");
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  const setRow = (i, change) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const save = async (e) => {
    e.preventDefault();
    for (let i = 0; i < rows.length; i++) {
      if (!/^\d+$/.test(rows[i].minQuantity) || Number(rows[i].minQuantity) < 1 || Number(rows[i].minQuantity) > 1000000) return setError(`第${i + 1}档：起订量必须为1到1000000的整数`);
      const p = priceProblem(rows[i].unitPrice);
      if (p) return setError(`第${i + 1}档：${p}`);
    }
    try {
      const { data } = await api(`${PO}/priceTiers`, {
        method: "PUT",
        body: { supplierId, productId: line.productId, tiers: rows.map((r) => ({ minQuantity: Number(r.minQuantity), unitPrice: r.unitPrice })) },
      });
      dialog.current.close();
      toast("已保存阶梯价");
      onSaved(data);
    } catch (err) {
      setError(err.message);
    }
  };
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="tier-title" className="m-auto w-[440px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={save} noValidate className="space-y-3 p-6 text-sm">
        <h2 id="tier-title" className="text-lg font-semibold">
          阶梯价 {line.sku}
        </h2>
        <p className="text-slate-500 dark:text-slate-400">采购数量达到起订量时取该档单价（含税）。</p>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        {rows.map((r, i) => (
          <div key={i} className="flex items-center gap-2">
            <input aria-label={`第${i + 1}档起订量`} inputMode="numeric" className={`w-24 ${input}`} value={r.minQuantity} onChange={(e) => setRow(i, { minQuantity: e.target.value.trim() })} />
            <span>件起</span>
            <input aria-label={`第${i + 1}档单价`} inputMode="decimal" className={`w-28 ${input}`} value={r.unitPrice} onChange={(e) => setRow(i, { unitPrice: e.target.value.trim() })} />
            <button type="button" className={dangerButton} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              删除
            </button>
          </div>
        ))}
        <button type="button" className={plainButton} disabled={rows.length >= 10} onClick={() => setRows((rs) => [...rs, { minQuantity: "", unitPrice: "" }])}>
          添加一档
        </button>
        <div className="flex justify-end gap-2">
          <button type="button" className={plainButton} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button}>
            保存阶梯价
          </button>
        </div>
      </form>
    </dialog>
  );
}

export default function OrderForm({ order, onSaved, onCancel }) {
  const suppliers = useSuppliers();
  const warehouses = useWarehouses(false);
  const [f, setF] = useState(() => ({
    supplierId: order?.supplierId || "",
    warehouseId: order?.warehouseId || "",
    currency: order?.currency || "CNY",
    paymentTerms: order?.paymentTerms || "receipt",
    termsDays: order?.termsDays ? String(order.termsDays) : "30",
    expectedDate: order?.expectedDate || "",
    remark: order?.remark || "",
  }));
  const [lines, setLines] = useState(() => (order ? order.lines.map((l) => ({ ...l, quantity: String(l.quantity) })) : []));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (change) => setF((v) => ({ ...v, ...change }));
  const setLine = (i, change) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const receiving = (warehouses || []).filter((w) => w.kind !== "fba");
  // The supplier's price tiers of the lines' products; a line whose price the buyer has not typed takes its tier.
  const [tiers, setTiers] = useState({});
  const [editingTiers, setEditingTiers] = useState(null);
  const productKey = lines.map((l) => l.productId).join(",");
  useEffect(() => {
    if (!f.supplierId || !productKey) return setTiers({});
    api(`${PO}/priceTiers`, { query: { supplierId: f.supplierId, productIds: productKey } })
      .then(({ data }) => {
        const by = {};
        for (const t of data) (by[t.productId] ||= []).push(t);
        setTiers(by);
      })
      .catch((e) => toast(e.message, "error"));
  }, [f.supplierId, productKey]);
  useEffect(() => {
    setLines((ls) => {
      let changed = false;
      const next = ls.map((l) => {
        if (!l.fromTier && l.unitPrice !== "") return l;
        const p = tierPrice(tiers[l.productId], l.quantity);
        if (p === "" || p === l.unitPrice) return l;
        changed = true;
        return { ...l, unitPrice: p, fromTier: true };
      });
      return changed ? next : ls;
    });
  }, [tiers, lines.map((l) => l.quantity).join(",")]);
  const total = lines.reduce((sum, l) => (sum === null || lineUnits(l) === null ? null : sum + lineUnits(l)), 0n);

  const save = async (e) => {
    e.preventDefault();
    const msg = problem(f, lines);
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      const body = {
        ...f,
        termsDays: f.paymentTerms === "terms" ? Number(f.termsDays) : 0,
        lines: lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity), unitPrice: String(l.unitPrice).trim(), taxRate: String(l.taxRate ?? "").trim(), remark: l.remark || "" })),
      };
      if (order) {
        await api(`${PO}/${order.id}`, { method: "PUT", body });
        toast("操作成功!");
        onSaved();
        return;
      }
      const { data } = await api(PO, { method: "POST", body });
      toast("操作成功!");
      openTab(`采购单 ${data.number}`, PAGE, { id: data.id }, true);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const changeWarehouse = async (id) => {
    if (lines.length && !(await ask({ title: "更换收货仓库", message: "已添加的产品保留，库存数量按新仓库显示。", action: "更换" }))) return;
    set({ warehouseId: id });
  };

  return (
    <>
      <form onSubmit={save} noValidate aria-label={order ? `编辑采购单 ${order.number}` : "新建采购单"} className="max-w-6xl space-y-4">
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <label className="flex flex-col gap-1">
            <span>
              供应商<span className="text-red-600"> *</span>
            </span>
            <select aria-label="供应商" className={input} value={f.supplierId} onChange={(e) => set({ supplierId: e.target.value })}>
              <option value="">请选择供应商</option>
              {(suppliers || []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {suppliers && suppliers.length === 0 && (
              <span className="text-xs text-amber-700">
                还没有供应商，请先在{" "}
                <button type="button" className="underline" onClick={() => openTab("供应商", "/erp/base/supplier")}>
                  供应商
                </button>{" "}
                中添加
              </span>
            )}
          </label>
          <label className="flex flex-col gap-1">
            <span>
              收货仓库<span className="text-red-600"> *</span>
            </span>
            <WarehouseSelect warehouses={receiving} value={f.warehouseId} onChange={(e) => changeWarehouse(e.target.value)} label="收货仓库" empty="请选择收货仓库" />
          </label>
          <label className="flex flex-col gap-1">
            币种
            <select aria-label="币种" className={input} value={f.currency} onChange={(e) => set({ currency: e.target.value })}>
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            付款方式
            <select aria-label="付款方式" className={input} value={f.paymentTerms} onChange={(e) => set({ paymentTerms: e.target.value })}>
              {TERMS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          {f.paymentTerms === "terms" && (
            <label className="flex flex-col gap-1">
              账期天数
              <input aria-label="账期天数" inputMode="numeric" className={input} value={f.termsDays} onChange={(e) => set({ termsDays: e.target.value.trim() })} />
            </label>
          )}
          <label className="flex flex-col gap-1">
            预计到货日期
            <input type="date" aria-label="预计到货日期" className={input} value={f.expectedDate} onChange={(e) => set({ expectedDate: e.target.value })} />
          </label>
        </div>
        {f.warehouseId ? (
          <ProductPicker warehouseId={f.warehouseId} chosen={new Set(lines.map((l) => l.productId))} onPick={(p) => setLines((ls) => [...ls, { ...p, quantity: "1", unitPrice: "", taxRate: "" }])} />
        ) : (
          <p className="text-sm text-slate-500">选择收货仓库后添加产品。</p>
        )}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[760px] text-left text-sm" aria-label="采购产品">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="px-2 py-2 font-medium">#</th>
                <th className="px-2 py-2 font-medium">图片</th>
                <th className="px-2 py-2 font-medium">SKU / 名称</th>
                <th className="px-2 py-2 font-medium">采购数量</th>
                <th className="px-2 py-2 font-medium" title="含税单价，最多4位小数">
                  单价({f.currency})
                </th>
                <th className="px-2 py-2 font-medium">税率(%)</th>
                <th className="px-2 py-2 text-right font-medium">金额</th>
                <th className="px-2 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {lines.map((l, i) => {
                const p = priceProblem(l.unitPrice) || taxProblem(l.taxRate);
                const u = lineUnits(l);
                return (
                  <tr key={l.productId}>
                    <td className="px-2 py-1">{i + 1}</td>
                    <td className="px-2 py-1">
                      <Thumb src={l.image} alt={l.sku} />
                    </td>
                    <td className="px-2 py-1">
                      <div className="font-mono">{l.sku}</div>
                      <div className="text-xs text-slate-500">{l.name}</div>
                    </td>
                    <td className="px-2 py-1">
                      <input aria-label={`${l.sku} 数量`} inputMode="numeric" className={`w-24 ${input}`} value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value.trim() })} />
                    </td>
                    <td className="px-2 py-1">
                      <input aria-label={`${l.sku} 单价`} inputMode="decimal" placeholder="如 12.50" className={`w-28 ${input}`} value={l.unitPrice} onChange={(e) => setLine(i, { unitPrice: e.target.value.trim(), fromTier: false })} />
                      {f.supplierId && (
                        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                          <span aria-label={`${l.sku} 阶梯价`}>{(tiers[l.productId] || []).map((t) => `≥${t.minQuantity}: ${t.unitPrice}`).join("，") || "无阶梯价"}</span>
                          <button type="button" className="text-sky-700 underline dark:text-sky-300" onClick={() => setEditingTiers(l)}>
                            设置
                          </button>
                        </p>
                      )}
                      {l.unitPrice !== "" && p && (
                        <p role="status" className="mt-1 text-xs text-red-700 dark:text-red-300">
                          {p}
                        </p>
                      )}
                    </td>
                    <td className="px-2 py-1">
                      <input aria-label={`${l.sku} 税率`} inputMode="decimal" placeholder="0" className={`w-20 ${input}`} value={l.taxRate} onChange={(e) => setLine(i, { taxRate: e.target.value.trim() })} />
                    </td>
                    <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{u === null ? "—" : money(units(u), f.currency)}</td>
                    <td className="px-2 py-1 text-right">
                      <button type="button" className={dangerButton} aria-label={`移除 ${l.sku}`} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                        移除
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {lines.length === 0 && <p className="text-center text-sm text-slate-500">暂无产品，请在上方搜索并添加。</p>}
        {lines.length > 0 && (
          <p className="text-right text-sm" aria-label="合计金额">
            合计金额（含税）：<span className="font-semibold tabular-nums">{total === null ? "—" : money(units(total), f.currency)}</span>
          </p>
        )}
        <label className="block text-sm">
          备注
          <textarea rows={2} maxLength={500} aria-label="备注" className={`mt-1 block w-full ${input}`} value={f.remark} onChange={(e) => set({ remark: e.target.value })} />
        </label>
        <div className="flex items-center gap-3">
          <button type="submit" className={button} disabled={busy}>
            {busy ? "保存中..." : "保存"}
          </button>
          {order ? (
            <button type="button" className={plainButton} disabled={busy} onClick={onCancel}>
              取消
            </button>
          ) : (
            <span className="text-sm text-slate-500">保存后为待提交状态，可在详情页提交审核。</span>
          )}
        </div>
      </form>
      {editingTiers && (
        <TierDialog
          supplierId={f.supplierId}
          line={editingTiers}
          tiers={tiers[editingTiers.productId]}
          onClose={() => setEditingTiers(null)}
          onSaved={(saved) => {
            setTiers((by) => ({ ...by, [editingTiers.productId]: saved }));
            setLines((ls) => ls.map((l) => (l.productId === editingTiers.productId ? { ...l, fromTier: true } : l)));
          }}
        />
      )}
    </>
  );
}
