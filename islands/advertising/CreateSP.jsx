// 创建SP广告: a Sponsored Products campaign created at Amazon with its ad group: the store and 站点, name, automatic
// or manual targeting, dates, daily budget, bidding strategy and placement adjustments, the SKUs advertised, and
// for a manual campaign keywords (each line under every match type checked) and product targets (ASINs), with
// negative keywords for either. The server checks every field before Amazon is called; Amazon's answer comes back
// row by row (ChangeResults), and what it created is in 广告管理 at once.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ADV, box, CreateAnswer, CreateFooter, Field, fieldset, lines, MATCHES, PlaceFields, today, useCreate, usePlace } from "./CreateParts.jsx";

const STRATEGIES = [
  ["LEGACY_FOR_SALES", "动态竞价-提高和降低"],
  ["AUTO_FOR_SALES", "动态竞价-仅降低"],
  ["MANUAL", "固定竞价"],
];

export default function CreateSP({ permissions }) {
  const [v, setV] = useState({
    groupId: "",
    profileId: "",
    name: "",
    portfolioId: "",
    targetingType: "MANUAL",
    startDate: today(),
    endDate: "",
    budget: "",
    biddingStrategy: "LEGACY_FOR_SALES",
    placementTop: "",
    placementProductPage: "",
    placementRestOfSearch: "",
    adGroupName: "广告组 1",
    defaultBid: "",
    skus: "",
    keywords: "",
    keywordBid: "",
    targets: "",
    targetBid: "",
    negatives: "",
    negativeMatch: "NEGATIVE_EXACT",
    negativeASINs: "",
    negativeBrands: "",
  });
  const [matches, setMatches] = useState(["EXACT"]);
  const state = useCreate("sp/create");
  const { setError } = state;
  const set = (name) => (e) => setV({ ...v, [name]: e.target.value });
  const place = usePlace(v, setV);
  // The 站点's portfolios (synced), to put the campaign in one.
  const [portfolios, setPortfolios] = useState([]);
  useEffect(() => {
    setPortfolios([]);
    if (!v.profileId) return;
    api(`${ADV}/sp/page`, { method: "POST", body: { level: "portfolio", profileId: v.profileId, currentpage: 1, pagesize: 100 } })
      .then((r) => setPortfolios((r.data.records || []).filter((x) => x.state !== "ARCHIVED")))
      .catch((e) => setError(e.message));
  }, [v.profileId]);
  const manual = v.targetingType === "MANUAL";
  const submit = async (e) => {
    e.preventDefault();
    setError("");
    const body = {
      groupId: v.groupId,
      profileId: v.profileId,
      name: v.name,
      portfolioId: v.portfolioId,
      targetingType: v.targetingType,
      startDate: v.startDate,
      endDate: v.endDate,
      budget: v.budget,
      biddingStrategy: v.biddingStrategy,
      placementTop: v.placementTop,
      placementProductPage: v.placementProductPage,
      placementRestOfSearch: v.placementRestOfSearch,
      adGroupName: v.adGroupName,
      defaultBid: v.defaultBid,
      skus: lines(v.skus),
      keywords: manual ? lines(v.keywords).flatMap((text) => matches.map((matchType) => ({ text, matchType, bid: v.keywordBid }))) : [],
      targets: manual ? lines(v.targets).map((asin) => ({ asin, bid: v.targetBid })) : [],
      negativeKeywords: lines(v.negatives).map((text) => ({ text, matchType: v.negativeMatch })),
      negativeTargets: [
        ...lines(v.negativeASINs).map((value) => ({ type: "ASIN_SAME_AS", value })),
        ...lines(v.negativeBrands).map((value) => ({ type: "ASIN_BRAND_SAME_AS", value })),
      ],
    };
    if (manual && lines(v.keywords).length > 0 && matches.length === 0) {
      setError("请至少勾选一种关键词匹配方式");
      return;
    }
    await state.send(body);
  };
  return (
    <>
      <form aria-label="创建SP广告" onSubmit={submit} className="max-w-5xl text-sm" noValidate>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">广告活动</legend>
          <div className="flex flex-wrap gap-4">
            <PlaceFields v={v} setV={setV} place={place} reset={{ portfolioId: "" }} />
            <Field label="广告活动名称" hint="同一站点内不能重名，最多128个字符">
              {(id) => <input id={id} className={box} value={v.name} onChange={set("name")} maxLength={128} />}
            </Field>
            <Field label="广告组合" hint="可不加入">
              {(id) => (
                <select id={id} className={box} value={v.portfolioId} onChange={set("portfolioId")}>
                  <option value="">不加入广告组合</option>
                  {portfolios.map((p) => (
                    <option key={p.amazonId} value={p.amazonId}>
                      {p.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <div role="radiogroup" aria-label="投放方式" className="min-w-48 flex-1">
              <span className="text-sm font-medium">投放方式</span>
              <div className="mt-1 flex gap-4">
                {[
                  ["AUTO", "自动投放"],
                  ["MANUAL", "手动投放"],
                ].map(([value, label]) => (
                  <label key={value} className="flex items-center gap-1">
                    <input type="radio" name="targetingType" value={value} checked={v.targetingType === value} onChange={set("targetingType")} />
                    {label}
                  </label>
                ))}
              </div>
            </div>
            <Field label="开始日期">{(id) => <input id={id} type="date" className={box} value={v.startDate} onChange={set("startDate")} />}</Field>
            <Field label="结束日期" hint="不填则一直投放">
              {(id) => <input id={id} type="date" className={box} value={v.endDate} onChange={set("endDate")} />}
            </Field>
            <Field label="每日预算" hint="不低于1（日元不低于100）">
              {(id) => <input id={id} inputMode="decimal" className={box} value={v.budget} onChange={set("budget")} placeholder="如 20" />}
            </Field>
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <Field label="竞价策略">
              {(id) => (
                <select id={id} className={box} value={v.biddingStrategy} onChange={set("biddingStrategy")}>
                  {STRATEGIES.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="搜索结果顶部（首页）提高 %" hint="0-900，不填为0">
              {(id) => <input id={id} inputMode="numeric" className={box} value={v.placementTop} onChange={set("placementTop")} />}
            </Field>
            <Field label="商品页面提高 %">{(id) => <input id={id} inputMode="numeric" className={box} value={v.placementProductPage} onChange={set("placementProductPage")} />}</Field>
            <Field label="搜索结果其余位置提高 %">
              {(id) => <input id={id} inputMode="numeric" className={box} value={v.placementRestOfSearch} onChange={set("placementRestOfSearch")} />}
            </Field>
          </div>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">广告组和推广的商品</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="广告组名称">{(id) => <input id={id} className={box} value={v.adGroupName} onChange={set("adGroupName")} maxLength={255} />}</Field>
            <Field label="默认竞价" hint="0.02-1000（日元2-100000），不能高于每日预算">
              {(id) => <input id={id} inputMode="decimal" className={box} value={v.defaultBid} onChange={set("defaultBid")} placeholder="如 0.75" />}
            </Field>
            <Field label="推广的SKU" hint="每行一个，须为该站点在售的SKU">
              {(id) => <textarea id={id} rows={3} className={box} value={v.skus} onChange={set("skus")} />}
            </Field>
          </div>
        </fieldset>
        {manual && (
          <fieldset className={fieldset}>
            <legend className="px-1 font-semibold">手动投放：关键词和商品投放（至少一项）</legend>
            <div className="flex flex-wrap gap-4">
              <Field label="关键词" hint="每行一个，1-80个字符，最多10个词">
                {(id) => <textarea id={id} rows={4} className={box} value={v.keywords} onChange={set("keywords")} />}
              </Field>
              <div className="min-w-48 flex-1">
                <div role="group" aria-label="关键词匹配方式">
                  <span className="text-sm font-medium">匹配方式</span>
                  <div className="mt-1 flex gap-4">
                    {MATCHES.map(([value, label]) => (
                      <label key={value} className="flex items-center gap-1">
                        <input
                          type="checkbox"
                          checked={matches.includes(value)}
                          onChange={(e) => setMatches(e.target.checked ? [...matches, value] : matches.filter((m) => m !== value))}
                        />
                        {label}
                      </label>
                    ))}
                  </div>
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">每个关键词按勾选的每种匹配方式各建一个</p>
                </div>
                <Field label="关键词竞价" hint="不填则用默认竞价">
                  {(id) => <input id={id} inputMode="decimal" className={box} value={v.keywordBid} onChange={set("keywordBid")} />}
                </Field>
              </div>
              <Field label="商品投放ASIN" hint="每行一个，10位，如 B0XXXXXXXX">
                {(id) => <textarea id={id} rows={4} className={box} value={v.targets} onChange={set("targets")} />}
              </Field>
              <Field label="商品投放竞价" hint="不填则用默认竞价">
                {(id) => <input id={id} inputMode="decimal" className={box} value={v.targetBid} onChange={set("targetBid")} />}
              </Field>
            </div>
          </fieldset>
        )}
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">否定关键词（可选）</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="否定关键词" hint="每行一个">
              {(id) => <textarea id={id} rows={3} className={box} value={v.negatives} onChange={set("negatives")} />}
            </Field>
            <Field label="否定匹配方式">
              {(id) => (
                <select id={id} className={box} value={v.negativeMatch} onChange={set("negativeMatch")}>
                  <option value="NEGATIVE_EXACT">否定精准</option>
                  <option value="NEGATIVE_PHRASE">否定词组</option>
                </select>
              )}
            </Field>
          </div>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">否定商品投放（可选）</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="否定ASIN" hint="每行一个，广告不展示在这些商品的页面上">
              {(id) => <textarea id={id} rows={3} className={box} value={v.negativeASINs} onChange={set("negativeASINs")} />}
            </Field>
            <Field label="否定品牌" hint="每行一个品牌编号">
              {(id) => <textarea id={id} rows={3} className={box} value={v.negativeBrands} onChange={set("negativeBrands")} />}
            </Field>
          </div>
        </fieldset>
        <CreateFooter state={state} permissions={permissions} />
      </form>
      <CreateAnswer state={state} />
    </>
  );
}
