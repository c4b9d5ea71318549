// 创建SB广告: a Sponsored Brands campaign created at Amazon: the store and 站点, name, dates, daily budget and the
// brand (chosen from the 站点's brands at Amazon), its ad group, a product collection ad (brand name, a logo of the
// library, a headline of at most 50 characters, the landing page's ASINs: the first three are shown in the ad) and
// its keywords (each line under every match type checked, one bid). The server checks every field before Amazon is
// called; Amazon's answer comes back row by row, and what it created is in 广告管理.
import { useState } from "react";
import { can } from "../lib/permissions.js";
import { box, CreateAnswer, CreateFooter, EDIT, Field, fieldset, lines, MATCHES, PlaceFields, today, useCreate, usePlace } from "./CreateParts.jsx";
import { BrandField, LogoField, useSBChoices } from "./SBChoices.jsx";

export default function CreateSB({ permissions }) {
  const [v, setV] = useState({
    groupId: "",
    profileId: "",
    name: "",
    startDate: today(),
    endDate: "",
    budget: "",
    brandEntityId: "",
    adGroupName: "广告组 1",
    brandName: "",
    logoAssetId: "",
    headline: "",
    asins: "",
    keywords: "",
    keywordBid: "",
  });
  const [matches, setMatches] = useState(["EXACT"]);
  const state = useCreate("sb/create");
  const set = (name) => (e) => setV({ ...v, [name]: e.target.value });
  const place = usePlace(v, setV);
  // Only a user who may create reads Amazon's brands; the others see the form as it is.
  const found = useSBChoices(v.groupId, v.profileId, can(permissions, EDIT));
  const choices = { ...found, profileChosen: Boolean(v.groupId && v.profileId) && !found.loading && !found.error };
  const headline = [...v.headline].length;
  const submit = (e) => {
    e.preventDefault();
    if (lines(v.keywords).length > 0 && matches.length === 0) {
      state.setError("请至少勾选一种关键词匹配方式");
      return;
    }
    state.send({
      groupId: v.groupId,
      profileId: v.profileId,
      name: v.name,
      startDate: v.startDate,
      endDate: v.endDate,
      budget: v.budget,
      brandEntityId: v.brandEntityId,
      adGroupName: v.adGroupName,
      brandName: v.brandName,
      logoAssetId: v.logoAssetId,
      headline: v.headline,
      asins: lines(v.asins),
      keywords: lines(v.keywords).flatMap((text) => matches.map((matchType) => ({ text, matchType, bid: v.keywordBid }))),
    });
  };
  return (
    <>
      <form aria-label="创建SB广告" onSubmit={submit} className="max-w-5xl text-sm" noValidate>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">广告活动</legend>
          <div className="flex flex-wrap gap-4">
            <PlaceFields v={v} setV={setV} place={place} reset={{ brandEntityId: "", logoAssetId: "" }} />
            <Field label="广告活动名称" hint="同一站点内不能重名，最多128个字符">
              {(id) => <input id={id} className={box} value={v.name} onChange={set("name")} maxLength={128} />}
            </Field>
            <BrandField v={v} setV={setV} choices={choices} />
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <Field label="开始日期">{(id) => <input id={id} type="date" className={box} value={v.startDate} onChange={set("startDate")} />}</Field>
            <Field label="结束日期" hint="不填则一直投放">
              {(id) => <input id={id} type="date" className={box} value={v.endDate} onChange={set("endDate")} />}
            </Field>
            <Field label="每日预算" hint="不低于1（日元不低于100）">
              {(id) => <input id={id} inputMode="decimal" className={box} value={v.budget} onChange={set("budget")} placeholder="如 20" />}
            </Field>
            <Field label="广告组名称">{(id) => <input id={id} className={box} value={v.adGroupName} onChange={set("adGroupName")} maxLength={255} />}</Field>
          </div>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">商品集广告</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="品牌名称" hint="广告中显示，最多30个字符">
              {(id) => <input id={id} className={box} value={v.brandName} onChange={set("brandName")} maxLength={30} />}
            </Field>
            <LogoField v={v} setV={setV} choices={choices} />
            <Field label="标题" hint={`${headline}/50 个字符`}>
              {(id) => <input id={id} className={box} value={v.headline} onChange={set("headline")} aria-invalid={headline > 50} />}
            </Field>
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <Field label="落地页商品ASIN" hint="每行一个，3-100个；前三个显示在广告中">
              {(id) => <textarea id={id} rows={4} className={box} value={v.asins} onChange={set("asins")} />}
            </Field>
          </div>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">关键词（至少一个）</legend>
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
              <Field label="关键词竞价" hint="0.10-49（日元10-7000），不能高于每日预算">
                {(id) => <input id={id} inputMode="decimal" className={box} value={v.keywordBid} onChange={set("keywordBid")} placeholder="如 1.00" />}
              </Field>
            </div>
          </div>
        </fieldset>
        <CreateFooter state={state} permissions={permissions} />
      </form>
      <CreateAnswer state={state} />
    </>
  );
}
