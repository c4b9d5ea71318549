// The platform picker: a button opening the 平台选择 drawer (loaded on first use). built lists the tab addresses
// that have their screen, so the drawer can mark the platforms whose authorization is still 建设中.
import { lazy, Suspense, useState } from "react";

const PlatformDrawer = lazy(() => import("./PlatformDrawer.jsx"));

export default function Platform({ built = [] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="flex items-center gap-1.5 whitespace-nowrap rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-700" onClick={() => setOpen(true)}>
        <svg className="h-4 w-4" aria-hidden="true">
          <use href="#i-platform" />
        </svg>
        平台选择
      </button>
      <Suspense fallback={null}>{open && <PlatformDrawer built={built} onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
