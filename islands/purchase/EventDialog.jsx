// 收货 and 退货 of an order: the warehouse (a receipt's defaults to the order's, a return's too), the date (today
// unless the goods came earlier), a remark (a return's reason, required) and the units per line: a receipt
// offers each line's outstanding units, a return what came and has not gone back. Lines left at 0 are not sent.
// Where the receiving warehouse has bins, each line of a receipt is put away into its 上架库位 (the product's usual
// bin proposed; 待上架 when none).
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, WarehouseSelect, button, input, plainButton, useBins, useWarehouses } from "../stock/shared.jsx";
import { PO } from "./shared.jsx";

export default function EventDialog({ order, kind, onDone, onClose }) {
  const receipt = kind === "receive";
  const noun = receipt ? "收货" : "退货";
  const dialog = useRef(null);
  const warehouses = useWarehouses(false);
  const [warehouseId, setWarehouseId] = useState(order.warehouseId);
  const [date, setDate] = useState("");
  const [remark, setRemark] = useState("");
  const room = (l) => (receipt ? l.outstanding : l.received - l.returned);
  const [qty, setQty] = useState(() => Object.fromEntries(order.lines.map((l) => [l.id, String(receipt ? room(l) : 0)])));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // putAway: each line's bin in the receiving warehouse, by line ("" leaves it 待上架).
  const [putAway, setPutAway] = useState({});
  const bins = useBins(receipt ? warehouseId : "");
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  useEffect(() => {
    setPutAway({});
    if (!receipt || !warehouseId || bins.length === 0) return;
    api(`${ERP}/bin/usual`, { method: "POST", body: { warehouseId, productIds: order.lines.map((l) => l.productId) } })
      .then(({ data }) => {
        const usual = Object.fromEntries((data || []).map((u) => [u.productId, u.binId]));
        setPutAway(Object.fromEntries(order.lines.map((l) => [l.id, usual[l.productId] || ""])));
      })
      .catch((e) => toast(e.message, "error"));
  }, [receipt, warehouseId, bins, order]);

  const submit = async (e) => {
    e.preventDefault();
    if (!warehouseId) return setError(receipt ? "请选择收货仓库" : "请选择仓库");
    if (!receipt && !remark.trim()) return setError("请填写原因");
    const lines = order.lines.map((l) => ({ lineId: l.id, quantity: Number(qty[l.id] || 0), ...(receipt ? { binId: putAway[l.id] || "" } : {}) }));
    const bad = order.lines.findIndex((l) => !/^\d+$/.test(String(qty[l.id] || "0")) || Number(qty[l.id] || 0) > room(l));
    if (bad >= 0) return setError(`第${bad + 1}行：数量必须为0到${room(order.lines[bad])}的整数`);
    if (!lines.some((l) => l.quantity > 0)) return setError("请填写至少一个产品的数量");
    setBusy(true);
    setError("");
    try {
      await api(`${PO}/${order.id}/${kind}`, { method: "POST", body: { warehouseId, date, remark, lines: lines.filter((l) => l.quantity > 0) } });
      dialog.current.close();
      onDone();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="event-title" className="m-auto w-[640px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} noValidate className="space-y-3 p-6 text-sm">
        <h2 id="event-title" className="text-lg font-semibold">
          {noun} {order.number}
        </h2>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1">
            {receipt ? "收货仓库" : "退货仓库"}
            <WarehouseSelect
              warehouses={(warehouses || []).filter((w) => w.kind !== "fba")}
              value={warehouseId}
              onChange={(e) => setWarehouseId(e.target.value)}
              label={receipt ? "收货仓库" : "退货仓库"}
              empty="请选择仓库"
            />
          </label>
          <label className="flex flex-col gap-1">
            {noun}日期
            <input type="date" aria-label={`${noun}日期`} className={input} value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
        </div>
        <table className="w-full text-left" aria-label={`${noun}产品`}>
          <thead className="text-slate-600 dark:text-slate-300">
            <tr>
              <th className="py-1 font-medium">SKU</th>
              <th className="py-1 font-medium">{receipt ? "未收" : "可退"}</th>
              <th className="py-1 font-medium">{noun}数量</th>
              {receipt && bins.length > 0 && (
                <th className="py-1 font-medium" title="收货时直接放入该库位；不选则为待上架">
                  上架库位
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td className="py-1 font-mono">{l.sku}</td>
                <td className="py-1 tabular-nums">{room(l)}</td>
                <td className="py-1">
                  <input aria-label={`${l.sku} ${noun}数量`} inputMode="numeric" disabled={room(l) === 0} className={`w-24 ${input}`} value={qty[l.id]} onChange={(e) => setQty((q) => ({ ...q, [l.id]: e.target.value.trim() }))} />
                </td>
                {receipt && bins.length > 0 && (
                  <td className="py-1">
                    <select aria-label={`${l.sku} 上架库位`} disabled={room(l) === 0} className={`w-32 ${input}`} value={putAway[l.id] || ""} onChange={(e) => setPutAway((b) => ({ ...b, [l.id]: e.target.value }))}>
                      <option value="">待上架</option>
                      {bins.map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.code}
                        </option>
                      ))}
                    </select>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <label className="block">
          {receipt ? "备注" : "退货原因"}
          {!receipt && <span className="text-red-600"> *</span>}
          <input aria-label={receipt ? "备注" : "退货原因"} maxLength={200} className={`mt-1 block w-full ${input}`} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={plainButton} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button} disabled={busy}>
            {busy ? "提交中..." : `确认${noun}`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
