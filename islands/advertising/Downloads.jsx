// 报告下载: the synced reports (广告活动, 推广商品, 投放, 搜索词, and Sponsored Brands' 广告组 and 广告) as .xlsx, a row per day as Amazon
// reported it, for a store, 站点 and range (the last 30 days at first); the table says what each report holds in
// the chosen stores, so a seller sees before downloading whether the days were synced.
import { useEffect, useRef, useState } from "react";
import { api, download } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { AdPlaceSelects } from "./AdPlaces.jsx";

const ADV = "/amazonadv/api/v1";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const iso = (d) => d.toISOString().slice(0, 10);
const daysAgo = (n) => iso(new Date(Date.now() - n * 86400000));

export default function AdvDownloads() {
  const form = useRef(null);
  const [coverage, setCoverage] = useState(null);
  const [busy, setBusy] = useState(false);

  const values = () => Object.fromEntries(new FormData(form.current));
  const loadCoverage = () => {
    const { groupId, profileId } = values();
    api(`${ADV}/sp/download/coverage`, { method: "POST", body: { groupId, profileId } })
      .then((r) => setCoverage(r.data))
      .catch((e) => toast(e.message, "error"));
  };
  useEffect(loadCoverage, []);

  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    try {
      await download(`${ADV}/sp/download/export`, { query: values() });
    } catch (err) {
      toast(err.message, "error");
    } finally {
      setBusy(false);
    }
  };
  const preset = (n) => {
    form.current.startDate.value = daysAgo(n - 1);
    form.current.endDate.value = daysAgo(0);
  };
  const synced = coverage && coverage.some((c) => c.rows > 0);

  return (
    <section aria-label="报告下载" className="space-y-3 text-sm">
      <form ref={form} onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label="下载条件">
        <select name="report" aria-label="报告" className={input} defaultValue="campaigns">
          <option value="campaigns">广告活动报告</option>
          <option value="products">推广商品报告</option>
          <option value="targets">投放报告</option>
          <option value="searchterms">搜索词报告</option>
          <option value="adgroups">品牌广告组报告</option>
          <option value="brandads">品牌广告报告</option>
        </select>
        <AdPlaceSelects onChange={loadCoverage} />
        <input name="startDate" type="date" aria-label="开始日期" className={input} defaultValue={daysAgo(29)} required />
        <span>至</span>
        <input name="endDate" type="date" aria-label="结束日期" className={input} defaultValue={daysAgo(0)} required />
        <span role="group" aria-label="快捷日期" className="flex gap-1">
          {[7, 30, 90].map((n) => (
            <button key={n} type="button" className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600" onClick={() => preset(n)}>
              近{n}天
            </button>
          ))}
        </span>
        <button type="submit" className={button} disabled={busy}>
          {busy ? "正在生成..." : "下载"}
        </button>
      </form>
      {coverage && !synced && (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-600 dark:text-slate-300">
          所选店铺还没有同步的广告报表：请先在店铺管理中授权广告，并在数据同步中同步“广告报表”。
        </p>
      )}
      {coverage && (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full text-left" aria-label="已同步的报告">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th className="px-3 py-2 font-medium">报告</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">已同步行数</th>
                <th className="px-3 py-2 font-medium">最早日期</th>
                <th className="px-3 py-2 font-medium">最晚日期</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {coverage.map((c) => (
                <tr key={c.report} data-report={c.report}>
                  <td className="whitespace-nowrap px-3 py-1.5">{c.name}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{c.rows.toLocaleString("zh-CN")}</td>
                  <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{c.firstDay || "—"}</td>
                  <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{c.lastDay || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
