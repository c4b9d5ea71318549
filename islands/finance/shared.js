// What the finance screens share: the API prefixes and the looks of buttons and fields.
export const ERP = "/erp/api/v1";
export const AMZ = "/amazon/api/v1";
export const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const plainButton = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// thisMonth is the current month as the rate dialog writes it (yyyy-MM), in Beijing time like the server's months.
export function thisMonth() {
  return new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 7);
}
