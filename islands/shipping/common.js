// What the shipment screens share: the API prefix, opening another screen in a tab, and the looks of buttons and
// fields.
export const ERP = "/erp/api/v1";

export { openTab } from "../lib/tabs.js";

// pickListUrl is the pick list of a shipment (/orderblank), which opens in a new window for printing.
export const pickListUrl = (shipmentId) => `/orderblank?shipmentid=${encodeURIComponent(shipmentId)}`;

export const button = "rounded-md bg-sky-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const plain = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
export const danger = "rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 disabled:opacity-50";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
export const card = "rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700";
