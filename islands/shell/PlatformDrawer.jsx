// 平台选择: the twelve marketplaces. Amazon and AliExpress (first and fourth) are active and lead to their store
// authorization; the others are greyed, tagged 暂未支持 (visibly, and as the tile's title) so that a seller knows
// why, and offer + 添加授权 on hover. An active platform whose authorization has no screen yet (not in built) still
// opens it, dimmed and tagged 建设中.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";

export const PLATFORMS = [
  { name: "Amazon", color: "bg-slate-900 text-amber-400", active: true, path: "/amazon/storeAuth", title: "店铺管理" },
  { name: "Shopee", color: "bg-orange-500 text-white" },
  { name: "Wish", color: "bg-sky-500 text-white" },
  { name: "AliExpress", color: "bg-red-600 text-white", active: true, path: "/aliexpress/storeAuth", title: "速卖通店铺授权" },
  { name: "eBay", color: "bg-white text-blue-600 ring-1 ring-slate-200" },
  { name: "Cdiscount", color: "bg-blue-800 text-white" },
  { name: "DHgate", color: "bg-orange-600 text-white" },
  { name: "Walmart", color: "bg-blue-600 text-yellow-300" },
  { name: "Kilimall", color: "bg-red-500 text-white" },
  { name: "Magento", color: "bg-orange-700 text-white" },
  { name: "WooCommerce", color: "bg-purple-700 text-white" },
  { name: "JD", color: "bg-red-700 text-white" },
];

export default function PlatformDrawer({ built, onClose }) {
  const go = (p) => {
    onClose();
    window.sellerhubShell?.open(p.title, `${p.path}?${new URLSearchParams({ title: p.title, path: p.path })}`);
  };
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 left-0 w-[420px] max-w-full overflow-y-auto bg-white p-5 shadow-xl dark:bg-slate-800">
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-base font-semibold">平台选择</DialogTitle>
          <button type="button" aria-label="关闭" className="text-xl leading-none text-slate-400 hover:text-slate-700" onClick={onClose}>
            ×
          </button>
        </div>
        <ul className="grid grid-cols-3 gap-3">
          {PLATFORMS.map((p) => (
            <li key={p.name}>
              {p.active ? (
                <button
                  type="button"
                  data-platform={p.name}
                  data-building={built.includes(p.path) ? undefined : ""}
                  title={built.includes(p.path) ? undefined : "建设中"}
                  className="relative flex h-20 w-full flex-col items-center justify-center gap-1 rounded-lg ring-1 ring-slate-200 hover:ring-sky-500 dark:ring-slate-600"
                  onClick={() => go(p)}
                >
                  <span className={`flex flex-col items-center gap-1 ${built.includes(p.path) ? "" : "opacity-50"}`}>
                    <Logo p={p} />
                    <span className="text-xs">{p.name}</span>
                  </span>
                  {!built.includes(p.path) && (
                    <span data-building-tag aria-hidden="true" className="absolute right-1 top-1 rounded bg-slate-100 px-1 text-[10px] leading-4 text-slate-500 dark:bg-slate-700 dark:text-slate-400">
                      建设中
                    </span>
                  )}
                </button>
              ) : (
                <div data-platform={p.name} aria-disabled="true" title="暂未支持" className="group relative flex h-20 flex-col items-center justify-center gap-1 rounded-lg ring-1 ring-slate-200 dark:ring-slate-600">
                  <span className="flex flex-col items-center gap-1 opacity-50">
                    <Logo p={p} />
                    <span className="text-xs">{p.name}</span>
                  </span>
                  <span data-unsupported-tag className="absolute right-1 top-1 rounded bg-slate-100 px-1 text-[10px] leading-4 text-slate-600 dark:bg-slate-700 dark:text-slate-300">
                    暂未支持
                  </span>
                  <span className="absolute inset-0 hidden items-center justify-center rounded-lg bg-white text-xs font-medium text-sky-700 group-hover:flex dark:bg-slate-800 dark:text-sky-300">+ 添加授权</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </DialogPanel>
    </Dialog>
  );
}

function Logo({ p }) {
  return (
    <span className={`flex h-9 w-9 items-center justify-center rounded-md text-sm font-black ${p.color}`} aria-hidden="true">
      {p.name.slice(0, 1)}
    </span>
  );
}
