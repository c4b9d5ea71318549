// 广告规则: a company's rules over its synced Sponsored Products (pause high-ACOS keywords, lower bids by ROAS or a
// SKU's days of cover, raise them where stock is to spare, add search terms as exact keywords, raise spent-out
// budgets), each made disabled, tried with 试运行 (what it would change and why, nothing sent), then enabled: the
// daily job runs it once per new day of data within its weekdays and from its hour, every change in 操作记录 with its
// figures. 立即执行 runs it now.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { ask } from "../lib/confirm.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import ChangeResults from "./ChangeResults.jsx";

const ADV = "/amazonadv/api/v1";
const EDIT = "amz:adv:rules:edit";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const field = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700";
const KINDS = [
  ["pauseKeyword", "暂停高ACOS关键词"],
  ["lowerBid", "降低竞价"],
  ["addKeyword", "搜索词添加为精准关键词"],
  ["raiseBudget", "提高用完的预算"],
  ["raiseBid", "库存充足时提高竞价"],
];
const WEEKDAYS = ["一", "二", "三", "四", "五", "六", "日"];
// FIELDS are each kind's figures: [name, label, hint].
const FIELDS = {
  pauseKeyword: [
    ["acosAbove", "ACOS高于（%）", "如 50：统计天数内花费 ÷ 销售额超过50%；有花费无销售额也算"],
    ["minClicks", "最少点击", "点击少于此数的关键词不算，免得数据太少误判"],
  ],
  lowerBid: [
    ["roasBelow", "ROAS低于", "如 2：销售额 ÷ 花费低于2；留空则不看ROAS"],
    ["coverBelow", "SKU可售天数少于", "如 14：广告组推广的SKU按补货计划算出的可售天数少于14天；留空则不看库存"],
    ["minClicks", "最少点击", ""],
    ["percent", "竞价降低（%）", "如 20：竞价乘以0.8，按站点币种保留两位小数"],
  ],
  addKeyword: [
    ["minOrders", "最少订单", "统计天数内订单不少于此数的搜索词"],
    ["bid", "关键词竞价", "新关键词的竞价，按所选广告组的站点币种"],
  ],
  raiseBudget: [
    ["spentDays", "花完预算的天数", "统计天数内花费达到预算的天数不少于此数。广告报表只有每天的花费，没有小时数据，无法判断几点用完"],
    ["percent", "预算提高（%）", "如 20：预算乘以1.2"],
  ],
  raiseBid: [
    ["coverAbove", "SKU可售天数多于", "如 90：广告组推广的每个SKU按补货计划算出的可售天数都多于90天，库存充足，把花费移到这些SKU上"],
    ["roasAbove", "ROAS高于", "如 3：销售额 ÷ 花费高于3；留空则不看ROAS"],
    ["minClicks", "最少点击", ""],
    ["percent", "竞价提高（%）", "如 15：竞价乘以1.15"],
    ["bid", "竞价上限", "提高后不超过此竞价，按关键词所在站点的币种；已达上限的不再提高"],
  ],
};

function RuleForm({ rule, groups, onSaved, onClose }) {
  const dialog = useRef(null);
  const [v, setV] = useState(() => ({
    name: "",
    groupId: groups[0]?.id || "",
    profileId: "",
    kind: "pauseKeyword",
    lookbackDays: "7",
    minClicks: "10",
    weekdays: "1234567",
    hour: "8",
    ...(rule || {}),
  }));
  const [profiles, setProfiles] = useState([]);
  const [adGroups, setAdGroups] = useState([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current.showModal(), []);
  useEffect(() => {
    if (!v.groupId) return;
    api(`${ADV}/advert/loadProfile`, { query: { groupid: v.groupId } })
      .then((r) => setProfiles(r.data || []))
      .catch(() => setProfiles([]));
    api(`${ADV}/sp/rules/adgroups`, { method: "POST", body: { groupId: v.groupId } })
      .then((r) => setAdGroups(r.data || []))
      .catch(() => setAdGroups([]));
  }, [v.groupId]);
  const set = (name) => (e) => setV({ ...v, [name]: e.target.value });
  const toggleDay = (d) => setV({ ...v, weekdays: v.weekdays.includes(d) ? v.weekdays.replace(d, "") : [...v.weekdays, d].sort().join("") });
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await api(`${ADV}/sp/rules/save`, { method: "POST", body: v });
      dialog.current.close();
      onSaved();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const label = "mb-3 block text-sm";
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="rule-form-title" className="m-auto w-[560px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} noValidate className="max-h-[90vh] overflow-auto p-6">
        <h2 id="rule-form-title" className="mb-4 text-lg font-semibold">
          {rule ? "编辑规则" : "新建规则"}
        </h2>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <label className={label}>
          规则名称
          <input name="name" className={field} value={v.name} onChange={set("name")} maxLength={50} />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className={label}>
            店铺
            <select name="groupId" className={field} value={v.groupId} onChange={(e) => setV({ ...v, groupId: e.target.value, profileId: "", adGroupId: "" })}>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            站点
            <select name="profileId" className={field} value={v.profileId} onChange={set("profileId")}>
              <option value="">全部站点</option>
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.marketname || p.countryCode}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            规则类型
            <select name="kind" className={field} value={v.kind} onChange={set("kind")}>
              {KINDS.map(([k, n]) => (
                <option key={k} value={k}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            统计天数
            <input name="lookbackDays" inputMode="numeric" className={field} value={v.lookbackDays} onChange={set("lookbackDays")} />
            <span className="text-xs text-slate-500 dark:text-slate-400">到最新一天数据为止的天数（1到60）</span>
          </label>
          {FIELDS[v.kind].map(([name, text, hint]) => (
            <label key={name} className={label}>
              {text}
              <input name={name} inputMode="decimal" className={field} value={v[name] || ""} onChange={set(name)} />
              {hint && <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
            </label>
          ))}
        </div>
        {v.kind === "addKeyword" && (
          <label className={label}>
            添加到广告组
            <select name="adGroupId" className={field} value={v.adGroupId || ""} onChange={set("adGroupId")}>
              <option value="">请选择手动投放的广告组</option>
              {adGroups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.marketplaceName} · {g.campaignName} · {g.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="mb-3 text-sm">
          <legend>执行日</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {WEEKDAYS.map((n, i) => (
              <label key={n} className="flex items-center gap-1">
                <input type="checkbox" checked={v.weekdays.includes(String(i + 1))} onChange={() => toggleDay(String(i + 1))} />周{n}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={label}>
          执行时间（北京时间）
          <select name="hour" className={field} value={v.hour} onChange={set("hour")}>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={String(h)}>
                {h}点起
              </option>
            ))}
          </select>
          <span className="text-xs text-slate-500 dark:text-slate-400">同步到新一天的广告数据后，在执行日的这个时间之后执行一次。新建的规则是停用的：先试运行，确认后再启用。</span>
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button} disabled={busy}>
            保存
          </button>
        </div>
      </form>
    </dialog>
  );
}

function DryRunDialog({ rule, result, canEdit, onEnable, onClose }) {
  const dialog = useRef(null);
  useEffect(() => dialog.current.showModal(), []);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="dry-run-title" className="m-auto w-[900px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="dry-run-title" className="mb-2 text-lg font-semibold">
          试运行：{result.name}
        </h2>
        <p role="status" className="mb-1 text-sm">
          按 {result.start} 至 {result.day} 的数据，将修改 {result.count} 个。试运行不提交亚马逊，也不记入操作记录。
        </p>
        {result.note && <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">{result.note}</p>}
        {result.count === 0 ? (
          <p className="my-4 text-sm text-slate-600 dark:text-slate-300">没有符合条件的对象：可放宽条件后再试运行。</p>
        ) : (
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-left text-sm" aria-label="试运行结果">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-600">
                  <th className="px-2 py-1">名称</th>
                  <th className="px-2 py-1">广告活动</th>
                  <th className="whitespace-nowrap px-2 py-1">操作</th>
                  <th className="whitespace-nowrap px-2 py-1">修改前 → 修改后</th>
                  <th className="px-2 py-1">原因</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 align-top dark:border-slate-700">
                    <td className="min-w-28 px-2 py-1">
                      {r.name}
                      {r.matchType && <span className="block text-xs text-slate-500 dark:text-slate-400">{r.matchType}</span>}
                    </td>
                    <td className="px-2 py-1">{r.campaignName || "—"}</td>
                    <td className="whitespace-nowrap px-2 py-1">{r.actionName}</td>
                    <td className="px-2 py-1">
                      {r.before} → {r.after}
                    </td>
                    <td className="px-2 py-1 text-xs">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
          {canEdit && !rule.enabled && (
            <button
              type="button"
              className={button}
              onClick={async () => {
                await onEnable();
                dialog.current.close();
              }}
            >
              启用规则
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

export default function AdvRules({ permissions }) {
  const [groups, setGroups] = useState([]);
  const [version, setVersion] = useState(0);
  const [form, setForm] = useState(null); // {rule} of the form open: null none, {} new
  const [dry, setDry] = useState(null);
  const [answer, setAnswer] = useState(null);
  const canEdit = can(permissions, EDIT);
  const reload = () => setVersion((n) => n + 1);
  useEffect(() => {
    api(`${ADV}/advManager/getGroup`)
      .then((r) => setGroups(r.data || []))
      .catch((e) => toast(e.message, "error"));
  }, []);
  const call = async (path, ids, done) => {
    try {
      const { data } = await api(`${ADV}/sp/rules/${path}`, { method: "POST", body: { ids } });
      toast(`已处理 ${data.count} 条规则`, "success");
      done ? done() : reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const tryRule = async (row) => {
    try {
      const { data } = await api(`${ADV}/sp/rules/dryrun`, { method: "POST", body: { id: row.id } });
      setDry({ rule: row, result: data });
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const runNow = async (row) => {
    if (!(await ask({ title: `确定立即执行“${row.name}”吗？`, message: "按最新一天的数据修改，直接提交亚马逊，结果记入操作记录；同一天的数据只执行一次。", action: "立即执行" }))) return;
    try {
      const { data } = await api(`${ADV}/sp/rules/run`, { method: "POST", body: { id: row.id } });
      setAnswer(data);
      reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const remove = async (rows, done) => {
    const what = rows.length === 1 ? `“${rows[0].name}”` : `选中的 ${rows.length} 条规则`;
    if (!(await ask({ title: `确定删除${what}吗？`, message: "删除后不再执行；已做的修改仍在操作记录中。", action: "删除", danger: true }))) return;
    call("delete", rows.map((r) => r.id), done);
  };
  return (
    <section aria-label="广告规则">
      <form id="adv-rules-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <select name="kind" aria-label="类型" className={input} defaultValue="">
          <option value="">全部类型</option>
          {KINDS.map(([k, n]) => (
            <option key={k} value={k}>
              {n}
            </option>
          ))}
        </select>
        <select name="state" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="on">启用</option>
          <option value="off">停用</option>
        </select>
        <input name="search" type="search" aria-label="规则名称" placeholder="规则名称" className={`w-40 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="advRuleList"
        source={`${ADV}/sp/rules/page`}
        exportUrl={`${ADV}/sp/rules/export`}
        filterForm="adv-rules-filter"
        permissions={permissions}
        version={version}
        noun="条规则"
        rowName={(row) => row.name}
        toolbar={
          canEdit && (
            <button type="button" className={button} disabled={groups.length === 0} onClick={() => setForm({})}>
              新建规则
            </button>
          )
        }
        actions={[
          { label: "试运行", run: (row) => tryRule(row) },
          { label: "编辑", permission: EDIT, run: (row) => setForm({ rule: row }) },
          { label: "启用", permission: EDIT, when: (r) => !r.enabled, run: (row, done) => call("enable", [row.id], done) },
          { label: "停用", permission: EDIT, when: (r) => r.enabled, run: (row, done) => call("disable", [row.id], done) },
          { label: "立即执行", permission: EDIT, run: (row) => runNow(row) },
          { label: "删除", permission: EDIT, danger: true, run: (row, done) => remove([row], done) },
        ]}
        bulk={[
          { label: "启用", permission: EDIT, run: (rows, done) => call("enable", rows.map((r) => r.id), done) },
          { label: "停用", permission: EDIT, run: (rows, done) => call("disable", rows.map((r) => r.id), done) },
          { label: "删除", permission: EDIT, danger: true, run: (rows, done) => remove(rows, done) },
        ]}
        renders={{
          stateName: (row) => <span className={row.enabled ? "text-emerald-700 dark:text-emerald-300" : "text-slate-500 dark:text-slate-400"}>{row.stateName}</span>,
        }}
        empty={
          groups.length === 0
            ? "还没有授权广告的店铺：请先在店铺管理中授权广告，并在数据同步中同步“广告活动”和“广告报表”。"
            : "还没有广告规则：点“新建规则”，如“近7天ACOS高于50%且点击不少于10的关键词暂停”，试运行确认后启用。"
        }
      />
      {form && <RuleForm rule={form.rule} groups={groups} onSaved={() => { toast("规则已保存", "success"); reload(); }} onClose={() => setForm(null)} />}
      {dry && (
        <DryRunDialog
          rule={dry.rule}
          result={dry.result}
          canEdit={canEdit}
          onEnable={() => call("enable", [dry.rule.id])}
          onClose={() => setDry(null)}
        />
      )}
      {answer && <ChangeResults answer={answer} onClose={() => setAnswer(null)} />}
    </section>
  );
}
