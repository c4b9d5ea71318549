// 新建换货单: in one warehouse, units of a product (换出, from the picker, with its fulfillable stock) become units of
// another (换入, found by SKU or name on the line: relabelled to another listing's FNSKU, repacked). Each line has
// its quantity and, when the warehouse has bins, the bin the units are taken from and the new ones put back into.
// 保存 stores a draft (待提交) and hands the tab to its detail, where it is submitted and approved; the same form
// edits a draft from its detail (doc). The checks the server makes are made here first, so a mistake shows
// before anything is sent; a quantity beyond the fulfillable stock is only warned of (审核 refuses it).
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { toast } from "../lib/toast.js";
import ProductPicker from "./ProductPicker.jsx";
import { ERP, KINDS, Thumb, WarehouseSelect, button, dangerButton, input, openTab, plainButton, useBins, useWarehouses } from "./shared.jsx";

// problem is what the server would refuse in the form, worded as it words it; "" when nothing.
export function exchangeProblem(warehouseId, lines) {
  if (!warehouseId) return "请选择仓库";
  if (lines.length === 0) return "请添加产品";
  const seen = new Set(lines.map((l) => l.productId));
  for (const [i, l] of lines.entries()) {
    const at = `第${i + 1}行：`;
    if (!/^\d+$/.test(String(l.quantity)) || Number(l.quantity) < 1 || Number(l.quantity) > 1000000) return `${at}数量必须为1到1000000的整数`;
    if (!l.toProductId) return `${at}请选择换入产品`;
    if (l.toProductId === l.productId) return `${at}换出产品和换入产品不能相同`;
    if (seen.has(l.toProductId)) return `${at}产品重复`;
    seen.add(l.toProductId);
  }
  return "";
}

// ToProduct chooses a line's 换入产品: type part of a SKU or name, pick one of the company's products found.
function ToProduct({ warehouseId, line, onChoose }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState([]);
  useEffect(() => {
    if (!search.trim()) {
      setFound([]);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      api(`${ERP}/stock/products`, { query: { warehouseId, search } })
        .then(({ data }) => live && setFound(data.filter((p) => p.productId !== line.productId).slice(0, 6)))
        .catch((e) => live && toast(e.message, "error"));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [warehouseId, search, line.productId]);

  if (line.toProductId)
    return (
      <div className="flex items-center gap-2">
        <Thumb src={line.toImage} alt={line.toSku} />
        <div className="min-w-0">
          <div className="font-mono">{line.toSku}</div>
          <div className="truncate text-xs text-slate-500 dark:text-slate-400">{line.toName}</div>
        </div>
        <button type="button" className={plainButton} aria-label={`更换 ${line.sku} 的换入产品`} onClick={() => onChoose(null)}>
          更换
        </button>
      </div>
    );
  const pick = (p) => {
    onChoose(p);
    setSearch("");
  };
  return (
    <div>
      <input
        aria-label={`${line.sku} 换入产品`}
        placeholder="输入SKU或名称"
        className={`w-44 ${input}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          const exact = found.find((p) => p.sku.toLowerCase() === search.trim().toLowerCase());
          if (exact || found.length === 1) pick(exact || found[0]);
        }}
      />
      {found.length > 0 && (
        <ul aria-label={`${line.sku} 换入产品候选`} className="mt-1 w-72 max-w-full rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-800">
          {found.map((p) => (
            <li key={p.productId}>
              <button type="button" className="flex w-full items-center gap-2 px-2 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-700" onClick={() => pick(p)}>
                <span className="font-mono">{p.sku}</span>
                <span className="truncate text-xs text-slate-500 dark:text-slate-400">{p.name}</span>
                <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">可用 {p.fulfillable}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ExchangeNew({ doc, onSaved, onCancel }) {
  const k = KINDS.exchange;
  const warehouses = useWarehouses(false);
  const [warehouseId, setWarehouseId] = useState(doc ? doc.warehouseId : "");
  const [lines, setLines] = useState(doc ? doc.lines.map((l) => ({ ...l, quantity: String(l.quantity), binId: l.binId || "", toFulfillable: l.toFulfillable || 0 })) : []);
  const [remark, setRemark] = useState(doc ? doc.remark : "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const bins = useBins(warehouseId);

  const changeWarehouse = async (id) => {
    if (lines.length && !(await ask({ title: "更换仓库", message: `已添加的 ${lines.length} 行换货将被清空。`, action: "更换" }))) return;
    setWarehouseId(id);
    setLines([]);
  };
  const setLine = (i, change) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const choose = (i, p) =>
    setLine(i, p ? { toProductId: p.productId, toSku: p.sku, toName: p.name, toImage: p.image, toFulfillable: p.fulfillable } : { toProductId: "", toSku: "", toName: "", toImage: "" });

  const save = async (e) => {
    e.preventDefault();
    const msg = exchangeProblem(warehouseId, lines);
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      const body = { warehouseId, remark, lines: lines.map((l) => ({ productId: l.productId, toProductId: l.toProductId, quantity: Number(l.quantity), binId: l.binId || "" })) };
      if (doc) {
        await api(`${ERP}/${k.path}/${doc.id}`, { method: "PUT", body });
        toast("操作成功!");
        onSaved();
        return;
      }
      const { data } = await api(`${ERP}/${k.path}`, { method: "POST", body });
      toast("操作成功!");
      openTab(`${k.noun} ${data.number}`, k.detail, { id: data.id }, true);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={doc ? `编辑${k.noun} ${doc.number}` : `新建${k.noun}`} className="max-w-6xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <span>
          仓库<span className="text-red-600"> *</span>
        </span>
        <WarehouseSelect warehouses={warehouses && warehouses.filter((w) => w.kind !== "fba")} value={warehouseId} onChange={(e) => changeWarehouse(e.target.value)} empty="请选择仓库" />
      </label>
      <p className="text-sm text-slate-500 dark:text-slate-400">先添加换出的产品，再在每行选择换入的产品（如贴另一条Listing的FNSKU、重新包装）。审核后库存从换出产品转到换入产品，按换出产品的加权平均成本结转，货值不变。</p>
      <ProductPicker warehouseId={warehouseId} chosen={new Set(lines.map((l) => l.productId))} onPick={(p) => setLines((ls) => [...ls, { ...p, quantity: "1", binId: "", toProductId: "" }])} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm" aria-label="换货明细">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">#</th>
              <th className="px-2 py-2 font-medium">换出产品</th>
              <th className="px-2 py-2 font-medium">可用库存</th>
              <th className="px-2 py-2 font-medium">换货数量</th>
              <th className="px-2 py-2 font-medium">换入产品</th>
              {bins.length > 0 && (
                <th className="px-2 py-2 font-medium" title="从该库位取出换出产品，换入产品放回同一库位；不选则不指定库位">
                  库位
                </th>
              )}
              <th className="px-2 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {lines.map((l, i) => (
              <tr key={l.productId} className="align-top">
                <td className="px-2 py-1">{i + 1}</td>
                <td className="px-2 py-1">
                  <div className="flex items-center gap-2">
                    <Thumb src={l.image} alt={l.sku} />
                    <div className="min-w-0">
                      <div className="font-mono">{l.sku}</div>
                      <div className="truncate text-xs text-slate-500 dark:text-slate-400">{l.name}</div>
                    </div>
                  </div>
                </td>
                <td className="px-2 py-1">{l.fulfillable}</td>
                <td className="px-2 py-1">
                  <input aria-label={`${l.sku} 数量`} inputMode="numeric" className={`w-24 ${input}`} value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value.trim() })} />
                  {Number(l.quantity) > l.fulfillable && (
                    <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-300">
                      超出可用库存 {l.fulfillable}，审核时将被拒绝
                    </p>
                  )}
                </td>
                <td className="px-2 py-1">
                  <ToProduct warehouseId={warehouseId} line={l} onChoose={(p) => choose(i, p)} />
                </td>
                {bins.length > 0 && (
                  <td className="px-2 py-1">
                    <select aria-label={`${l.sku} 库位`} className={`w-32 ${input}`} value={l.binId || ""} onChange={(e) => setLine(i, { binId: e.target.value })}>
                      <option value="">不指定</option>
                      {bins.map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.code}
                        </option>
                      ))}
                      {l.binId && !bins.some((b) => b.id === l.binId) && <option value={l.binId}>{l.binCode || "已停用库位"}</option>}
                    </select>
                  </td>
                )}
                <td className="px-2 py-1 text-right">
                  <button type="button" className={dangerButton} aria-label={`移除 ${l.sku}`} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                    移除
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.length === 0 && <p className="text-center text-sm text-slate-500">暂无数据！</p>}
      <label className="block text-sm">
        备注
        <textarea name="remark" rows={2} maxLength={500} className={`mt-1 block w-full ${input}`} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" className={button} disabled={busy}>
          {busy ? "保存中..." : "保存"}
        </button>
        {doc ? (
          <button type="button" className={plainButton} disabled={busy} onClick={onCancel}>
            取消
          </button>
        ) : (
          <span className="text-sm text-slate-500">保存后为待提交状态，可在详情页提交和审核。</span>
        )}
      </div>
    </form>
  );
}
