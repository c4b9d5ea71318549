// The store and 站点 filters of the advertising screens: the store groups with advertising and each one's
// profiles (a store's 站点 at Amazon Ads), loaded once.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

const ADV = "/amazonadv/api/v1";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// useAdPlaces loads the store groups and their profiles ({id, groupName, marketname, countryCode}).
export function useAdPlaces() {
  const [places, setPlaces] = useState({ groups: [], profiles: [] });
  useEffect(() => {
    api(`${ADV}/advManager/getGroup`)
      .then(async (r) => {
        const groups = r.data || [];
        const each = await Promise.all(groups.map((g) => api(`${ADV}/advert/loadProfile`, { query: { groupid: g.id } }).then((p) => (p.data || []).map((x) => ({ ...x, groupName: g.name })))));
        setPlaces({ groups, profiles: each.flat() });
      })
      .catch((e) => toast(e.message, "error"));
  }, []);
  return places;
}

// AdPlaceSelects are the 店铺 (groupId) and 站点 (profileId) selects; onChange tells of either's change.
export function AdPlaceSelects({ onChange }) {
  const { groups, profiles } = useAdPlaces();
  return (
    <>
      <select name="groupId" aria-label="店铺" className={input} defaultValue="" onChange={onChange}>
        <option value="">全部店铺</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <select name="profileId" aria-label="站点" className={input} defaultValue="" onChange={onChange}>
        <option value="">全部站点</option>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.groupName} · {p.marketname || p.countryCode}
          </option>
        ))}
      </select>
    </>
  );
}
