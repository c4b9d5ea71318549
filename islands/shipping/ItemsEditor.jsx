// Where a plan or a hand-entered shipment ships from and to (store group, marketplace, warehouse) and its lines:
// pick a product among the group's paired listings in the marketplace, then its seller SKU there, and a quantity;
// each line shows the FNSKU and the product's fulfillable stock in the warehouse. Changing the store group,
// marketplace or warehouse reloads the listings. The warehouses are offered by kind (自有仓, 海外仓): a shipment from
// an overseas warehouse takes its units from that warehouse's stock.
import { useEffect, useMemo, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, input, plain } from "./common.js";

export function useShipOptions() {
  const [options, setOptions] = useState(null);
  useEffect(() => {
    api(`${ERP}/shipPlan/options`)
      .then(({ data }) => setOptions(data))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return options;
}

// warehouseChoices are the warehouses a shipment leaves from, each with its kind's name as its group.
export const warehouseChoices = (warehouses) => warehouses.map((w) => [w.id, w.name, w.kindName || ""]);

// Options renders a drop-down's choices, in an <optgroup> per group when they have groups (in the order first met).
export function Options({ choices }) {
  const groups = [...new Set(choices.map(([, , g]) => g || ""))];
  const option = ([v, l]) => (
    <option key={v} value={v}>
      {l}
    </option>
  );
  if (groups.length === 1 && groups[0] === "") return choices.map(option);
  return groups.map((g) => (
    <optgroup key={g} label={g || "其他"}>
      {choices.filter(([, , x]) => (x || "") === g).map(option)}
    </optgroup>
  ));
}

// named is a chosen value's label, with its group (a warehouse's kind) after it; "—" when none is chosen.
const named = (choices, value) => {
  const [, label, group] = choices.find(([v]) => v === value) || [];
  return label ? `${label}${group ? `（${group}）` : ""}` : "—";
};

export default function ItemsEditor({ options, value, onChange, readOnly }) {
  const { groupId, marketplaceId, warehouseId, items } = value;
  const [listings, setListings] = useState([]);
  const [productId, setProductId] = useState("");
  const [sellerSku, setSellerSku] = useState("");
  const [quantity, setQuantity] = useState("");
  const placed = groupId && marketplaceId && warehouseId;

  // A new form starts from the company's store group and warehouse when it has just one of each.
  useEffect(() => {
    if (!options || readOnly || (groupId && warehouseId)) return;
    const only = (list, current) => current || (list.length === 1 ? list[0].id : "");
    const next = { groupId: only(options.groups, groupId), warehouseId: only(options.warehouses, warehouseId) };
    if (next.groupId !== groupId || next.warehouseId !== warehouseId) onChange({ ...value, ...next });
  }, [options]);

  useEffect(() => {
    if (!placed || readOnly) return;
    api(`${ERP}/shipPlan/listings`, { query: { groupId, marketplaceId, warehouseId } })
      .then(({ data }) => {
        setListings(data);
        // Lines keep up with the warehouse's stock.
        const stock = Object.fromEntries(data.map((l) => [l.sellerSku, l.fulfillable]));
        if (items.some((it) => stock[it.sellerSku] !== undefined && stock[it.sellerSku] !== it.fulfillable))
          onChange({ ...value, items: items.map((it) => ({ ...it, fulfillable: stock[it.sellerSku] ?? it.fulfillable })) });
      })
      .catch((e) => toast(e.message, "error"));
  }, [groupId, marketplaceId, warehouseId, placed, readOnly]);

  const products = useMemo(() => {
    const seen = new Map();
    for (const l of listings) if (!seen.has(l.productId)) seen.set(l.productId, l);
    return [...seen.values()];
  }, [listings]);
  const skus = listings.filter((l) => l.productId === productId);

  const set = (field) => (e) => onChange({ ...value, [field]: e.target.value });
  // A product's first seller SKU is chosen with it: most products sell under one.
  const pickProduct = (id) => {
    setProductId(id);
    setSellerSku(listings.find((l) => l.productId === id)?.sellerSku || "");
  };

  const add = (e) => {
    e.preventDefault();
    const l = listings.find((x) => x.sellerSku === sellerSku);
    const n = parseInt(quantity, 10);
    if (!l) return toast("请选择产品和平台SKU", "warning");
    if (!(n > 0)) return toast("请输入发货数量", "warning");
    if (items.some((it) => it.sellerSku === l.sellerSku)) return toast(`平台SKU ${l.sellerSku} 已在列表中`, "warning");
    onChange({ ...value, items: [...items, { ...l, quantity: n }] });
    setProductId("");
    setSellerSku("");
    setQuantity("");
  };

  // Read only, a choice is plain text: a greyed-out drop-down would still look like something to change.
  const select = (label, field, choices) =>
    readOnly ? (
      <p className="text-sm">
        <span className="text-slate-500">{label}：</span>
        {named(choices, value[field])}
      </p>
    ) : (
      <label className="flex items-center gap-1 text-sm">
        {label}
        <select aria-label={label} className={input} value={value[field]} onChange={set(field)}>
          <option value="">请选择</option>
          <Options choices={choices} />
        </select>
      </label>
    );

  if (!options) return <p className="text-sm text-slate-500">加载中...</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-4">
        {select("店铺", "groupId", options.groups.map((g) => [g.id, g.name]))}
        {select("站点", "marketplaceId", options.marketplaces.map((m) => [m.id, `${m.country} ${m.name}`]))}
        {select("发货仓库", "warehouseId", warehouseChoices(options.warehouses))}
      </div>
      {!readOnly && placed && (
        <form onSubmit={add} className="flex flex-wrap items-center gap-2 text-sm" aria-label="添加产品">
          <select aria-label="产品" className={`w-64 ${input}`} value={productId} onChange={(e) => pickProduct(e.target.value)}>
            <option value="">{products.length ? "选择产品" : "该店铺站点没有已配对的产品"}</option>
            {products.map((p) => (
              <option key={p.productId} value={p.productId}>
                {p.sku} {p.name}
              </option>
            ))}
          </select>
          <select aria-label="平台SKU" className={`w-48 ${input}`} value={sellerSku} onChange={(e) => setSellerSku(e.target.value)}>
            <option value="">平台SKU</option>
            {skus.map((l) => (
              <option key={l.sellerSku} value={l.sellerSku}>
                {l.sellerSku}（可用{l.fulfillable}）
              </option>
            ))}
          </select>
          <input aria-label="发货数量" inputMode="numeric" placeholder="数量" className={`w-24 ${input}`} value={quantity} onChange={(e) => setQuantity(e.target.value.replace(/\D/g, ""))} />
          <button type="submit" className={plain}>
            添加
          </button>
        </form>
      )}
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {["SKU", "名称", "平台SKU", "FNSKU", "可用库存", "发货数量", ""].map((h) => (
              <th key={h} className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {items.map((it, i) => (
            <tr key={it.sellerSku}>
              <td className="px-3 py-2">{it.sku}</td>
              <td className="px-3 py-2">{it.name}</td>
              <td className="px-3 py-2">{it.sellerSku}</td>
              <td className="px-3 py-2">{it.fnsku || "—"}</td>
              <td className={`px-3 py-2 ${it.fulfillable < it.quantity ? "font-semibold text-red-700" : ""}`}>{it.fulfillable}</td>
              <td className="px-3 py-2">
                {readOnly ? (
                  it.quantity
                ) : (
                  <input
                    aria-label={`${it.sellerSku} 发货数量`}
                    inputMode="numeric"
                    className={`w-24 ${input}`}
                    value={it.quantity}
                    onChange={(e) => onChange({ ...value, items: items.map((x, j) => (j === i ? { ...x, quantity: e.target.value.replace(/\D/g, "") } : x)) })}
                  />
                )}
              </td>
              <td className="px-3 py-2">
                {!readOnly && (
                  <button type="button" className="text-sm text-red-600 hover:underline" onClick={() => onChange({ ...value, items: items.filter((_, j) => j !== i) })}>
                    删除
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {items.length === 0 && <p className="py-6 text-center text-sm text-slate-500">暂无数据！</p>}
    </div>
  );
}

// itemsBody turns the editor's lines into the calls' items.
export const itemsBody = (items) => items.map((it) => ({ sellerSku: it.sellerSku, quantity: parseInt(it.quantity, 10) || 0 }));
