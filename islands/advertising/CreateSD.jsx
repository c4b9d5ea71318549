// 创建SD广告: a Sponsored Display campaign created at Amazon with its ad group: the store and 站点, name, tactic
// (contextual targeting by product ASINs, or audiences: shoppers who viewed the advertised products), dates,
// daily budget and cost type (CPC or vCPM), the ad group's default bid and the SKUs advertised. The server checks
// every field before Amazon is called; Amazon's answer comes back row by row, and what it created is in 广告管理.
import { useState } from "react";
import { box, CreateAnswer, CreateFooter, Field, fieldset, lines, PlaceFields, today, useCreate, usePlace } from "./CreateParts.jsx";

const TACTICS = [
  ["T00020", "内容相关投放", "在所选商品的详情页等位置展示"],
  ["T00030", "受众投放", "向浏览过推广商品的买家再营销"],
];
const LOOKBACKS = ["7", "14", "30", "60", "90"];

export default function CreateSD({ permissions }) {
  const [v, setV] = useState({
    groupId: "",
    profileId: "",
    name: "",
    tactic: "T00020",
    startDate: today(),
    endDate: "",
    budget: "",
    costType: "cpc",
    adGroupName: "广告组 1",
    defaultBid: "",
    skus: "",
    targets: "",
    targetBid: "",
    lookback: "30",
  });
  const state = useCreate("sd/create");
  const set = (name) => (e) => setV({ ...v, [name]: e.target.value });
  const place = usePlace(v, setV);
  const contextual = v.tactic === "T00020";
  const submit = (e) => {
    e.preventDefault();
    state.send({
      groupId: v.groupId,
      profileId: v.profileId,
      name: v.name,
      tactic: v.tactic,
      startDate: v.startDate,
      endDate: v.endDate,
      budget: v.budget,
      costType: v.costType,
      adGroupName: v.adGroupName,
      defaultBid: v.defaultBid,
      skus: lines(v.skus),
      targets: contextual ? lines(v.targets).map((asin) => ({ asin, bid: v.targetBid })) : [],
      lookback: contextual ? "" : v.lookback,
    });
  };
  const vcpm = v.costType === "vcpm";
  return (
    <>
      <form aria-label="创建SD广告" onSubmit={submit} className="max-w-5xl text-sm" noValidate>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">广告活动</legend>
          <div className="flex flex-wrap gap-4">
            <PlaceFields v={v} setV={setV} place={place} />
            <Field label="广告活动名称" hint="同一站点内不能重名，最多128个字符">
              {(id) => <input id={id} className={box} value={v.name} onChange={set("name")} maxLength={128} />}
            </Field>
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <div role="radiogroup" aria-label="投放策略" className="min-w-48 flex-1">
              <span className="text-sm font-medium">投放策略</span>
              <div className="mt-1 flex flex-wrap gap-x-4">
                {TACTICS.map(([value, label, hint]) => (
                  <label key={value} className="flex items-center gap-1" title={hint}>
                    <input type="radio" name="tactic" value={value} checked={v.tactic === value} onChange={set("tactic")} />
                    {label}
                  </label>
                ))}
              </div>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{TACTICS.find((t) => t[0] === v.tactic)[2]}</p>
            </div>
            <div role="radiogroup" aria-label="计费方式" className="min-w-48 flex-1">
              <span className="text-sm font-medium">计费方式</span>
              <div className="mt-1 flex gap-4">
                {[
                  ["cpc", "按点击（CPC）"],
                  ["vcpm", "按千次可见展示（vCPM）"],
                ].map(([value, label]) => (
                  <label key={value} className="flex items-center gap-1">
                    <input type="radio" name="costType" value={value} checked={v.costType === value} onChange={set("costType")} />
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
        </fieldset>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">广告组和推广的商品</legend>
          <div className="flex flex-wrap gap-4">
            <Field label="广告组名称">{(id) => <input id={id} className={box} value={v.adGroupName} onChange={set("adGroupName")} maxLength={255} />}</Field>
            <Field label="默认竞价" hint={vcpm ? "每千次可见展示，1-1000（日元100-100000）" : "0.02-1000（日元2-100000），不能高于每日预算"}>
              {(id) => <input id={id} inputMode="decimal" className={box} value={v.defaultBid} onChange={set("defaultBid")} placeholder={vcpm ? "如 5" : "如 0.75"} />}
            </Field>
            <Field label="推广的SKU" hint="每行一个，须为该站点在售的SKU">
              {(id) => <textarea id={id} rows={3} className={box} value={v.skus} onChange={set("skus")} />}
            </Field>
          </div>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className="px-1 font-semibold">{contextual ? "投放的商品（至少一个）" : "受众：浏览再营销"}</legend>
          <div className="flex flex-wrap gap-4">
            {contextual ? (
              <>
                <Field label="商品投放ASIN" hint="每行一个，10位，如 B0XXXXXXXX">
                  {(id) => <textarea id={id} rows={4} className={box} value={v.targets} onChange={set("targets")} />}
                </Field>
                <Field label="商品投放竞价" hint="不填则用默认竞价">
                  {(id) => <input id={id} inputMode="decimal" className={box} value={v.targetBid} onChange={set("targetBid")} />}
                </Field>
              </>
            ) : (
              <Field label="回溯期" hint="向这段时间内浏览过推广商品的买家展示，竞价为默认竞价">
                {(id) => (
                  <select id={id} className={box} value={v.lookback} onChange={set("lookback")}>
                    {LOOKBACKS.map((d) => (
                      <option key={d} value={d}>
                        {d}天
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          </div>
        </fieldset>
        <CreateFooter state={state} permissions={permissions} />
      </form>
      <CreateAnswer state={state} />
    </>
  );
}
