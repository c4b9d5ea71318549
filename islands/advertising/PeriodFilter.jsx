// The filters of the advertising analysis screens (广告概览, ROAS排名): 店铺 and 站点 (the profiles of every store
// with advertising), the days with the 近7天/近30天/近90天 shortcuts, 查询, and the screen's own fields (children).
import { AdPlaceSelects } from "./AdPlaces.jsx";

export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const iso = (d) => d.toISOString().slice(0, 10);
export const daysAgo = (n) => iso(new Date(Date.now() - n * 86400000));

// places are the 店铺 and 站点 selects: the advertising profiles' unless a screen gives its own (PlaceSelects).
export default function PeriodFilter({ id, formRef, children, places }) {
  const preset = (n) => {
    formRef.current.startDate.value = daysAgo(n - 1);
    formRef.current.endDate.value = daysAgo(0);
    formRef.current.requestSubmit();
  };
  return (
    <form id={id} ref={formRef} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      {places || <AdPlaceSelects />}
      <input name="startDate" type="date" aria-label="开始日期" className={input} defaultValue={daysAgo(29)} />
      <span>至</span>
      <input name="endDate" type="date" aria-label="结束日期" className={input} defaultValue={daysAgo(0)} />
      {children}
      <button type="submit" className={button}>
        查询
      </button>
      <span role="group" aria-label="快捷日期" className="flex gap-1">
        {[7, 30, 90].map((n) => (
          <button key={n} type="button" className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600" onClick={() => preset(n)}>
            近{n}天
          </button>
        ))}
      </span>
    </form>
  );
}
