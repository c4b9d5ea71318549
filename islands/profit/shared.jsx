// What the profit screens share: the API prefix, the looks of fields, and the store and marketplace filters.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

export const AMZ = "/amazon/api/v1";
const ERP = "/erp/api/v1";
export const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// StoreFilterSelects are the store group and marketplace filters, of the groups the user may see.
export function StoreFilterSelects() {
  const [groups, setGroups] = useState([]);
  const [markets, setMarkets] = useState([]);
  useEffect(() => {
    Promise.all([api(`${AMZ}/amzauthority/storeGroups`), api(`${ERP}/listing/marketplaces`)])
      .then(([g, m]) => {
        setGroups(g.data || []);
        setMarkets(m.data || []);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);
  return (
    <>
      <select name="groupId" aria-label="店铺" className={input} defaultValue="">
        <option value="">全部店铺</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <select name="marketplaceId" aria-label="站点" className={input} defaultValue="">
        <option value="">全部站点</option>
        {markets.map((m) => (
          <option key={m.id} value={m.id}>
            {`${m.name}（${m.country}）`}
          </option>
        ))}
      </select>
    </>
  );
}
