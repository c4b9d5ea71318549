// The documents' product picker: type part of a SKU or name, and the company's matching products show with their
// stock in the chosen warehouse (可用, 待入库, 待出库); 添加 puts one on the document. Products already on it are
// marked, not offered twice. Enter in the search adds the product whose SKU was typed in full (or the only one
// found) instead of submitting the document's form.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ERP, Thumb, input, plainButton } from "./shared.jsx";

export default function ProductPicker({ warehouseId, chosen, onPick }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState(null);
  // The search the shown results answer: Enter acts only on results of what is typed now.
  const [foundFor, setFoundFor] = useState(null);
  const [error, setError] = useState("");

  // Searching waits for a pause in the typing, and a late answer never replaces a newer one.
  useEffect(() => {
    if (!warehouseId) {
      setFound(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      setError("");
      api(`${ERP}/stock/products`, { query: { warehouseId, search } })
        .then(({ data }) => {
          if (!live) return;
          setFound(data);
          setFoundFor(search);
        })
        .catch((e) => live && setError(e.message));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [warehouseId, search]);

  const onKey = (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    if (foundFor !== search) return;
    const open = (found || []).filter((p) => !chosen.has(p.productId));
    const exact = open.find((p) => p.sku.toLowerCase() === search.trim().toLowerCase());
    const pick = exact || (open.length === 1 ? open[0] : null);
    if (pick) {
      onPick(pick);
      setSearch("");
    }
  };

  if (!warehouseId) return <p className="text-sm text-slate-500">请先选择仓库，再添加产品。</p>;
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <input aria-label="查找产品" placeholder="输入SKU或产品名称查找" className={`mb-2 w-72 ${input}`} value={search} onChange={(e) => setSearch(e.target.value)} onKeyDown={onKey} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {found === null ? (
        <p className="text-sm text-slate-500">加载中...</p>
      ) : found.length === 0 ? (
        <p className="text-sm text-slate-500">暂无数据！</p>
      ) : (
        <table className="w-full text-left text-sm" aria-label="查找结果">
          <thead className="text-slate-500">
            <tr>
              <th className="px-2 py-1 font-medium">图片</th>
              <th className="px-2 py-1 font-medium">SKU</th>
              <th className="px-2 py-1 font-medium">产品名称</th>
              <th className="px-2 py-1 font-medium">可用</th>
              <th className="px-2 py-1 font-medium">待入库</th>
              <th className="px-2 py-1 font-medium">待出库</th>
              <th className="px-2 py-1" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {found.map((p) => (
              <tr key={p.productId}>
                <td className="px-2 py-1">
                  <Thumb src={p.image} alt={p.sku} />
                </td>
                <td className="px-2 py-1 font-mono">{p.sku}</td>
                <td className="px-2 py-1">{p.name}</td>
                <td className="px-2 py-1">{p.fulfillable}</td>
                <td className="px-2 py-1">{p.inbound}</td>
                <td className="px-2 py-1">{p.outbound}</td>
                <td className="px-2 py-1 text-right">
                  {chosen.has(p.productId) ? (
                    <span className="text-xs text-slate-500">已添加</span>
                  ) : (
                    <button type="button" className={plainButton} aria-label={`添加 ${p.sku}`} onClick={() => onPick(p)}>
                      添加
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
