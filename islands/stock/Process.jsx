// 加工单 (/erp/purchase/process): the processing orders in the documents' list, and beside them 物料清单, each
// assembled product's components and how many one unit takes. ProcessNew (/e/p/p/c, and 编辑 of a draft) picks the
// warehouse, the product, the quantity and the fee, and shows what it will consume from the product's bill of
// materials, with the stock each component has in the warehouse. A draft's 编辑 also corrects what it consumes
// (消耗明细): each component's quantity changed, one removed or added; approval moves and costs those lines.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import Documents from "./Documents.jsx";
import { ERP, KINDS, WarehouseSelect, button, dangerButton, input, openTab, plainButton, useWarehouses } from "./shared.jsx";

const tab = (on) => `rounded-md px-3 py-1 text-sm ${on ? "bg-sky-700 text-white" : "border border-slate-300 dark:border-slate-600"}`;

export default function ProcessScreen({ permissions }) {
  const [view, setView] = useState("orders");
  return (
    <div className="space-y-3">
      <div role="tablist" className="flex gap-2">
        <button type="button" role="tab" aria-selected={view === "orders"} className={tab(view === "orders")} onClick={() => setView("orders")}>
          加工单
        </button>
        <button type="button" role="tab" aria-selected={view === "boms"} className={tab(view === "boms")} onClick={() => setView("boms")}>
          物料清单
        </button>
      </div>
      {view === "orders" ? <Documents kind="process" permissions={permissions} /> : <BOMs permissions={permissions} />}
    </div>
  );
}

// SkuSearch finds one of the company's enabled products by SKU or name and answers it.
function SkuSearch({ label, onPick, exclude = [] }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState([]);
  useEffect(() => {
    if (!search.trim()) {
      setFound([]);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      api(`${ERP}/material/search`, { query: { keyword: search.trim(), limit: "10" } })
        .then(({ data }) => live && setFound(data))
        .catch((e) => live && toast(e.message, "error"));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search]);
  return (
    <div className="relative">
      <input aria-label={label} placeholder="输入SKU或名称查找" className={`w-64 ${input}`} value={search} onChange={(e) => setSearch(e.target.value)} />
      {found.length > 0 && (
        <ul className="absolute z-10 mt-1 max-h-60 w-80 overflow-auto rounded-md bg-white text-sm shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
          {found
            .filter((p) => !exclude.includes(p.id))
            .map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="w-full px-3 py-1 text-left hover:bg-sky-50 dark:hover:bg-slate-700"
                  onClick={() => {
                    onPick(p);
                    setSearch("");
                    setFound([]);
                  }}
                >
                  <span className="font-mono">{p.sku}</span> <span className="text-slate-500 dark:text-slate-400">{p.name}</span>
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

function BOMs({ permissions }) {
  const [editing, setEditing] = useState(null);
  const [reload, setReload] = useState(0);
  const edit = can(permissions, "erp:purchase:bom:edit");
  if (editing) return <BOMEditor product={editing.product} onDone={() => (setEditing(null), setReload((n) => n + 1))} />;
  return (
    <section aria-label="物料清单">
      <form id="bom-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="keyword" aria-label="产品" placeholder="产品SKU或名称" className={`w-52 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        key={reload}
        queryname="bomList"
        rowKey="productId"
        source={`${ERP}/bom/page`}
        exportUrl={`${ERP}/bom/export`}
        filterForm="bom-filter"
        permissions={permissions}
        empty="还没有物料清单：点“新建物料清单”，选择组装产品并添加它的物料、耗材和包材。"
        toolbar={
          edit && (
            <button type="button" className={button} onClick={() => setEditing({ product: null })}>
              新建物料清单
            </button>
          )
        }
        actions={edit ? [{ label: "编辑", run: (row) => setEditing({ product: { id: row.productId, sku: row.sku, name: row.name } }) }] : []}
      />
    </section>
  );
}

function BOMEditor({ product: given, onDone }) {
  const [product, setProduct] = useState(given);
  const [rows, setRows] = useState(given ? null : []);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!given) return;
    api(`${ERP}/bom`, { query: { productId: given.id } })
      .then(({ data }) => setRows(data.map((c) => ({ id: c.componentId, sku: c.sku, name: c.name, quantity: String(c.quantity) }))))
      .catch((e) => setError(e.message));
  }, [given]);
  const save = async (e) => {
    e.preventDefault();
    if (!product) return setError("请选择组装产品");
    if (!rows.length) return setError("请添加组件");
    setBusy(true);
    setError("");
    try {
      await api(`${ERP}/bom`, {
        method: "PUT",
        body: { productId: product.id, components: rows.map((r) => ({ componentId: r.id, quantity: Number(r.quantity) })) },
      });
      toast("操作成功!");
      onDone();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form aria-label="编辑物料清单" className="max-w-3xl space-y-3" onSubmit={save}>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex items-center gap-2 text-sm">
        <span className="text-slate-500">组装产品</span>
        {product ? (
          <span className="font-mono font-semibold">
            {product.sku} <span className="font-sans font-normal">{product.name}</span>
          </span>
        ) : (
          <SkuSearch label="组装产品" onPick={(p) => setProduct(p)} />
        )}
      </div>
      {rows === null ? (
        <p className="text-sm text-slate-500">加载中...</p>
      ) : (
        <table className="w-full text-left text-sm" aria-label="组件">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">组件SKU</th>
              <th className="px-2 py-2 font-medium">名称</th>
              <th className="px-2 py-2 font-medium">每件用量</th>
              <th className="px-2 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {rows.map((r, i) => (
              <tr key={r.id}>
                <td className="px-2 py-1 font-mono">{r.sku}</td>
                <td className="px-2 py-1">{r.name}</td>
                <td className="px-2 py-1">
                  <input
                    aria-label={`${r.sku} 每件用量`}
                    inputMode="numeric"
                    className={`w-24 ${input}`}
                    value={r.quantity}
                    onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))}
                  />
                </td>
                <td className="px-2 py-1 text-right">
                  <button type="button" className={dangerButton} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    移除
                  </button>
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className="px-2 py-3 text-slate-500">
                  还没有组件：在下面查找物料、耗材或包材，添加到清单。
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <SkuSearch
        label="添加组件"
        exclude={[...(rows || []).map((r) => r.id), product?.id]}
        onPick={(p) => setRows([...(rows || []), { id: p.id, sku: p.sku, name: p.name, quantity: "1" }])}
      />
      <div className="flex gap-2">
        <button type="submit" className={button} disabled={busy}>
          保存
        </button>
        <button type="button" className={plainButton} onClick={onDone}>
          返回
        </button>
      </div>
    </form>
  );
}

// ProcessNew is 新建加工单 (and a draft's 编辑 from its detail, doc given).
export function ProcessNew({ doc, onSaved, onCancel }) {
  const k = KINDS.process;
  const warehouses = useWarehouses(false);
  const [warehouseId, setWarehouseId] = useState(doc ? doc.warehouseId : "");
  const [product, setProduct] = useState(doc ? { id: doc.madeProductId, sku: doc.madeSku, name: doc.madeName } : null);
  const [quantity, setQuantity] = useState(doc ? String(doc.madeQuantity) : "1");
  const [fee, setFee] = useState(doc ? doc.processFee : "");
  const [remark, setRemark] = useState(doc ? doc.remark : "");
  const [bom, setBom] = useState(null);
  const [stock, setStock] = useState({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // lines is a draft's consumption as saved and corrected here (null: worked out from the bill of materials on save).
  const [lines, setLines] = useState(doc ? (doc.lines || []).map((l) => ({ id: l.productId, sku: l.sku, name: l.name, quantity: String(l.quantity), fulfillable: l.fulfillable, remark: l.remark || "" })) : null);
  useEffect(() => {
    if (!product) return setBom(null);
    api(`${ERP}/bom`, { query: { productId: product.id } })
      .then(({ data }) => setBom(data))
      .catch((e) => setError(e.message));
  }, [product]);
  // Each component's fulfillable stock in the warehouse, for the warning beside what it will consume.
  useEffect(() => {
    if (!warehouseId || !bom || !bom.length) return setStock({});
    let live = true;
    Promise.all(bom.map((c) => api(`${ERP}/stock/products`, { query: { warehouseId, search: c.sku } })))
      .then((answers) => {
        if (!live) return;
        const out = {};
        answers.forEach(({ data }, i) => {
          const hit = (data || []).find((p) => p.sku === bom[i].sku);
          out[bom[i].componentId] = hit ? hit.fulfillable : 0;
        });
        setStock(out);
      })
      .catch((e) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [warehouseId, bom]);
  const n = Number(quantity) || 0;
  const save = async (e) => {
    e.preventDefault();
    if (!warehouseId) return setError("请选择仓库");
    if (!product) return setError("请选择加工产品");
    setBusy(true);
    setError("");
    const body = { warehouseId, madeProductId: product.id, madeQuantity: n, processFee: fee.trim(), remark };
    if (lines) Object.assign(body, { ownLines: true, lines: lines.map((l) => ({ productId: l.id, quantity: Number(l.quantity), remark: l.remark || "" })) });
    try {
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
    <form aria-label={doc ? `编辑${k.noun}` : `新建${k.noun}`} className="max-w-4xl space-y-4" onSubmit={save}>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="grid gap-3 text-sm sm:grid-cols-2">
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">仓库</span>
          <WarehouseSelect warehouses={(warehouses || []).filter((w) => w.kind !== "fba")} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)} empty="请选择仓库" />
        </label>
        <div className="flex items-center gap-2">
          <span className="w-24 text-slate-500">加工产品</span>
          {product ? (
            <span className="flex items-center gap-2">
              <span className="font-mono font-semibold">{product.sku}</span>
              <span>{product.name}</span>
              <button type="button" className={plainButton} onClick={() => (setProduct(null), setLines(null))}>
                更换
              </button>
            </span>
          ) : (
            <SkuSearch label="加工产品" onPick={setProduct} />
          )}
        </div>
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">加工数量</span>
          <input aria-label="加工数量" inputMode="numeric" className={`w-28 ${input}`} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </label>
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">加工费(元/件)</span>
          <input aria-label="加工费(元/件)" inputMode="decimal" placeholder="0.00" className={`w-28 ${input}`} value={fee} onChange={(e) => setFee(e.target.value)} />
        </label>
        <label className="flex items-center gap-2 sm:col-span-2">
          <span className="w-24 text-slate-500">备注</span>
          <input aria-label="备注" className={`flex-1 ${input}`} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </label>
      </div>
      {product && bom && bom.length === 0 && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {product.sku} 还没有物料清单：请先在加工单页的“物料清单”中添加它的组件。
        </p>
      )}
      {lines && <Consumption lines={lines} setLines={setLines} made={product?.id} warehouseId={warehouseId} changed={doc && n !== doc.madeQuantity} />}
      {!lines && bom && bom.length > 0 && (
        <table className="w-full text-left text-sm" aria-label="组件用量">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">组件SKU</th>
              <th className="px-2 py-2 font-medium">名称</th>
              <th className="px-2 py-2 font-medium">每件用量</th>
              <th className="px-2 py-2 font-medium">需用</th>
              <th className="px-2 py-2 font-medium">可用库存</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {bom.map((c) => {
              const need = c.quantity * n;
              const have = stock[c.componentId];
              const short = warehouseId && have !== undefined && have < need;
              return (
                <tr key={c.componentId}>
                  <td className="px-2 py-1 font-mono">{c.sku}</td>
                  <td className="px-2 py-1">{c.name}</td>
                  <td className="px-2 py-1">{c.quantity}</td>
                  <td className="px-2 py-1">{need}</td>
                  <td className={`px-2 py-1 ${short ? "font-semibold text-red-700" : ""}`}>
                    {warehouseId ? (have ?? "…") : "—"}
                    {short && "（不足）"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!lines && bom && bom.length > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">产品的包材用量在发货时扣减；加工时使用的包装请加入物料清单。</p>}
      <div className="flex gap-2">
        <button type="submit" className={button} disabled={busy}>
          保存
        </button>
        {onCancel && (
          <button type="button" className={plainButton} onClick={onCancel}>
            取消
          </button>
        )}
      </div>
    </form>
  );
}

// Consumption is a draft's 消耗明细: what approval will take out of the warehouse, each line's quantity editable, a
// line removed or a component added; 按物料清单重算 goes back to the bill of materials times the quantity (and its
// packing), worked out on save.
function Consumption({ lines, setLines, made, warehouseId, changed }) {
  const set = (i, quantity) => setLines(lines.map((x, j) => (j === i ? { ...x, quantity } : x)));
  // An added component comes with its stock in the warehouse, as the saved lines do.
  const add = async (p) => {
    let fulfillable;
    try {
      const { data } = warehouseId ? await api(`${ERP}/stock/products`, { query: { warehouseId, search: p.sku } }) : { data: [] };
      fulfillable = (data || []).find((x) => x.sku === p.sku)?.fulfillable ?? (warehouseId ? 0 : undefined);
    } catch (e) {
      toast(e.message, "error");
    }
    setLines((now) => (!now || now.some((l) => l.id === p.id) ? now : [...now, { id: p.id, sku: p.sku, name: p.name, quantity: "1", fulfillable, remark: "" }]));
  };
  return (
    <section aria-label="消耗明细" className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">消耗明细</h3>
        <button type="button" className={plainButton} onClick={() => setLines(null)}>
          按物料清单重算
        </button>
      </div>
      {changed && <p className="text-xs text-amber-700 dark:text-amber-400">加工数量已改，下面的消耗不随之变化：需要时点“按物料清单重算”。</p>}
      <table className="w-full text-left text-sm" aria-label="消耗明细">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th className="px-2 py-2 font-medium">组件SKU</th>
            <th className="px-2 py-2 font-medium">名称</th>
            <th className="px-2 py-2 font-medium">消耗数量</th>
            <th className="px-2 py-2 font-medium">可用库存</th>
            <th className="px-2 py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {lines.map((l, i) => {
            const short = l.fulfillable !== undefined && l.fulfillable < Number(l.quantity);
            return (
              <tr key={l.id}>
                <td className="px-2 py-1 font-mono">{l.sku}</td>
                <td className="px-2 py-1">{l.name}</td>
                <td className="px-2 py-1">
                  <input aria-label={`${l.sku} 消耗数量`} inputMode="numeric" className={`w-24 ${input}`} value={l.quantity} onChange={(e) => set(i, e.target.value)} />
                </td>
                <td className={`px-2 py-1 ${short ? "font-semibold text-red-700" : ""}`}>
                  {l.fulfillable ?? "—"}
                  {short && "（不足）"}
                </td>
                <td className="px-2 py-1 text-right">
                  <button type="button" aria-label={`移除 ${l.sku}`} className={dangerButton} onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                    移除
                  </button>
                </td>
              </tr>
            );
          })}
          {lines.length === 0 && (
            <tr>
              <td colSpan={5} className="px-2 py-3 text-slate-500">
                没有组件：至少保留一个，或在下面添加。
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <SkuSearch label="添加消耗组件" exclude={[...lines.map((l) => l.id), made]} onPick={add} />
    </section>
  );
}
