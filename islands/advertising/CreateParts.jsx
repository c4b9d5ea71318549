// What 创建SP广告, 创建SD广告 and 创建SB广告 share: the labelled field, the 店铺 and 站点 a campaign is created in,
// and the footer that sends the form to its call and shows Amazon's answer row by row (ChangeResults), with a way
// to 广告管理 once the campaign exists.
import { useEffect, useId, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";
import ChangeResults from "./ChangeResults.jsx";
import { useAdPlaces } from "./AdPlaces.jsx";

export const ADV = "/amazonadv/api/v1";
export const box = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
export const fieldset = "mb-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700";
const button = "rounded-md bg-sky-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const EDIT = "amz:adv:manager:edit";
export const MATCHES = [
  ["EXACT", "精准"],
  ["PHRASE", "词组"],
  ["BROAD", "广泛"],
];

// lines are a textarea's non-blank lines, trimmed.
export const lines = (text) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
export const today = () => new Date().toISOString().slice(0, 10);

export function Field({ label, hint, children }) {
  const id = useId();
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
      {hint && <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </div>
  );
}

// usePlace keeps the chosen store group and profile in the form's values (groupId, profileId), choosing for the
// user when there is only one; it answers the stores, the chosen store's profiles and the chosen profile.
export function usePlace(v, setV) {
  const { groups, profiles } = useAdPlaces();
  const mine = profiles.filter((p) => p.groupid === v.groupId);
  useEffect(() => {
    if (!v.groupId && groups.length === 1) setV((x) => ({ ...x, groupId: groups[0].id }));
  }, [groups]);
  useEffect(() => {
    if (mine.length === 1 && v.profileId !== mine[0].id) setV((x) => ({ ...x, profileId: mine[0].id }));
  }, [v.groupId, profiles]);
  return { groups, mine, profile: mine.find((p) => p.id === v.profileId) };
}

// PlaceFields are the 店铺 and 站点 selects; reset are the values a change of either clears.
export function PlaceFields({ v, setV, place, reset = {} }) {
  return (
    <>
      <Field label="店铺">
        {(id) => (
          <select id={id} className={box} value={v.groupId} onChange={(e) => setV({ ...v, ...reset, groupId: e.target.value, profileId: "" })}>
            <option value="">请选择</option>
            {place.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="站点" hint={place.profile ? `金额为 ${place.profile.currencyCode}，日期按 ${place.profile.timezone}` : "店铺已授权广告的站点"}>
        {(id) => (
          <select id={id} className={box} value={v.profileId} onChange={(e) => setV({ ...v, ...reset, profileId: e.target.value })}>
            <option value="">请选择</option>
            {place.mine.map((p) => (
              <option key={p.id} value={p.id}>
                {p.marketname || p.countryCode}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

// useCreate sends a form's body to its call; the error shown above the button, and Amazon's answer.
export function useCreate(path) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState(null);
  const [showing, setShowing] = useState(false);
  const send = async (body) => {
    setError("");
    setBusy(true);
    try {
      const { data } = await api(`${ADV}/${path}`, { method: "POST", body });
      setAnswer(data);
      setShowing(true);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, answer, showing, setShowing, send };
}

// CreateFooter is the form's end: its error, the submit button (广告管理's 修改广告 permission) and the way to
// 广告管理 once the campaign exists.
export function CreateFooter({ state, permissions }) {
  const canEdit = can(permissions, EDIT);
  const created = state.answer && state.answer.rows.length > 0 && state.answer.rows[0].ok;
  return (
    <>
      {state.error && (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
          {state.error}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" className={button} disabled={state.busy || !canEdit}>
          {state.busy ? "正在提交亚马逊…" : "创建广告活动"}
        </button>
        {!canEdit && <span className="text-slate-500">需要广告管理的“修改广告”权限</span>}
        {created && (
          <button type="button" className="text-sky-700 underline dark:text-sky-300" onClick={() => openTab("广告管理", "/amazon/adv/manager")}>
            在广告管理中查看
          </button>
        )}
      </div>
    </>
  );
}

// CreateAnswer is Amazon's answer, row by row, after the form.
export function CreateAnswer({ state }) {
  return state.showing && <ChangeResults answer={state.answer} onClose={() => state.setShowing(false)} />;
}
