// What the order screens share: the API prefix, the looks of fields, and the filters of store, marketplace and the
// zone dates are read in.
import { StoreSelects } from "../lib/StoreSelects.jsx";

export const AMZ = "/amazon/api/v1";
export const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// StoreFilters are the store, marketplace and zone filters every order screen has; the zone starts at the day the
// company counts (公司设置).
export function StoreFilters({ marketplaces, dayZone }) {
  return (
    <>
      <StoreSelects marketplaces={marketplaces} />
      <select name="zone" aria-label="时区" className={input} defaultValue={dayZone || "marketplace"} title="日期按站点当地时间（北美为太平洋时间）或北京时间计算，默认为公司设置的统计日期">
        <option value="marketplace">站点时间</option>
        <option value="beijing">北京时间</option>
      </select>
    </>
  );
}

// DateRange is the from and to dates of a list (both included).
export function DateRange({ label }) {
  return (
    <>
      <label className="flex items-center gap-1">
        {label}从 <input name="startDate" type="date" aria-label="开始日期" className={input} />
      </label>
      <label className="flex items-center gap-1">
        至 <input name="endDate" type="date" aria-label="结束日期" className={input} />
      </label>
    </>
  );
}
