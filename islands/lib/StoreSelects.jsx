// The store group and marketplace filters of the screens on Amazon data (订单, 利润; 数据同步 takes the groups): the
// store groups the user may see, loaded once, and the marketplaces the screen offers.
import { useEffect, useState } from "react";
import { api } from "./api.js";
import { toast } from "./toast.js";

const field = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// useStoreGroups loads the store groups the user may see.
export function useStoreGroups() {
  const [groups, setGroups] = useState([]);
  useEffect(() => {
    api("/amazon/api/v1/amzauthority/storeGroups")
      .then(({ data }) => setGroups(data || []))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return groups;
}

// StoreSelects are the 店铺 and 站点 selects (groupId, marketplaceId); marketplaces are [id, label] pairs.
export function StoreSelects({ marketplaces }) {
  const groups = useStoreGroups();
  return (
    <>
      <select name="groupId" aria-label="店铺" className={field} defaultValue="">
        <option value="">全部店铺</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <select name="marketplaceId" aria-label="站点" className={field} defaultValue="">
        <option value="">全部站点</option>
        {marketplaces.map(([id, label]) => (
          <option key={id} value={id}>
            {label}
          </option>
        ))}
      </select>
    </>
  );
}

// usePlaces loads the store groups and marketplaces of the screens on the listings' places (FBA stock, fees,
// settlements): what /erp/api/v1/listing/groups and /listing/marketplaces give the user.
export function usePlaces() {
  const [places, setPlaces] = useState({ groups: [], markets: [] });
  useEffect(() => {
    Promise.all([api("/erp/api/v1/listing/groups"), api("/erp/api/v1/listing/marketplaces")])
      .then(([g, m]) => setPlaces({ groups: g.data || [], markets: m.data || [] }))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return places;
}

// PlaceSelects are the 店铺 and 站点 selects (groupId, marketplaceId) over usePlaces.
export function PlaceSelects() {
  return <PlaceOptions {...usePlaces()} />;
}

// PlaceOptions are PlaceSelects over places loaded already (a screen of several lists loads them once).
export function PlaceOptions({ groups, markets }) {
  return (
    <>
      <select name="groupId" aria-label="店铺" className={field} defaultValue="">
        <option value="">全部店铺</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <select name="marketplaceId" aria-label="站点" className={field} defaultValue="">
        <option value="">全部站点</option>
        {markets.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </>
  );
}
