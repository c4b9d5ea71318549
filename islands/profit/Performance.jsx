// 业绩报告 (财务 → 结算): a month's sales and profit by the listing's owner (运营负责人, given in 商品列表) or by the
// owner's department, from 利润报告's own lines (the server gives each line to its listing's owner, so the rows add
// up to 利润报告's month to the cent), beside the targets the company sets for the month and the progress against
// them. 设置目标 (its button permission) sets a row's targets; 导出 saves the rows and the sum as .xlsx.
import { useEffect, useRef, useState } from "react";
import { api, download } from "../lib/api.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { useStoreGroups } from "../lib/StoreSelects.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import { AMZ, button, input } from "./shared.jsx";

const PERM = "amz:payment:performance:target";
const cell = "whitespace-nowrap px-3 py-1.5 text-right tabular-nums";

// thisMonth is this month in Beijing time, the report's default.
function thisMonth() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
}

// Bar is a progress against a target: the percent and a bar (full at 100 %); — without a target.
function Bar({ percent, label }) {
  if (percent === "") return <span className="text-slate-400">未设目标</span>;
  const p = Number(percent);
  const tone = p >= 100 ? "bg-emerald-600" : p >= 60 ? "bg-sky-600" : "bg-amber-500";
  return (
    <span className="inline-flex items-center gap-2">
      <span role="progressbar" aria-label={label} aria-valuenow={Math.round(p)} aria-valuemin={0} aria-valuemax={100} className="inline-block h-2 w-20 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <span className={`block h-full ${tone}`} style={{ width: `${Math.max(0, Math.min(100, p))}%` }} />
      </span>
      {percent}%
    </span>
  );
}

function Money({ value }) {
  if (value === "") return <span className="text-slate-400">—</span>;
  return money(value, "CNY");
}

export default function Performance({ permissions }) {
  const groups = useStoreGroups();
  const [answer, setAnswer] = useState(null);
  const [query, setQuery] = useState({ month: thisMonth(), by: "owner", groupId: "" });
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(null);
  const [choices, setChoices] = useState({ owners: [], depts: [] });
  const form = useRef(null);
  const load = (q) => {
    setBusy(true);
    api(`${AMZ}/profit/performance`, { method: "POST", body: q })
      .then((r) => {
        setAnswer(r.data);
        setQuery(q);
      })
      .catch((e) => toast(e.message, "error"))
      .finally(() => setBusy(false));
  };
  useEffect(() => {
    load(query);
    api(`${AMZ}/profit/performance/choices`)
      .then((r) => setChoices(r.data))
      .catch((e) => toast(e.message, "error"));
  }, []);
  const submit = (e) => {
    e.preventDefault();
    load(Object.fromEntries(new FormData(form.current)));
  };
  const exportFile = () => download(`${AMZ}/profit/performance/export`, { query }).catch((e) => toast(e.message, "error"));
  const saveTarget = async (v) => {
    await api(`${AMZ}/profit/performance/target`, { method: "PUT", body: { ...v, month: answer.month, kind: answer.by } });
    toast("操作成功!");
    load(query);
  };
  const byOwner = answer?.by !== "dept";
  const who = byOwner ? "负责人" : "部门";
  const subjects = byOwner ? choices.owners : choices.depts;
  const mayEdit = can(permissions, PERM);
  return (
    <section aria-label="业绩报告">
      <form ref={form} onSubmit={submit} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <input name="month" type="month" aria-label="月份" defaultValue={query.month} className={input} required />
        <select name="by" aria-label="统计维度" className={input} defaultValue="owner">
          <option value="owner">按负责人</option>
          <option value="dept">按部门</option>
        </select>
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <button type="submit" className={button} disabled={busy}>
          查询
        </button>
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600" onClick={exportFile} disabled={!answer}>
          导出
        </button>
        {mayEdit && answer && (
          <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600" onClick={() => setEditing({})}>
            设置目标
          </button>
        )}
        {busy && <span className="text-xs text-slate-500">加载中…</span>}
      </form>
      {answer && (
        <>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            {answer.month}，按{who}统计；没有负责人{byOwner ? "" : "或部门"}的计入“未分配”。合计行的目标为各行目标之和。
          </p>
          {answer.rows.length === 0 ? (
            <p role="status" className="mb-3 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
              {answer.month}没有销售数据，也没有设置目标：请在数据同步中同步订单和结算报告，在
              <a className="text-sky-700 underline dark:text-sky-300" href="/amazon/listing/products">
                商品列表
              </a>
              中为Listing分配运营负责人，或换一个月份。
            </p>
          ) : (
            <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
              <table aria-label="业绩" className="min-w-full bg-white text-sm dark:bg-slate-900">
                <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="sticky left-0 whitespace-nowrap bg-slate-50 px-3 py-2 text-left font-medium dark:bg-slate-800">
                      {who}
                    </th>
                    {byOwner && (
                      <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                        所属部门
                      </th>
                    )}
                    <th scope="col" className={`${cell} font-medium`}>
                      销量
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      销售额
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      销售目标
                    </th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                      销售完成率
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      利润
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      利润目标
                    </th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                      利润完成率
                    </th>
                    {mayEdit && <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">操作</th>}
                  </tr>
                </thead>
                <tbody>
                  {[...answer.rows, answer.total].map((row) => (
                    <tr key={row.total ? "total" : row.subjectId || "none"} data-subject={row.total ? "total" : row.name} className={`border-t border-slate-100 dark:border-slate-800 ${row.total ? "font-semibold" : ""}`}>
                      <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-3 py-1.5 text-left font-normal dark:bg-slate-900">
                        <span className={row.total ? "font-semibold" : row.subjectId ? "" : "text-slate-500"}>{row.name}</span>
                      </th>
                      {byOwner && <td className="whitespace-nowrap px-3 py-1.5">{row.deptName || (row.total || !row.subjectId ? "" : "—")}</td>}
                      <td className={cell}>{row.units}</td>
                      <td className={cell} data-sales={row.name}>
                        <Money value={row.sales} />
                      </td>
                      <td className={cell}>
                        <Money value={row.salesTarget} />
                      </td>
                      <td className="whitespace-nowrap px-3 py-1.5">
                        {row.total ? <span className="text-slate-400">—</span> : <Bar percent={row.salesProgress} label={`${row.name}销售完成率`} />}
                      </td>
                      <td className={cell} data-profit={row.name}>
                        <Money value={row.profit} />
                      </td>
                      <td className={cell}>
                        <Money value={row.profitTarget} />
                      </td>
                      <td className="whitespace-nowrap px-3 py-1.5">
                        {row.total ? <span className="text-slate-400">—</span> : <Bar percent={row.profitProgress} label={`${row.name}利润完成率`} />}
                      </td>
                      {mayEdit && (
                        <td className="whitespace-nowrap px-3 py-1.5">
                          {row.subjectId && (
                            <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => setEditing(row)}>
                              设置目标
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {editing && (
        <FormDialog
          title={`设置${answer.month}的业绩目标`}
          fields={[
            editing.subjectId
              ? { name: "who", label: who, readOnly: true }
              : { name: "subjectId", label: who, required: true, options: [["", "请选择"], ...subjects.map((s) => [s.id, s.name])] },
            { name: "salesTarget", label: "销售目标（元）", placeholder: "不设目标留空" },
            { name: "profitTarget", label: "利润目标（元）", placeholder: "不设目标留空" },
          ]}
          initial={editing.subjectId ? { who: editing.name, subjectId: editing.subjectId, salesTarget: editing.salesTarget, profitTarget: editing.profitTarget } : {}}
          onSubmit={(v) => saveTarget({ subjectId: v.subjectId || editing.subjectId, salesTarget: v.salesTarget, profitTarget: v.profitTarget })}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
