// 新建盘点单: the warehouse, what to count (整仓盘点: every product of the warehouse; 指定产品: those picked; 按库位盘点:
// the products in the bins chosen, counted per bin) and a
// remark. 保存 stores a draft (待提交) and hands the tab to the stocktake's detail, where 开始盘点 freezes the
// products and the counting begins. The same form edits a draft from its detail (stocktake).
import { useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { toast } from "../lib/toast.js";
import ProductPicker from "./ProductPicker.jsx";
import { ERP, KINDS, Thumb, WarehouseSelect, button, dangerButton, input, openTab, plainButton, useBins, useWarehouses } from "./shared.jsx";

const k = KINDS.stocktake;

export default function StocktakeNew({ stocktake, onSaved, onCancel }) {
  const warehouses = useWarehouses(false);
  const [warehouseId, setWarehouseId] = useState(stocktake ? stocktake.warehouseId : "");
  const [scope, setScope] = useState(stocktake ? stocktake.scope : "warehouse");
  const [lines, setLines] = useState(stocktake && stocktake.scope === "products" ? stocktake.lines : []);
  const [remark, setRemark] = useState(stocktake ? stocktake.remark : "");
  const [binIds, setBinIds] = useState(() => new Set(stocktake ? (stocktake.bins || []).map((b) => b.id) : []));
  const bins = useBins(scope === "bins" ? warehouseId : "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const changeWarehouse = async (id) => {
    if (lines.length && !(await ask({ title: "更换仓库", message: `已添加的 ${lines.length} 个产品将被清空。`, action: "更换" }))) return;
    setWarehouseId(id);
    setLines([]);
    setBinIds(new Set());
  };

  const save = async (e) => {
    e.preventDefault();
    const msg = !warehouseId
      ? "请选择仓库"
      : scope === "products" && lines.length === 0
        ? "请添加产品"
        : scope === "bins" && binIds.size === 0
          ? "请选择要盘点的库位"
          : "";
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      const body = {
        warehouseId,
        scope,
        remark,
        productIds: scope === "products" ? lines.map((l) => l.productId) : [],
        binIds: scope === "bins" ? [...binIds] : [],
      };
      if (stocktake) {
        await api(`${ERP}/stocktake/${stocktake.id}`, { method: "PUT", body });
        toast("操作成功!");
        onSaved();
        return;
      }
      const { data } = await api(`${ERP}/stocktake`, { method: "POST", body });
      toast("操作成功!");
      openTab(`${k.noun} ${data.number}`, k.detail, { id: data.id }, true);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={stocktake ? `编辑盘点单 ${stocktake.number}` : "新建盘点单"} className="max-w-5xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <span>
          仓库<span className="text-red-600"> *</span>
        </span>
        <WarehouseSelect warehouses={warehouses} value={warehouseId} onChange={(e) => changeWarehouse(e.target.value)} empty="请选择仓库" />
      </label>
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">盘点范围</legend>
        <span>盘点范围</span>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="warehouse" checked={scope === "warehouse"} onChange={() => setScope("warehouse")} />
          整仓盘点
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="products" checked={scope === "products"} onChange={() => setScope("products")} />
          指定产品
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="bins" checked={scope === "bins"} onChange={() => setScope("bins")} />
          按库位盘点
        </label>
      </fieldset>
      {scope === "warehouse" ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">开始盘点时按仓库中有库存的产品生成盘点表；扫描到不在表中的产品会自动加入。盘点期间该仓库暂停一切出入库。</p>
      ) : scope === "bins" ? (
        <fieldset className="text-sm">
          <legend className="mb-1">
            盘点库位<span className="text-red-600"> *</span>
            <span className="ml-2 text-slate-500">开始盘点时按所选库位中的产品逐库位生成盘点表，盘点期间这些产品暂停出入库。</span>
          </legend>
          {!warehouseId ? (
            <p className="text-slate-500">请先选择仓库。</p>
          ) : bins.length === 0 ? (
            <p className="text-slate-500">该仓库还没有库位，请先到“库位”中新增或批量生成。</p>
          ) : (
            <div className="flex max-h-60 flex-wrap gap-2 overflow-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
              {bins.map((b) => (
                <label key={b.id} className="flex items-center gap-1 rounded bg-slate-50 px-2 py-1 font-mono dark:bg-slate-900">
                  <input
                    type="checkbox"
                    checked={binIds.has(b.id)}
                    onChange={(e) =>
                      setBinIds((s) => {
                        const n = new Set(s);
                        if (e.target.checked) n.add(b.id);
                        else n.delete(b.id);
                        return n;
                      })
                    }
                  />
                  {b.code}
                  <span className="text-xs text-slate-500">({b.units})</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
      ) : (
        <>
          <ProductPicker warehouseId={warehouseId} chosen={new Set(lines.map((l) => l.productId))} onPick={(p) => setLines((ls) => [...ls, p])} />
          <table className="w-full text-left text-sm" aria-label="盘点产品">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="px-2 py-2 font-medium">#</th>
                <th className="px-2 py-2 font-medium">图片</th>
                <th className="px-2 py-2 font-medium">SKU</th>
                <th className="px-2 py-2 font-medium">产品名称</th>
                <th className="px-2 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {lines.map((l, i) => (
                <tr key={l.productId}>
                  <td className="px-2 py-1">{i + 1}</td>
                  <td className="px-2 py-1">
                    <Thumb src={l.image} alt={l.sku} />
                  </td>
                  <td className="px-2 py-1 font-mono">{l.sku}</td>
                  <td className="px-2 py-1">{l.name}</td>
                  <td className="px-2 py-1 text-right">
                    <button type="button" className={dangerButton} aria-label={`移除 ${l.sku}`} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                      移除
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {lines.length === 0 && <p className="text-center text-sm text-slate-500">暂无数据！请在上方查找并添加要盘点的产品。</p>}
        </>
      )}
      <label className="block text-sm">
        备注
        <textarea name="remark" rows={2} maxLength={500} className={`mt-1 block w-full ${input}`} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" className={button} disabled={busy}>
          {busy ? "保存中..." : "保存"}
        </button>
        {stocktake ? (
          <button type="button" className={plainButton} disabled={busy} onClick={onCancel}>
            取消
          </button>
        ) : (
          <span className="text-sm text-slate-500">保存后为待提交状态，在详情页开始盘点。</span>
        )}
      </div>
    </form>
  );
}
