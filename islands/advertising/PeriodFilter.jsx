// The filters of the advertising analysis screens (广告概览, ROAS排名): 店铺 and 站点 (the profiles of every store
// with advertising), the days with the 近7天/近30天/近90天 shortcuts, 查询, and the screen's own fields (children).
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

const ADV = "/amazonadv/api/v1";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const iso = (d) => d.toISOString().slice(0, 10);
export const daysAgo = (n) => iso(new Date(Date.now() - n * 86400000));

export default function PeriodFilter({ id, formRef, children }) {
  const [groups, setGroups] = useState([]);
  const [profiles, setProfiles] = useState([]);
  useEffect(() => {
    api(`${ADV}/advManager/getGroup`)
      .then(async (r) => {
        const list = r.data || [];
        setGroups(list);
        const each = await Promise.all(list.map((g) => api(`${ADV}/advert/loadProfile`, { query: { groupid: g.id } }).then((p) => (p.data || []).map((x) => ({ ...x, groupName: g.name })))));
        setProfiles(each.flat());
      })
      .catch((e) => toast(e.message, "error"));
  }, []);
  const preset = (n) => {
    formRef.current.startDate.value = daysAgo(n - 1);
    formRef.current.endDate.value = daysAgo(0);
    formRef.current.requestSubmit();
  };
  return (
    <form id={id} ref={formRef} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <select name="groupId" aria-label="店铺" className={input} defaultValue="">
        <option value="">全部店铺</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <select name="profileId" aria-label="站点" className={input} defaultValue="">
        <option value="">全部站点</option>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.groupName} · {p.marketname || p.countryCode}
          </option>
        ))}
      </select>
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
