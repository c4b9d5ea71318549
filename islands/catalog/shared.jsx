// What the product screens share: the API prefix, the look of their controls, the drop-down lists of the
// catalogue, and opening another tab of the shell.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

export const ERP = "/erp/api/v1";
export const KINDS = [
  ["1", "产品"],
  ["2", "耗材"],
  ["3", "包材"],
];

// The screens of one kind of local product (物料, 耗材, 包材): the list and form of 本地产品 kept to the kind, on
// their own API (base/<name>) and buttons (<perm>:add, :edit, :export).
export const KIND_SCREENS = {
  materials: { kind: "4", noun: "物料", base: `${ERP}/base/material`, perm: "erp:base:material" },
  consumables: { kind: "2", noun: "耗材", base: `${ERP}/base/consumable`, perm: "erp:base:consumable" },
  packages: { kind: "3", noun: "包材", base: `${ERP}/base/package`, perm: "erp:base:package" },
};

export const button = "rounded-md bg-sky-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const plain = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700";
export const input = "rounded-md border border-slate-300 px-2 py-1.5 text-sm outline-none focus:border-sky-600 focus:ring-2 focus:ring-sky-100 dark:border-slate-600 dark:bg-slate-900";

// The category tree flattened in its order, each name indented by its depth, for the drop-downs.
export function flattenTree(nodes, depth = 0, out = []) {
  for (const n of nodes) {
    out.push([n.id, `${"\u3000".repeat(depth)}${n.name}`]);
    flattenTree(n.children, depth + 1, out);
  }
  return out;
}

// useCatalog loads the company's brands, categories (flattened) and suppliers for the drop-downs.
export function useCatalog() {
  const [catalog, setCatalog] = useState({ brands: [], categories: [], suppliers: [] });
  useEffect(() => {
    Promise.all([api(`${ERP}/brand/options`), api(`${ERP}/category/tree`), api(`${ERP}/supplier/options`)])
      .then(([b, c, s]) => setCatalog({ brands: b.data.map((o) => [o.id, o.name]), categories: flattenTree(c.data), suppliers: s.data.map((o) => [o.id, o.name]) }))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return catalog;
}

export { openTab } from "../lib/tabs.js";

// The tab titles of one product's screens: each product gets its own tab.
export const editTitle = (sku) => `编辑产品 ${sku}`;
export const detailsTitle = (sku) => `产品详情 ${sku}`;

// Thumbnail is a product's picture in a list, or a grey box saying there is none.
export function Thumbnail({ src, size = "h-10 w-10" }) {
  if (!src) return <span className={`inline-flex ${size} items-center justify-center rounded bg-slate-100 text-xs text-slate-400 dark:bg-slate-700`}>无图</span>;
  return <img src={src} alt="产品图片" loading="lazy" className={`${size} rounded object-cover ring-1 ring-slate-200`} />;
}
