// 搜索词 checked in 广告管理, added at Amazon as negative keywords (否定精准 or 否定词组, in the ad group or the
// campaign where each was searched) or as keywords (精准, 词组 or 广泛, into one ad group of the same 站点, each
// with its bid, the term's CPC to begin with). The chosen terms are listed; 提交亚马逊 asks once, then the answer
// is ChangeResults' row by row (a refused row says why and adds nothing).
import { useEffect, useId, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { money } from "../lib/money.js";

const MATCHES = {
  negative: [
    ["NEGATIVE_EXACT", "否定精准"],
    ["NEGATIVE_PHRASE", "否定词组"],
  ],
  keyword: [
    ["EXACT", "精准"],
    ["PHRASE", "词组"],
    ["BROAD", "广泛"],
  ],
};
const box = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:border-sky-600 focus:ring-2 focus:ring-sky-100 dark:border-slate-600 dark:bg-slate-900";
// A bid to begin with: the term's CPC, or the least Amazon takes when it has none.
const firstBid = (row) => (/^\d+(\.\d+)?$/.test(row.cpc || "") && Number(row.cpc) > 0 ? row.cpc : row.currency === "JPY" ? "2" : "0.02");

export default function SearchTermAdd({ as, rows, base, onAnswer, onClose }) {
  const dialog = useRef(null);
  const id = useId();
  const negative = as === "negative";
  const [match, setMatch] = useState(MATCHES[as][0][0]);
  const [level, setLevel] = useState("adgroup");
  const [bids, setBids] = useState(() => Object.fromEntries(rows.map((r) => [r.id, firstBid(r)])));
  // Keywords go to an ad group of the first term's 站点: its enabled ad groups, the term's own first.
  const [groups, setGroups] = useState(null);
  const [group, setGroup] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  useEffect(() => {
    if (negative) return;
    // Keywords go into manual campaigns: the 站点's manual campaigns and their ad groups, archived ones left out
    // (a paused ad group takes keywords too).
    const page = (level) => api(`${base}/page`, { method: "POST", body: { level, profileId: rows[0].profileId, pagesize: 100 } });
    Promise.all([page("campaign"), page("adgroup")])
      .then(([c, g]) => {
        const manual = new Map((c.data.records || []).filter((x) => x.targetingType === "MANUAL" && x.state !== "ARCHIVED").map((x) => [x.amazonId, x.name]));
        const list = (g.data.records || []).filter((x) => manual.has(x.campaignId) && x.state !== "ARCHIVED").map((x) => ({ ...x, campaignName: manual.get(x.campaignId) }));
        setGroups(list);
        const own = list.find((x) => x.amazonId === rows[0].adGroupId);
        setGroup((own || list[0] || {}).id || "");
      })
      .catch((e) => setError(e.message));
  }, [negative]);
  const title = `${negative ? "添加为否定关键词" : "添加为关键词"}（${rows.length} 个搜索词）`;
  const matchName = MATCHES[as].find(([v]) => v === match)[1];
  const submit = async (e) => {
    e.preventDefault();
    if (!negative && !group) {
      setError("请选择关键词要添加到的广告组");
      return;
    }
    if (!negative && rows.some((r) => !/^\d+(\.\d{1,2})?$/.test(String(bids[r.id]).trim()) || Number(bids[r.id]) <= 0)) {
      setError("竞价须大于0，最多两位小数");
      return;
    }
    const where = negative ? (level === "campaign" ? "所在的广告活动" : "所在的广告组") : "所选广告组";
    if (!(await ask({ title: `确定将 ${rows.length} 个搜索词添加为${matchName}${negative ? "" : "关键词"}吗？`, message: `添加到${where}，直接提交亚马逊，结果记入操作记录。`, action: "提交" }))) return;
    setBusy(true);
    setError("");
    try {
      const body = { as, matchType: match, terms: rows.map((r) => ({ id: r.id, bid: negative ? "" : String(bids[r.id]).trim() })) };
      if (negative) body.level = level;
      else body.adGroupId = group;
      const { data } = await api(`${base}/searchterms/add`, { method: "POST", body });
      onAnswer(data);
      dialog.current.close();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const profiles = new Set(rows.map((r) => r.profileId));
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-auto w-[720px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100"
    >
      <form onSubmit={submit} noValidate className="p-4 sm:p-6">
        <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <label className="block">
            匹配方式
            <select name="matchType" className={box} value={match} onChange={(e) => setMatch(e.target.value)}>
              {MATCHES[as].map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {negative ? (
            <label className="block">
              否定到
              <select name="level" className={box} value={level} onChange={(e) => setLevel(e.target.value)}>
                <option value="adgroup">搜索词所在的广告组</option>
                <option value="campaign">搜索词所在的广告活动</option>
              </select>
            </label>
          ) : (
            <label className="block">
              添加到广告组
              <select name="adGroupId" className={box} value={group} disabled={!groups} onChange={(e) => setGroup(e.target.value)}>
                {!groups && <option value="">加载中…</option>}
                {groups && groups.length === 0 && <option value="">该站点没有可添加关键词的手动广告组</option>}
                {(groups || []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.campaignName ? `${g.campaignName} · ` : ""}
                    {g.name}
                    {g.state === "PAUSED" ? "（暂停）" : ""}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {!negative && profiles.size > 1 && <p className="mt-2 text-xs text-amber-700 dark:text-amber-300">只能添加到同一站点的广告组：其他站点的搜索词会被拒绝。</p>}
        <div className="mt-3 max-h-[45vh] overflow-auto rounded-md ring-1 ring-slate-200 dark:ring-slate-700">
          <table className="w-full text-left text-sm" aria-label="选中的搜索词">
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                <th className="px-2 py-1">搜索词</th>
                <th className="px-2 py-1">{negative && level === "campaign" ? "广告活动" : "广告活动 · 广告组"}</th>
                <th className="whitespace-nowrap px-2 py-1 text-right">CPC</th>
                {!negative && <th className="whitespace-nowrap px-2 py-1">竞价</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-700">
                  <td className="px-2 py-1 break-words">{r.searchTerm}</td>
                  <td className="px-2 py-1 text-slate-600 dark:text-slate-300">
                    {r.marketplaceName ? `${r.marketplaceName} · ` : ""}
                    {r.campaignName}
                    {negative && level === "campaign" ? "" : ` · ${r.adGroupName}`}
                  </td>
                  <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{/^\d/.test(r.cpc || "") ? money(r.cpc, r.currency) : "—"}</td>
                  {!negative && (
                    <td className="px-2 py-1">
                      <input
                        aria-label={`${r.searchTerm} 的竞价`}
                        inputMode="decimal"
                        className="w-20 rounded-md border border-slate-300 px-2 py-0.5 text-right text-sm tabular-nums dark:border-slate-600 dark:bg-slate-900"
                        value={bids[r.id]}
                        onChange={(e) => setBids((b) => ({ ...b, [r.id]: e.target.value }))}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          {negative ? "否定后这些搜索词不再触发广告。" : "竞价按站点币种，默认取搜索词的 CPC；亚马逊不接受低于站点最低竞价或高于广告活动日预算的竞价。"}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="rounded-md border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-sky-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50">
            提交亚马逊
          </button>
        </div>
      </form>
    </dialog>
  );
}
