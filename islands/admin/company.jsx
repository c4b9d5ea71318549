// 公司设置: which day a "day" means for the company's figures — each marketplace's own (as Amazon's reports count,
// Pacific time for North America) or Beijing's — used by 首页, 今日订单, 订单管理's dates, 销售报表 and 周/月汇总 by
// default. Changing it needs 编辑公司设置; every user of the company reads it.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";

const V1 = "/admin/api/v1";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";

const ZONES = [
  ["marketplace", "按各站点当地日期", "与亚马逊后台和报告一致：北美站点按太平洋时间，其他站点按各自当地时间。北京时间上午时，美国站点通常还是前一天。"],
  ["beijing", "按北京时间", "所有站点都按北京时间的自然日统计，便于与国内的财务、日报对齐；与亚马逊报告的日期可能相差一天。"],
];

export default function CompanySettings({ permissions }) {
  const [saved, setSaved] = useState(null);
  const [zone, setZone] = useState("");
  const [saving, setSaving] = useState(false);
  const editable = can(permissions, "sys:company:edit");

  useEffect(() => {
    api(`${V1}/company/settings`)
      .then(({ data }) => {
        setSaved(data);
        setZone(data.dayZone);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);

  const save = async (e) => {
    e.preventDefault();
    setSaving(true);
    try {
      const { data } = await api(`${V1}/company/settings`, { method: "PUT", body: { dayZone: zone } });
      setSaved(data);
      toast("操作成功!");
    } catch (err) {
      toast(err.message, "error");
    } finally {
      setSaving(false);
    }
  };

  if (!saved) return <p className="text-sm text-slate-500">加载中...</p>;
  return (
    <form onSubmit={save} aria-label="公司设置" className="max-w-2xl space-y-3 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-600">
      <fieldset>
        <legend className="mb-2 font-semibold">统计日期</legend>
        <p className="mb-2 text-slate-500 dark:text-slate-400">首页、今日订单、订单管理的日期筛选、销售报表和周/月汇总默认按此统计“一天”，各页面仍可临时切换。</p>
        {ZONES.map(([value, label, text]) => (
          <label key={value} className="mb-2 flex items-start gap-2">
            <input type="radio" name="dayZone" value={value} checked={zone === value} disabled={!editable} onChange={() => setZone(value)} className="mt-1" />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-slate-500 dark:text-slate-400">{text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-slate-500 dark:text-slate-400" data-current>当前：{saved.dayZoneName}</p>
      {editable ? (
        <button type="submit" className={button} disabled={saving || zone === saved.dayZone}>
          保存
        </button>
      ) : (
        <p className="text-slate-500">没有编辑公司设置的权限</p>
      )}
    </form>
  );
}
