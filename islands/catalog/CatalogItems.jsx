// 商品目录: Amazon's catalogue searched through a store's authorisation, by ASIN, keywords, UPC or EAN, in the store and
// marketplace chosen. Each item shows its picture, brand, colour, classification, sales rank, variations and
// identifiers, and the store's own listings of it; 配对本地产品 pairs those listings with a local product, 创建本地产品
// makes one from the item (named, pictured and measured as Amazon describes it) and pairs them.
import { useEffect, useRef, useState } from "react";
import { api, download } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { usePlaces } from "../lib/StoreSelects.jsx";
import { toast } from "../lib/toast.js";
import ProductPicker from "./ProductPicker.jsx";
import { ERP, Thumbnail, button, input, plain } from "./shared.jsx";

const BY = [
  ["asin", "ASIN"],
  ["keyword", "关键词"],
  ["upc", "UPC"],
  ["ean", "EAN"],
];
const PLACEHOLDER = { asin: "如 B0XXXXXXXX", keyword: "商品名称、品牌", upc: "12位数字", ean: "13位数字" };

export default function CatalogItems({ permissions }) {
  const { groups, markets } = usePlaces();
  const [query, setQuery] = useState({ groupId: "", marketplaceId: "", by: "keyword", query: "" });
  const [result, setResult] = useState(null);
  const [asked, setAsked] = useState(null); // the query of the result shown, for its pages and actions
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [pairing, setPairing] = useState(null);
  const [creating, setCreating] = useState(null);

  // The first store and marketplace are chosen once loaded: a search needs both.
  useEffect(() => {
    setQuery((q) => ({ ...q, groupId: q.groupId || groups[0]?.id || "", marketplaceId: q.marketplaceId || markets[0]?.id || "" }));
  }, [groups, markets]);

  const search = async (q, pageToken = "") => {
    setBusy(true);
    setError("");
    try {
      const { data } = await api(`${ERP}/catalogItems/search`, { method: "POST", body: { ...q, pageToken } });
      setResult(data);
      setAsked(q);
    } catch (e) {
      setError(e.message);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  const set = (k) => (e) => setQuery((q) => ({ ...q, [k]: e.target.value }));
  // 导出: every item of the search shown (all its pages, read again from Amazon), not only this page.
  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    try {
      await download(`${ERP}/catalogItems/export`, { query: { groupId: asked.groupId, marketplaceId: asked.marketplaceId, by: asked.by, query: asked.query } });
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-label="商品目录">
      <form
        className="mb-3 flex flex-wrap items-center gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          search(query);
        }}
      >
        <select aria-label="店铺" className={input} value={query.groupId} onChange={set("groupId")}>
          <option value="">请选择店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <select aria-label="站点" className={input} value={query.marketplaceId} onChange={set("marketplaceId")}>
          <option value="">请选择站点</option>
          {markets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        <select aria-label="查询方式" className={input} value={query.by} onChange={set("by")}>
          {BY.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
        <input type="search" aria-label="查询内容" placeholder={PLACEHOLDER[query.by]} className={`w-72 ${input}`} value={query.query} onChange={set("query")} />
        <button type="submit" className={button} disabled={busy}>
          {busy ? "查询中..." : "查询"}
        </button>
      </form>
      {error && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      )}
      {!result && !error && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">
          选择店铺和站点，按ASIN、关键词、UPC或EAN查询亚马逊商品目录；店铺需已在店铺管理中授权。
        </p>
      )}
      {result && (
        <div aria-busy={busy ? "true" : "false"}>
          <div className="mb-2 flex items-center gap-3 text-sm">
            <p className="text-slate-600 dark:text-slate-300" aria-live="polite">
              共 {result.total} 个结果
            </p>
            {result.items.length > 0 && (
              <button type="button" className={plain} disabled={exporting} onClick={exportAll}>
                {exporting ? "导出中..." : "导出"}
              </button>
            )}
          </div>
          {result.items.length === 0 && <p className="p-6 text-center text-sm text-slate-500">亚马逊目录中没有找到，换个关键词或标识符再试。</p>}
          <ul className="grid gap-3 md:grid-cols-2" aria-label="目录商品">
            {result.items.map((it) => (
              <li key={it.asin} aria-label={it.asin} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800">
                <Thumbnail src={it.image} size="h-20 w-20 shrink-0" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="line-clamp-2 font-medium" title={it.title}>
                    {it.title || it.asin}
                  </p>
                  <p className="mt-1 text-slate-600 dark:text-slate-300">
                    <span className="font-mono">{it.asin}</span> · 品牌 {it.brand || "—"}
                    {it.color && <> · 颜色 {it.color}</>} · {it.kind}
                  </p>
                  <p className="text-slate-600 dark:text-slate-300">分类 {it.classification || "—"}</p>
                  <p className="text-slate-600 dark:text-slate-300">
                    排名 {it.rank ? `#${it.rank.toLocaleString("en-US")} ${it.rankTitle}` : "—"}
                    {it.groupRank ? ` · #${it.groupRank.toLocaleString("en-US")} ${it.groupTitle}` : ""}
                  </p>
                  {it.parent && <p className="text-slate-600 dark:text-slate-300">父体 <span className="font-mono">{it.parent}</span></p>}
                  {it.children.length > 0 && (
                    <p className="text-slate-600 dark:text-slate-300">
                      变体 {it.children.length} 个：<span className="font-mono">{it.children.join("、")}</span>
                    </p>
                  )}
                  {it.identifiers.length > 0 && <p className="text-slate-500 dark:text-slate-400">{it.identifiers.join(" · ")}</p>}
                  <p className="text-slate-600 dark:text-slate-300">
                    本店Listing：
                    {it.listings.length === 0
                      ? "无"
                      : it.listings.map((l) => `${l.sellerSku}${l.productSku ? `（已配对 ${l.productSku}）` : "（未配对）"}`).join("、")}
                  </p>
                  <div className="mt-2 flex gap-2">
                    {can(permissions, "amz:listing:relation:edit") && it.listings.length > 0 && (
                      <button type="button" className={plain} onClick={() => setPairing(it)}>
                        配对本地产品
                      </button>
                    )}
                    {can(permissions, "erp:material:add") && (
                      <button type="button" className={plain} onClick={() => setCreating(it)}>
                        创建本地产品
                      </button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {(result.previous || result.next) && (
            <div className="mt-3 flex justify-center gap-2">
              <button type="button" className={plain} disabled={!result.previous || busy} onClick={() => search(asked, result.previous)}>
                上一页
              </button>
              <button type="button" className={plain} disabled={!result.next || busy} onClick={() => search(asked, result.next)}>
                下一页
              </button>
            </div>
          )}
        </div>
      )}
      {pairing && (
        <ItemDialog title={`配对 ${pairing.asin}`} onClose={() => setPairing(null)}>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">选择本地产品，本店在该站点的 {pairing.listings.length} 个Listing将配对到它。</p>
          <ProductPicker
            onPick={async (p) => {
              try {
                const { data } = await api(`${ERP}/catalogItems/pair`, { method: "POST", body: { groupId: asked.groupId, marketplaceId: asked.marketplaceId, asin: pairing.asin, productId: p.id } });
                toast(`已配对 ${data.paired} 个Listing到 ${data.productSku}`);
                setPairing(null);
                search(asked);
              } catch (e) {
                toast(e.message, "error");
              }
            }}
          />
        </ItemDialog>
      )}
      {creating && (
        <CreateDialog
          item={creating}
          onClose={() => setCreating(null)}
          onCreate={async (sku) => {
            const { data } = await api(`${ERP}/catalogItems/product`, { method: "POST", body: { groupId: asked.groupId, marketplaceId: asked.marketplaceId, asin: creating.asin, sku } });
            toast(`已创建本地产品 ${data.productSku}${data.paired ? `，配对 ${data.paired} 个Listing` : ""}`);
            setCreating(null);
            search(asked);
          }}
        />
      )}
    </section>
  );
}

function ItemDialog({ title, onClose, children }) {
  const dialog = useRef(null);
  useEffect(() => dialog.current.showModal(), []);
  return (
    <dialog ref={dialog} onClose={onClose} aria-label={title} className="m-auto w-[520px] max-w-[95vw] rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
      <div className="mt-4 flex justify-end">
        <button type="button" className={plain} onClick={onClose}>
          取消
        </button>
      </div>
    </dialog>
  );
}

// CreateDialog asks the new product's SKU (the ASIN unless changed).
function CreateDialog({ item, onClose, onCreate }) {
  const dialog = useRef(null);
  const [sku, setSku] = useState(item.asin);
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current.showModal(), []);
  return (
    <dialog ref={dialog} onClose={onClose} aria-label={`创建本地产品 ${item.asin}`} className="m-auto w-[520px] max-w-[95vw] rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            await onCreate(sku);
          } catch (err) {
            toast(err.message, "error");
          } finally {
            setBusy(false);
          }
        }}
      >
        <h2 className="mb-2 text-lg font-semibold">创建本地产品</h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">按亚马逊目录的名称、图片和尺寸重量创建，本店该ASIN未配对的Listing同时配对。</p>
        <p className="mb-3 line-clamp-2 text-sm">{item.title}</p>
        <label className="flex items-center gap-2 text-sm">
          本地SKU
          <input aria-label="本地SKU" className={`flex-1 ${input}`} value={sku} maxLength={50} onChange={(e) => setSku(e.target.value)} required />
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={plain} onClick={onClose}>
            取消
          </button>
          <button type="submit" className={button} disabled={busy}>
            创建
          </button>
        </div>
      </form>
    </dialog>
  );
}
