// 操作记录: every change sent to Amazon from 广告管理, one row per campaign, ad group or keyword, with who, when, the
// value before and after and Amazon's answer; found by store, level, action, result, dates and name, exported.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const ADV = "/amazonadv/api/v1";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const iso = (d) => d.toISOString().slice(0, 10);
const daysAgo = (n) => iso(new Date(Date.now() - n * 86400000));

export default function OperationLog({ permissions }) {
  const [groups, setGroups] = useState([]);
  useEffect(() => {
    api(`${ADV}/advManager/getGroup`)
      .then((r) => setGroups(r.data || []))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return (
    <section aria-label="操作记录">
      <form id="adv-operation-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <select name="level" aria-label="层级" className={input} defaultValue="">
          <option value="">全部层级</option>
          <option value="campaign">广告活动</option>
          <option value="adgroup">广告组</option>
          <option value="keyword">关键词</option>
          <option value="negkeyword">否定关键词</option>
        </select>
        <select name="action" aria-label="操作" className={input} defaultValue="">
          <option value="">全部操作</option>
          <option value="enable">启用</option>
          <option value="pause">暂停</option>
          <option value="archive">归档</option>
          <option value="budget">修改预算</option>
          <option value="bid">修改竞价</option>
          <option value="negate">添加否定关键词</option>
          <option value="addKeyword">添加关键词</option>
          <option value="create">创建</option>
        </select>
        <select name="source" aria-label="来源" className={input} defaultValue="">
          <option value="">全部来源</option>
          <option value="manual">手动</option>
          <option value="rule">广告规则</option>
        </select>
        <select name="result" aria-label="结果" className={input} defaultValue="">
          <option value="">全部结果</option>
          <option value="ok">成功</option>
          <option value="failed">失败</option>
        </select>
        <input name="startDate" type="date" aria-label="开始日期" className={input} defaultValue={daysAgo(29)} />
        <span>至</span>
        <input name="endDate" type="date" aria-label="结束日期" className={input} defaultValue={daysAgo(0)} />
        <input name="search" type="search" aria-label="名称" placeholder="名称" className={`w-40 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="advOperationList"
        source={`${ADV}/sp/operations/page`}
        exportUrl={`${ADV}/sp/operations/export`}
        filterForm="adv-operation-filter"
        permissions={permissions}
        renders={{
          resultName: (row) => <span className={row.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}>{row.resultName}</span>,
        }}
        empty="暂无操作记录：在广告管理中勾选广告活动、广告组或关键词，启用、暂停、归档或修改预算、竞价后，每一项修改都会记在这里。"
      />
    </section>
  );
}
