// What the warehouse screens share: the API prefix, the looks of buttons and fields, opening a tab through the
// shell, the company's warehouses for the drop-downs and a product's thumbnail.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

export const ERP = "/erp/api/v1";
export const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const plainButton = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
export const dangerButton = "rounded-md border border-red-300 px-3 py-1 text-sm text-red-700 hover:bg-red-50 disabled:opacity-50";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// The kinds of document, by the screen names' prefix: their API path, name, pages and permissions.
export const KINDS = {
  inbound: { path: "inbound", noun: "入库单", list: "/erp/warehouse/inbound", create: "/e/w/i", detail: "/e/w/i/d", permission: "erp:wh:inbound" },
  outbound: { path: "outbound", noun: "出库单", list: "/erp/warehouse/outbound", create: "/e/w/o", detail: "/e/w/o/d", permission: "erp:wh:outbound" },
  stocktake: {
    path: "stocktake",
    noun: "盘点单",
    list: "/erp/warehouse/stocktake",
    create: "/e/w/s",
    detail: "/e/w/s/d",
    permission: "erp:wh:stocktake",
    statuses: [
      ["0", "待提交"],
      ["1", "盘点中"],
      ["2", "已完成"],
      ["3", "已作废"],
    ],
  },
  process: { path: "process", noun: "加工单", list: "/erp/purchase/process", create: "/e/p/p/c", detail: "/e/p/p/d", permission: "erp:purchase:process" },
  // 海外仓发货: listed and made from 海外仓库存 (its list is a tab of that screen).
  overseas: { path: "overseasOut", noun: "海外仓发货单", list: "/amazon/inventory/overseas", create: "/e/w/os/s", detail: "/e/w/os/d", permission: "erp:wh:overseas" },
  // 海外仓入库: a first leg (头程) from an own warehouse to an overseas one, listed and made from 海外仓库存 too;
  // 审核 is its 发货 (运输中 until the overseas warehouse receives it).
  overseasIn: {
    path: "overseasIn",
    noun: "海外仓入库单",
    list: "/amazon/inventory/overseas",
    create: "/e/w/os/i",
    detail: "/e/w/os/r",
    permission: "erp:wh:overseasin",
    statuses: [
      ["0", "待提交"],
      ["1", "待审核"],
      ["2", "运输中"],
      ["4", "已完成"],
      ["3", "已作废"],
    ],
  },
  exchange: { path: "exchange", noun: "换货单", list: "/erp/warehouse/exchange", create: "/e/w/e/c", detail: "/e/w/e/d", permission: "erp:wh:exchange" },
  transfer: {
    path: "transfer",
    noun: "调拨单",
    list: "/erp/warehouse/transfer",
    create: "/e/w/t",
    detail: "/e/w/t/d",
    permission: "erp:wh:transfer",
    statuses: [
      ["0", "待提交"],
      ["1", "待审核"],
      ["2", "调拨中"],
      ["4", "已完成"],
      ["3", "已作废"],
    ],
  },
};

// kindOf names the document kind of a screen (inboundList, stocktakeDetail, ...): the longest kind it starts with
// (overseasInNew is overseasIn's, not overseas').
export const kindOf = (screen) =>
  Object.keys(KINDS)
    .filter((k) => screen.startsWith(k))
    .sort((a, b) => b.length - a.length)[0] || "outbound";

export const STATUSES = [
  ["0", "待提交"],
  ["1", "待审核"],
  ["2", "已完成"],
  ["3", "已作废"],
];

export { openTab } from "../lib/tabs.js";

// useWarehouses loads the company's warehouses for a drop-down: the enabled ones, or all of them for filters
// (a disabled warehouse keeps its history).
export function useWarehouses(all = false) {
  const [warehouses, setWarehouses] = useState(null);
  useEffect(() => {
    api(`${ERP}/warehouse/options`, { query: all ? { all: "true" } : {} })
      .then(({ data }) => setWarehouses(data))
      .catch((e) => toast(e.message, "error"));
  }, [all]);
  return warehouses;
}

export function WarehouseSelect({ warehouses, name = "warehouseId", value, onChange, label = "仓库", empty = "全部仓库" }) {
  return (
    <select name={name} aria-label={label} className={input} value={value} onChange={onChange}>
      <option value="">{empty}</option>
      {(warehouses || []).map((w) => (
        <option key={w.id} value={w.id}>
          {w.name}
          {w.disabled ? "（已停用）" : ""}
        </option>
      ))}
    </select>
  );
}

export function Thumb({ src, alt }) {
  if (!src) return <span className="inline-block h-10 w-10 rounded bg-slate-100 dark:bg-slate-700" aria-hidden="true" />;
  return <img src={src} alt={alt} width="40" height="40" loading="lazy" className="h-10 w-10 rounded object-cover" />;
}

// useBins loads a warehouse's enabled bins (库位) by code for a drop-down or a choice; [] without a warehouse.
export function useBins(warehouseId) {
  const [bins, setBins] = useState([]);
  useEffect(() => {
    if (!warehouseId) {
      setBins([]);
      return;
    }
    api(`${ERP}/bin/options`, { query: { warehouseId } })
      .then(({ data }) => setBins(data))
      .catch((e) => toast(e.message, "error"));
  }, [warehouseId]);
  return bins;
}
