// 包材用量: the 物料, 耗材 and 包材 one unit or one carton of the product takes, which 发货 consumes from the
// shipment's warehouse. Shown under 编辑本地产品; lines are added from a search of the company's materials and
// saved together (the server checks each line and names it). Without the edit permission it shows read-only.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, button, input } from "./shared.jsx";

const PER = [
  ["unit", "按件"],
  ["carton", "按箱"],
];

function MaterialSearch({ onPick }) {
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState([]);
  // A search after typing pauses, not on every key.
  useEffect(() => {
    if (!keyword.trim()) return setFound([]);
    const timer = setTimeout(() => {
      api(`${ERP}/material/packing/choices`, { query: { keyword } })
        .then(({ data }) => setFound(data))
        .catch((e) => toast(e.message, "error"));
    }, 250);
    return () => clearTimeout(timer);
  }, [keyword]);
  return (
    <div className="relative mt-3 max-w-md">
      <input type="search" aria-label="添加包材" placeholder="输入SKU或名称，添加物料、耗材或包材" className={`w-full ${input}`} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      {found.length > 0 && (
        <ul aria-label="可选包材" className="absolute z-10 mt-1 max-h-60 w-full divide-y divide-slate-100 overflow-y-auto rounded-md bg-white shadow ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-slate-800 dark:ring-slate-700">
          {found.map((m) => (
            <li key={m.id}>
              <button type="button" className="flex w-full gap-2 px-2 py-1.5 text-left text-sm hover:bg-sky-50 focus:bg-sky-50 dark:hover:bg-slate-700" onClick={() => (onPick(m), setKeyword(""))}>
                <span className="font-medium">{m.sku}</span>
                <span className="truncate text-slate-500 dark:text-slate-400">{m.name}</span>
                <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{m.kindName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ProductPacking({ id, mayEdit }) {
  const [lines, setLines] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api(`${ERP}/material/${id}/packing`)
      .then(({ data }) => setLines(data))
      .catch((e) => setError(e.message));
  }, [id]);

  const change = (i, field, value) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [field]: value } : l)));
  const add = (m) => setLines((ls) => [...ls, { materialId: m.id, sku: m.sku, name: m.name, kindName: m.kindName, quantity: "1", per: "unit" }]);
  const save = async () => {
    setBusy(true);
    setError("");
    try {
      const body = { lines: lines.map((l) => ({ materialId: l.materialId, quantity: Number(l.quantity), per: l.per })) };
      const { data } = await api(`${ERP}/material/${id}/packing`, { method: "PUT", body });
      setLines(data);
      toast("操作成功!");
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="包材用量" className="mt-6 max-w-4xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <h2 className="font-semibold">包材用量</h2>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">发货时按件（发货数量）或按箱（箱数）从发货仓库扣减，取消发货时退回。</p>
      {error && <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
      {lines === null && !error && <p className="text-sm text-slate-500">加载中...</p>}
      {lines?.length === 0 && <p className="text-sm text-slate-500">暂无数据！</p>}
      {lines?.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {["SKU", "名称", "类型", "用量", "计量", ""].map((h, i) => (
                  <th key={i} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {lines.map((l, i) => (
                <tr key={i}>
                  <td className="whitespace-nowrap px-3 py-2">{l.sku}</td>
                  <td className="px-3 py-2">{l.name}</td>
                  <td className="whitespace-nowrap px-3 py-2">{l.kindName}</td>
                  <td className="px-3 py-2">
                    <input aria-label={`${l.sku}用量`} inputMode="numeric" disabled={!mayEdit} className={`w-20 ${input}`} value={l.quantity} onChange={(e) => change(i, "quantity", e.target.value)} />
                  </td>
                  <td className="px-3 py-2">
                    <select aria-label={`${l.sku}计量`} disabled={!mayEdit} className={input} value={l.per} onChange={(e) => change(i, "per", e.target.value)}>
                      {PER.map(([v, text]) => (
                        <option key={v} value={v}>
                          {text}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-3 py-2">
                    {mayEdit && (
                      <button type="button" className="text-sm text-red-600 hover:underline dark:text-red-400" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                        删除
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayEdit && lines !== null && (
        <>
          <MaterialSearch onPick={add} />
          <button type="button" disabled={busy} className={`mt-3 ${button}`} onClick={save}>
            {busy ? "保存中..." : "保存包材用量"}
          </button>
        </>
      )}
    </section>
  );
}
