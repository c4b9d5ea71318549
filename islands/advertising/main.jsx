// 广告管理 and 广告活动: the synced campaigns by level (广告组合 → 广告活动 → 广告组 → 关键词 / 商品广告 or 品牌广告 / 商品投放 / 否定关键词)
// with their figures over the days asked, found by store, 站点, state, dates and name, exported to .xlsx. A name
// opens the next level; the trail above the table goes back. Campaigns, ad groups and keywords are enabled,
// paused, archived or given a budget or bid, one (the row's actions) or checked together, straight at Amazon; the
// answer lists each row's result. Checked 搜索词 are added as negative keywords or keywords (SearchTermAdd).
// 操作记录 (screen operation), 广告概览 (overview) and 报告下载 (download) are the same island's other screens.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import FormDialog from "../lib/FormDialog.jsx";
import { mount } from "../lib/mount.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import ChangeResults from "./ChangeResults.jsx";
import OperationLog from "./OperationLog.jsx";
import AdvDownloads from "./Downloads.jsx";
import AdvOverview from "./Overview.jsx";
import AdvRoas from "./Roas.jsx";
import AdvRules from "./Rules.jsx";
import AdvWarning from "./Warning.jsx";
import AdvStatistics from "./Statistics.jsx";
import AdvFunnel from "./Funnel.jsx";
import AdvIndicators from "./Indicators.jsx";
import SearchTermAdd from "./SearchTermAdd.jsx";
import CreateSP from "./CreateSP.jsx";
import CreateSD from "./CreateSD.jsx";
import CreateSB from "./CreateSB.jsx";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";

const ADV = "/amazonadv/api/v1";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const LEVELS = { portfolio: "广告组合", campaign: "广告活动", adgroup: "广告组", keyword: "关键词", productad: "商品广告", brandad: "品牌广告", target: "商品投放", negkeyword: "否定关键词", negtarget: "否定商品投放", searchterm: "搜索词" };
// UNDER_GROUP are the levels an ad group opens, by its campaign's ad product: Sponsored Brands has ads (creatives
// of several ASINs) and keywords and targets, no product ads or negatives.
const UNDER_GROUP = { SB: ["brandad", "keyword", "target"], other: ["productad", "keyword", "target", "negkeyword", "negtarget"] };
const link = "text-left text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300";

// AMOUNTS are the amount a level's rows change: a campaign's daily budget, an ad group's default bid, a keyword's bid.
const AMOUNTS = { campaign: { action: "budget", label: "修改预算" }, adgroup: { action: "bid", label: "修改竞价" }, keyword: { action: "bid", label: "修改竞价" } };
const STATES = [
  { action: "enable", label: "启用", state: "ENABLED" },
  { action: "pause", label: "暂停", state: "PAUSED" },
  { action: "archive", label: "归档", state: "ARCHIVED", danger: true },
];
const AMOUNT_FIELDS = [
  { name: "mode", label: "调整方式", options: [["set", "设为"], ["increase", "增加"], ["decrease", "减少"]], default: "set" },
  { name: "unit", label: "单位", options: [["value", "金额（各站点币种）"], ["percent", "百分比"]], default: "value" },
  { name: "value", label: "数值", required: true, placeholder: "如 0.75", hint: "按百分比时 10 表示 10%；“设为”总是按金额。结果按站点币种保留两位小数（日元取整）。" },
];

// NEGATIVE_FIELDS add an ad group's negative product targets: ASINs or brands' ids, one a line.
const NEGATIVE_FIELDS = [
  { name: "type", label: "否定类型", options: [["ASIN_SAME_AS", "否定ASIN"], ["ASIN_BRAND_SAME_AS", "否定品牌（品牌编号）"]], default: "ASIN_SAME_AS" },
  { name: "values", label: "ASIN或品牌编号", type: "textarea", required: true, placeholder: "B0XXXXXXXX", hint: "每行一个；该广告组的广告不再展示在这些商品（或品牌的商品）的页面上。" },
];

// CREATE are the campaign creation tabs 广告管理 opens.
const CREATE = [
  ["创建SP广告", "/a/a/sp"],
  ["创建SD广告", "/a/a/sd"],
  ["创建SB广告", "/a/a/sb"],
];

const iso = (d) => d.toISOString().slice(0, 10);
const daysAgo = (n) => iso(new Date(Date.now() - n * 86400000));

function Advertising(props) {
  if (props.screen === "overview") return <AdvOverview {...props} />;
  if (props.screen === "download") return <AdvDownloads {...props} />;
  if (props.screen === "roas") return <AdvRoas {...props} />;
  if (props.screen === "statistics") return <AdvStatistics {...props} />;
  if (props.screen === "funnel") return <AdvFunnel {...props} />;
  if (props.screen === "indicators") return <AdvIndicators {...props} />;
  if (props.screen === "rules") return <AdvRules {...props} />;
  if (props.screen === "warning") return <AdvWarning {...props} />;
  if (props.screen === "createSP") return <CreateSP {...props} />;
  if (props.screen === "createSD") return <CreateSD {...props} />;
  if (props.screen === "createSB") return <CreateSB {...props} />;
  return props.screen === "operation" ? <OperationLog {...props} /> : <AdvManager {...props} />;
}

function AdvManager({ screen, permissions }) {
  // 广告活动 reads the same lists through its own screen's calls.
  const base = screen === "campaign" ? `${ADV}/sp/campaigns` : `${ADV}/sp`;
  const [groups, setGroups] = useState([]);
  // The level shown and the campaign and ad group it is under (names for the trail).
  const [at, setAt] = useState({ level: "campaign" });
  // The profiles (a store's marketplaces) of every store with advertising, for the 站点 filter.
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
  const filters = { level: at.level, portfolioId: at.portfolioId || "", campaignId: at.campaignId || "", adGroupId: at.adGroupId || "" };
  // Changing needs the screen's button permission; product ads are not changed here.
  const editPermission = screen === "campaign" ? "amz:adv:campaign:edit" : "amz:adv:manager:edit";
  const amount = AMOUNTS[at.level];
  const [form, setForm] = useState(null); // the rows a budget or bid change is for, and what reloads after
  const [answer, setAnswer] = useState(null); // the last change's answer, shown row by row
  const [adding, setAdding] = useState(null); // the search terms being added as negatives or keywords
  const [excluding, setExcluding] = useState(null); // the ad group negative product targets are added to
  // 搜索词 checked become negative keywords or keywords (a product target's ASIN search too: Amazon takes its text).
  const termBulk = [
    { label: "添加为否定关键词", permission: editPermission, run: (rows, done) => setAdding({ as: "negative", rows, done }) },
    { label: "添加为关键词", permission: editPermission, run: (rows, done) => setAdding({ as: "keyword", rows, done }) },
  ];
  const send = async (rows, change) => {
    const { data } = await api(`${base}/change`, { method: "POST", body: { level: at.level, ids: rows.map((r) => r.id), ...change } });
    return data;
  };
  const changeState = async (rows, { action, label, danger }, done) => {
    const what = rows.length === 1 ? `“${rows[0].name}”` : `选中的 ${rows.length} 个${LEVELS[at.level]}`;
    if (!(await ask({ title: `确定${label}${what}吗？`, message: "修改直接提交亚马逊，结果记入操作记录。", action: label, danger }))) return;
    try {
      setAnswer({ ...(await send(rows, { action })), done });
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const editable = Boolean(amount);
  // SD and SB campaigns are changed in Amazon's console: these changes go through Sponsored Products' calls.
  const sp = (r) => !r.adType || r.adType === "SP";
  const bulk = editable
    ? [
        ...STATES.map((s) => ({ label: s.label, permission: editPermission, danger: s.danger, when: (r) => sp(r) && r.state !== s.state, run: (rows, done) => changeState(rows, s, done) })),
        { label: amount.label, permission: editPermission, when: (r) => sp(r) && r.state !== "ARCHIVED", run: (rows, done) => setForm({ rows, done }) },
      ]
    : [];
  const actions = editable
    ? [
        ...STATES.slice(0, 2).map((s) => ({ label: s.label, permission: editPermission, when: (r) => sp(r) && r.state !== s.state && r.state !== "ARCHIVED", run: (row, done) => changeState([row], s, done) })),
        { label: amount.label, permission: editPermission, when: (r) => sp(r) && r.state !== "ARCHIVED", run: (row, done) => setForm({ rows: [row], done }) },
        ...(at.level === "adgroup" ? [{ label: "添加否定商品投放", permission: editPermission, when: (r) => r.state !== "ARCHIVED", run: (row, done) => setExcluding({ row, done }) }] : []),
      ]
    : [];
  const open = (row) => {
    if (at.level === "portfolio") setAt({ level: "campaign", portfolioId: row.amazonId, portfolioName: row.name });
    else if (at.level === "campaign") setAt({ ...at, level: "adgroup", campaignId: row.amazonId, campaignName: row.name, adType: row.adType });
    else if (at.level === "adgroup") setAt({ ...at, level: at.adType === "SB" ? "brandad" : "productad", adGroupId: row.amazonId, adGroupName: row.name });
  };
  return (
    <section aria-label="广告管理">
      <form id="adv-manager-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
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
        <select name="state" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="ENABLED">启用</option>
          <option value="PAUSED">暂停</option>
          <option value="ARCHIVED">归档</option>
        </select>
        {/* The ad product narrows the campaigns; the levels below a campaign follow the campaign chosen. */}
        <select name="adType" aria-label="广告类型" className={input} defaultValue="">
          <option value="">全部广告类型</option>
          <option value="SP">商品推广（SP）</option>
          <option value="SD">展示型推广（SD）</option>
          <option value="SB">品牌推广（SB）</option>
        </select>
        <input name="startDate" type="date" aria-label="开始日期" className={input} defaultValue={daysAgo(29)} />
        <span>至</span>
        <input name="endDate" type="date" aria-label="结束日期" className={input} defaultValue={daysAgo(0)} />
        <input name="search" type="search" aria-label="名称或SKU" placeholder="名称 / SKU" className={`w-40 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
        {/* New campaigns are created in their own tabs, with the same permission as changing. */}
        {can(permissions, editPermission) && (
          <span className="ml-auto flex flex-wrap gap-2">
            {CREATE.map(([title, path]) => (
              <button key={path} type="button" className={button} onClick={() => openTab(title, path)}>
                {title}
              </button>
            ))}
          </span>
        )}
      </form>
      <nav aria-label="层级" className="mb-2 flex flex-wrap items-center gap-1 text-sm">
        <button type="button" className={link} onClick={() => setAt({ level: "portfolio" })}>
          广告组合
        </button>
        <span>|</span>
        <button type="button" className={link} onClick={() => setAt({ level: "campaign" })}>
          全部广告活动
        </button>
        {at.portfolioId && (
          <>
            <span>/</span>
            <button type="button" className={link} onClick={() => setAt({ level: "campaign", portfolioId: at.portfolioId, portfolioName: at.portfolioName })}>
              {at.portfolioName}
            </button>
          </>
        )}
        {at.campaignId && (
          <>
            <span>/</span>
            <button type="button" className={link} onClick={() => setAt({ ...at, level: "adgroup", adGroupId: undefined, adGroupName: undefined })}>
              {at.campaignName}
            </button>
          </>
        )}
        {at.adGroupId && (
          <>
            <span>/</span>
            <span>{at.adGroupName}</span>
            <span className="ml-2" role="group" aria-label="广告组下">
              {UNDER_GROUP[at.adType === "SB" ? "SB" : "other"].map((l) => (
                <button
                  key={l}
                  type="button"
                  aria-pressed={at.level === l}
                  className={`ml-1 rounded px-2 py-0.5 ${at.level === l ? "bg-sky-700 text-white" : "border border-slate-300 dark:border-slate-600"}`}
                  onClick={() => setAt({ ...at, level: l })}
                >
                  {LEVELS[l]}
                </button>
              ))}
            </span>
          </>
        )}
        <span>|</span>
        {/* 搜索词 of everything in the trail: all, a campaign's, or an ad group's. */}
        <button type="button" aria-pressed={at.level === "searchterm"} className={link} onClick={() => setAt({ ...at, level: "searchterm" })}>
          搜索词
        </button>
        <span className="ml-2 text-slate-500 dark:text-slate-400">当前：{LEVELS[at.level]}</span>
      </nav>
      {at.level === "searchterm" ? (
        <DataTable
          key="searchterm"
          queryname="advSearchTermList"
          source={`${base}/searchterms/page`}
          exportUrl={`${base}/searchterms/export`}
          filterForm="adv-manager-filter"
          filters={{ campaignId: at.campaignId || "", adGroupId: at.adGroupId || "" }}
          permissions={permissions}
          bulk={termBulk}
          noun="搜索词"
          rowName={(row) => row.searchTerm}
          empty="所选日期内没有带点击的搜索词：请确认已在数据同步中同步“广告报表”，或放宽日期和筛选条件。"
        />
      ) : (
        <DataTable
          queryname="advManagerList"
          source={`${base}/page`}
          exportUrl={`${base}/export`}
          filterForm="adv-manager-filter"
          filters={filters}
          permissions={permissions}
          bulk={bulk}
          actions={actions}
          noun={LEVELS[at.level]}
          rowName={(row) => row.name}
          empty="暂无广告数据：请先在店铺管理中授权广告，并在数据同步中同步“广告活动”和“广告报表”。"
          renders={{
            name: (row) =>
              at.level === "portfolio" || at.level === "campaign" || at.level === "adgroup" ? (
                <button type="button" className={link} onClick={() => open(row)} aria-label={`查看 ${row.name}`}>
                  {row.name}
                </button>
              ) : (
                row.name
              ),
          }}
        />
      )}
      {form && (
        <FormDialog
          title={`${amount.label}（${form.rows.length === 1 ? form.rows[0].name : `${form.rows.length} 个${LEVELS[at.level]}`}）`}
          fields={AMOUNT_FIELDS}
          submitLabel="提交亚马逊"
          onSubmit={async (values) => {
            const data = await send(form.rows, { action: amount.action, ...values });
            setAnswer({ ...data, done: form.done });
          }}
          onClose={() => setForm(null)}
        />
      )}
      {excluding && (
        <FormDialog
          title={`添加否定商品投放（${excluding.row.name}）`}
          fields={NEGATIVE_FIELDS}
          submitLabel="提交亚马逊"
          onSubmit={async (values) => {
            const targets = String(values.values || "")
              .split(/[\s,，]+/)
              .filter(Boolean)
              .map((value) => ({ type: values.type, value }));
            const { data } = await api(`${base}/negativetargets/add`, { method: "POST", body: { adGroupId: excluding.row.id, targets } });
            setAnswer({ ...data, done: excluding.done });
          }}
          onClose={() => setExcluding(null)}
        />
      )}
      {adding && (
        <SearchTermAdd
          as={adding.as}
          rows={adding.rows}
          base={base}
          onAnswer={(data) => setAnswer({ ...data, done: adding.done })}
          onClose={() => setAdding(null)}
        />
      )}
      {answer && (
        <ChangeResults
          answer={answer}
          onClose={() => {
            answer.done();
            setAnswer(null);
          }}
        />
      )}
    </section>
  );
}

mount("advertising", Advertising);
