// The brand and logo of 创建SB广告, chosen from what Amazon has for the chosen 站点 (sb/brands: the Brand
// Registry's brands, the Creative Assets library's logos) rather than copied out of the advertising console. While
// Amazon is read, or when it has none or cannot be read, the id is typed as before, the hint saying why.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ADV, box, Field } from "./CreateParts.jsx";

// useSBChoices reads the profile's brands and logos when the store group and 站点 are chosen.
export function useSBChoices(groupId, profileId, enabled) {
  const [state, setState] = useState({ loading: false, error: "", brands: [], logos: [] });
  useEffect(() => {
    if (!groupId || !profileId || !enabled) {
      setState({ loading: false, error: "", brands: [], logos: [] });
      return;
    }
    let live = true;
    setState({ loading: true, error: "", brands: [], logos: [] });
    api(`${ADV}/sb/brands`, { method: "POST", body: { groupId, profileId } })
      .then(({ data }) => live && setState({ loading: false, error: "", brands: data.brands, logos: data.logos }))
      .catch((err) => live && setState({ loading: false, error: err.message, brands: [], logos: [] }));
    return () => {
      live = false;
    };
  }, [groupId, profileId, enabled]);
  return state;
}

// ChoiceField is a select of Amazon's choices when there are some, else the text box with the reason.
function ChoiceField({ label, hint, choices, state, empty, value, onPick, onType, maxLength }) {
  if (choices.length > 0)
    return (
      <Field label={label} hint={hint}>
        {(id) => (
          <select id={id} className={box} value={value} onChange={(e) => onPick(e.target.value)}>
            <option value="">请选择</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  const why = state.loading ? "正在读取亚马逊的记录…" : state.error ? `读取失败（${state.error}），可手动输入` : empty;
  return (
    <Field label={label} hint={why || hint}>
      {(id) => <input id={id} className={box} value={value} onChange={(e) => onType(e.target.value)} maxLength={maxLength} aria-busy={state.loading} />}
    </Field>
  );
}

// BrandField is 品牌实体ID; picking a brand also fills 品牌名称 while it is empty or still the last brand's name.
export function BrandField({ v, setV, choices }) {
  const brands = choices.brands.map((b) => ({ value: b.entityId, label: `${b.name}（${b.entityId}）`, name: b.name }));
  useEffect(() => {
    if (brands.length === 1 && !v.brandEntityId) pick(brands[0].value);
  }, [choices.brands]);
  function pick(entityId) {
    setV((x) => {
      const was = brands.find((b) => b.value === x.brandEntityId);
      const now = brands.find((b) => b.value === entityId);
      const keepName = x.brandName && (!was || x.brandName !== was.name.slice(0, 30));
      return { ...x, brandEntityId: entityId, brandName: keepName || !now ? x.brandName : now.name.slice(0, 30) };
    });
  }
  return (
    <ChoiceField
      label="品牌实体ID"
      hint="该站点在亚马逊品牌注册的品牌"
      choices={brands}
      state={choices}
      empty={choices.profileChosen ? "该站点在亚马逊没有已注册的品牌：请先完成品牌注册，或手动输入（如 ENTITY2XXXXXXXX）" : "品牌注册后在亚马逊广告后台“品牌”中可见，如 ENTITY2XXXXXXXX"}
      value={v.brandEntityId}
      onPick={pick}
      onType={(text) => setV((x) => ({ ...x, brandEntityId: text }))}
      maxLength={100}
    />
  );
}

// LogoField is 品牌Logo素材ID, from the logos of the library.
export function LogoField({ v, setV, choices }) {
  const logos = choices.logos.map((l) => ({ value: l.assetId, label: l.name || l.assetId }));
  return (
    <ChoiceField
      label="品牌Logo素材ID"
      hint="亚马逊素材库中的Logo"
      choices={logos}
      state={choices}
      empty={choices.profileChosen ? "素材库中没有Logo：请先在亚马逊广告后台上传，或手动输入素材ID" : "素材库中的ID，以 amzn1.assetlibrary.asset1. 开头"}
      value={v.logoAssetId}
      onPick={(id) => setV((x) => ({ ...x, logoAssetId: id }))}
      onType={(text) => setV((x) => ({ ...x, logoAssetId: text }))}
    />
  );
}
