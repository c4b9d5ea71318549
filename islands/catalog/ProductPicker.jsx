// A product picker for the pairing dialog: type part of a SKU or name, choose from the company's enabled products
// (material/search). The results are buttons, so the keyboard reaches them with Tab and chooses with Enter.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ERP, Thumbnail, input } from "./shared.jsx";

export default function ProductPicker({ onPick }) {
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState(null);
  const [error, setError] = useState("");

  // A search after typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      api(`${ERP}/material/search`, { query: { keyword, limit: 10 } })
        .then(({ data }) => {
          setFound(data);
          setError("");
        })
        .catch((e) => setError(e.message));
    }, 250);
    return () => clearTimeout(timer);
  }, [keyword]);

  return (
    <div>
      <input type="search" aria-label="搜索本地产品" placeholder="输入SKU或产品名称搜索" className={`w-full ${input}`} value={keyword} onChange={(e) => setKeyword(e.target.value)} autoFocus />
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
      {found === null && !error && <p className="mt-2 text-sm text-slate-500">加载中...</p>}
      {found?.length === 0 && <p className="mt-2 text-sm text-slate-500">暂无数据！</p>}
      <ul aria-label="搜索结果" className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-700">
        {found?.map((p) => (
          <li key={p.id}>
            <button type="button" className="flex w-full items-center gap-3 px-2 py-1.5 text-left text-sm hover:bg-sky-50 focus:bg-sky-50 dark:hover:bg-slate-700" onClick={() => onPick(p)}>
              <Thumbnail src={p.image} size="h-8 w-8" />
              <span className="font-medium">{p.sku}</span>
              <span className="truncate text-slate-500">{p.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
