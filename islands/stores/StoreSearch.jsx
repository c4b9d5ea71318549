// The search by store name above 店铺管理's and 速卖通店铺授权's lists: 查询 (or Enter) sets the list's name filter.
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

export default function StoreSearch({ label, onSearch }) {
  const search = (e) => {
    e.preventDefault();
    const name = new FormData(e.currentTarget).get("name").trim();
    onSearch(name ? { name } : {});
  };
  return (
    <form role="search" aria-label={label} className="mb-3 flex flex-wrap items-center gap-2" onSubmit={search}>
      <input name="name" aria-label="店铺名称" placeholder="店铺名称" className={input} />
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700">
        查询
      </button>
    </form>
  );
}
