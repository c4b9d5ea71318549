// The table island as a person uses it, on 系统 > 基础设置 > 数据字典 signed in as the admin of the seeded demo
// company, whose dictionary 币种 has 11 items (USD ... PLN, 排序 1 to 11): sorting, page sizes, the pager and the
// 前往 jumper, 加载中... while a load is slow and 暂无数据！ for an empty dictionary; 列配置 (hide a column, reorder by
// keyboard, a named layout that survives a reload, back to 默认, delete, and "no column shown means all show");
// 保存 into 默认 without a name with the table following live, 另存为 asking for 版本名称; and 导出, whose .xlsx is
// read back here. A screenshot of the screen with 列配置 open goes to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { eventually, openFromRail, question, sayYes, shellReady, signInToShell, tabFrame, tableLoaded, waitForToast } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

const TAB = "数据字典";
const ITEMS_CALL = "/admin/api/v1/dict-items/page";
// The seeded currencies in their 排序 order: [字典项名称, 字典项值, 备注 (the symbol)].
const CURRENCIES = [
  ["美元", "USD", "$"], ["英镑", "GBP", "£"], ["欧元", "EUR", "€"], ["日元", "JPY", "¥"], ["人民币", "CNY", "¥"],
  ["加拿大元", "CAD", "C$"], ["印度卢比", "INR", "₹"], ["澳大利亚元", "AUD", "A$"], ["墨西哥比索", "MXN", "Mex$"],
  ["瑞典克朗", "SEK", "kr"], ["波兰兹罗提", "PLN", "zł"],
];
// The 字典项 table's default header: its columns (ID is offered but hidden) and the row actions.
const DEFAULT_HEADER = ["字典项名称", "字典项值", "字典编码", "排序", "状态", "备注", "创建时间", "操作"];

const same = (expected) => (v) => JSON.stringify(v) === JSON.stringify(expected);

const dictRegion = (frame) => frame.getByRole("region", { name: "字典", exact: true });
const itemRegion = (frame) => frame.getByRole("region", { name: "字典项", exact: true });
const pager = (region) => region.getByRole("navigation", { name: "分页" });

/** The header's column titles, without the sort marks. */
async function header(region) {
  return (await region.locator("thead th").allTextContents()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
}

/** The table's rows as cell texts, once it is not loading and has its columns. */
async function rows(region) {
  await tableLoaded(region);
  return region.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent.trim())));
}

/** The first column's texts (字典项名称 in the default layout). */
const names = async (region) => (await rows(region)).map((r) => r[0]);

/** What the pager shows: the total, the page buttons and the current page. */
async function pagerState(region) {
  const nav = pager(region);
  return {
    total: (await nav.locator("span", { hasText: /^共/ }).textContent()).trim(),
    pages: (await nav.locator("button:not([aria-label])").allTextContents()).map((t) => t.trim()),
    current: (await nav.locator('[aria-current="page"]').textContent()).trim(),
  };
}

before(() => getBrowser());
after(() => closeBrowser());

describe("表格: 数据字典的字典项", () => {
  let server;
  let page;
  let frame;
  const loads = []; // the query of every dict-items/page call the page makes, in order
  /** The last dict-items/page query, once one passes check (the call goes out just after the render). */
  const lastLoad = (check) => eventually(async () => loads.at(-1), check);

  /**
   * Selects the dictionary named dict (its code code) in the left table of the 数据字典 tab, and waits for its
   * items to load.
   */
  async function openDictionary(dict, code) {
    frame = await tabFrame(page, TAB);
    const loaded = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === ITEMS_CALL && u.searchParams.get("dictCode") === code;
    });
    await dictRegion(frame).locator("tbody tr", { hasText: dict }).first().getByRole("cell", { name: dict, exact: true }).click();
    await loaded;
    assert.equal(await itemRegion(frame).locator("h2").textContent(), `字典项：${dict}（${code}）`);
    await rows(itemRegion(frame));
  }

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname === ITEMS_CALL) loads.push(Object.fromEntries(u.searchParams));
    });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await openFromRail(page, "系统", TAB);
    await openDictionary("币种", "currency");
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  describe("排序、分页与状态", () => {
    it("shows the first page of 10 of the 11 currencies with 共 11 条 and two pages", async () => {
      const items = itemRegion(frame);
      assert.deepEqual(await header(items), DEFAULT_HEADER);
      assert.deepEqual(await names(items), CURRENCIES.slice(0, 10).map((c) => c[0]));
      assert.deepEqual(await pagerState(items), { total: "共 11 条", pages: ["1", "2"], current: "1" });
      assert.equal(await items.getByRole("combobox", { name: "每页条数" }).inputValue(), "10", "10 rows a page by default");
      const last = loads.at(-1);
      assert.equal(last.dictCode, "currency", "the load names the selected dictionary");
      assert.deepEqual([last.page, last.limit, last.currentpage, last.pagesize], ["1", "10", "1", "10"]);
    });

    it("sends 排序 asc then desc and goes back to page 1 on each sort", async () => {
      const items = itemRegion(frame);
      await pager(items).getByRole("button", { name: "2", exact: true }).click();
      assert.deepEqual(await eventually(() => names(items), same(["波兰兹罗提"])), ["波兰兹罗提"], "page 2 holds the 11th");

      const sortButton = items.locator("thead").getByRole("button", { name: /^排序/ });
      await sortButton.click();
      assert.equal(await eventually(() => pagerState(items).then((s) => s.current), (c) => c === "1"), "1", "a new sort goes back to page 1");
      assert.equal(await items.locator('th[aria-sort="ascending"]').textContent().then((t) => t.replace(/[↕▲▼]/g, "")), "排序");
      const asc = await lastLoad((q) => q.order === "asc");
      assert.deepEqual([asc.sort, asc.order, asc.page], ["sort", "asc", "1"]);
      assert.equal((await names(items))[0], "美元", "ascending by 排序, 美元 (1) comes first");

      await pager(items).getByRole("button", { name: "2", exact: true }).click();
      await eventually(() => names(items), same(["波兰兹罗提"]));
      await sortButton.click();
      assert.equal(await eventually(() => pagerState(items).then((s) => s.current), (c) => c === "1"), "1", "a new sort goes back to page 1");
      assert.equal(await items.locator('th[aria-sort="descending"]').count(), 1, "the header marks the descending sort");
      const desc = await lastLoad((q) => q.order === "desc");
      assert.deepEqual([desc.sort, desc.order, desc.page], ["sort", "desc", "1"]);
    });

    // Bug: GET dict-items/page ignores sort and order (service.DictQuery has no such fields, and models.DictItems
    // always orders by dict_items.sort, id), so the table's sortable headers change nothing the user sees.
    it("shows the rows sorted by 排序 descending, 波兰兹罗提 (11) first", async () => {
      const items = itemRegion(frame);
      assert.equal(await items.locator('th[aria-sort="descending"]').count(), 1, "the previous test left 排序 descending");
      const got = await eventually(() => names(items), (n) => n[0] === "波兰兹罗提", 2000);
      assert.deepEqual(got, CURRENCIES.slice(1).reverse().map((c) => c[0]), "descending by 排序: PLN (11) down to GBP (2)");
    });

    it("a third click on 排序 drops the sort and shows the 排序 order again", async () => {
      const items = itemRegion(frame);
      await items.locator("thead").getByRole("button", { name: /^排序/ }).click();
      assert.equal(await eventually(() => items.locator("th[aria-sort]").count(), (n) => n === 0), 0, "no column is marked sorted");
      const unsorted = await lastLoad((q) => !("order" in q));
      assert.deepEqual([unsorted.sort, unsorted.order], [undefined, undefined], "no sort is sent");
      assert.deepEqual(await eventually(() => names(items), (n) => n[0] === "美元"), CURRENCIES.slice(0, 10).map((c) => c[0]));
    });

    it("20 条/页 shows all 11 on one page, 10 条/页 brings two pages back, and the pager and 前往 move between them", async () => {
      const items = itemRegion(frame);
      const size = items.getByRole("combobox", { name: "每页条数" });
      await pager(items).getByRole("button", { name: "2", exact: true }).click();
      await eventually(() => names(items), same(["波兰兹罗提"]));

      await size.selectOption("20");
      assert.deepEqual(await eventually(() => names(items), (n) => n.length === 11), CURRENCIES.map((c) => c[0]), "all 11 on one page");
      assert.deepEqual(await pagerState(items), { total: "共 11 条", pages: ["1"], current: "1" }, "a new page size goes back to page 1");
      const twenty = await lastLoad((q) => q.limit === "20");
      assert.deepEqual([twenty.limit, twenty.pagesize, twenty.page], ["20", "20", "1"]);
      assert.equal(await pager(items).getByRole("button", { name: "下一页" }).isDisabled(), true, "no next page");

      await size.selectOption("10");
      assert.equal((await eventually(() => names(items), (n) => n.length === 10)).length, 10);
      assert.deepEqual(await pagerState(items), { total: "共 11 条", pages: ["1", "2"], current: "1" });

      await pager(items).getByRole("button", { name: "下一页" }).click();
      assert.deepEqual(await eventually(() => names(items), same(["波兰兹罗提"])), ["波兰兹罗提"], "› goes to page 2");
      assert.equal((await pagerState(items)).current, "2");
      await pager(items).getByRole("button", { name: "上一页" }).click();
      assert.equal((await eventually(() => names(items), (n) => n.length === 10))[0], "美元", "‹ goes back to page 1");

      const jumper = pager(items).getByRole("textbox", { name: "页码" });
      await jumper.fill("2");
      await jumper.press("Enter");
      assert.deepEqual(await eventually(() => names(items), same(["波兰兹罗提"])), ["波兰兹罗提"], "前往 2 页");
      assert.equal(await jumper.inputValue(), "", "the jumper empties after a jump");
      await jumper.fill("1");
      await jumper.press("Enter");
      assert.equal((await eventually(() => names(items), (n) => n.length === 10))[0], "美元", "前往 1 页");
      await jumper.fill("99");
      await jumper.press("Enter");
      assert.deepEqual(await eventually(() => names(items), same(["波兰兹罗提"])), ["波兰兹罗提"], "前往 99 页 stops at the last page");
      assert.equal((await pagerState(items)).current, "2");
      await pager(items).getByRole("button", { name: "1", exact: true }).click();
      await eventually(() => names(items), (n) => n.length === 10);
    });

    it("shows 加载中... over the table while a load is slow, and the rows after it", async () => {
      const items = itemRegion(frame);
      const overlay = items.getByRole("status").filter({ hasText: "加载中..." });
      let release;
      const held = new Promise((r) => (release = r));
      const answered = []; // the held calls, going on once released
      const slow = (route) => {
        const going = held.then(() => route.continue());
        answered.push(going);
        return going;
      };
      const itemsCall = (u) => u.pathname === ITEMS_CALL;
      await page.route(itemsCall, slow);
      try {
        await items.getByRole("button", { name: "刷新", exact: true }).click();
        await overlay.waitFor({ state: "visible", timeout: PATIENCE });
        assert.equal(await items.locator("table").getAttribute("aria-busy"), "true", "the table says it is busy");
        assert.equal(await items.getByText("暂无数据！").count(), 0, "no empty state while loading");
        await sleep(300);
        assert.equal(await overlay.isVisible(), true, "加载中... stays while the answer is held back");
        assert.equal((await lastLoad((q) => q.loadType === "refreshTable"))?.loadType, "refreshTable", "刷新 loads as refreshTable");
      } finally {
        release();
        // Unrouting while a call is still held would answer it twice.
        await Promise.all(answered);
        await page.unroute(itemsCall, slow);
      }
      await overlay.waitFor({ state: "hidden" });
      assert.equal((await names(items))[0], "美元", "the rows are there after the load");
    });

    it("shows 暂无数据！ and 共 0 条 for a dictionary without items", async () => {
      // A new, empty dictionary, added through the call the 新增字典 form uses (the form is tested in
      // dictionaries.test.mjs).
      const created = await frame.evaluate(async () => {
        const r = await fetch("/admin/api/v1/dicts", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ name: "空字典", code: "empty_dict" }),
        });
        return r.json();
      });
      assert.equal(created.code, "201", JSON.stringify(created));
      await dictRegion(frame).getByRole("button", { name: "刷新", exact: true }).click();
      await openDictionary("空字典", "empty_dict");
      const items = itemRegion(frame);
      await items.getByText("暂无数据！").waitFor({ state: "visible", timeout: PATIENCE });
      assert.deepEqual(await rows(items), []);
      assert.deepEqual(await pagerState(items), { total: "共 0 条", pages: ["1"], current: "1" });
      await openDictionary("币种", "currency");
    });
  });

  describe("列配置", () => {
    const dialog = () => frame.getByRole("dialog", { name: "列配置" });
    const order = () => dialog().locator("li[data-column]").evaluateAll((lis) => lis.map((li) => li.dataset.column));
    const versions = () => dialog().getByRole("list", { name: "已保存的列配置" }).locator("li").allTextContents();

    /**
     * Opens 列配置 and waits for its list of saved layouts, which comes with its own call (until it answers, the
     * list shows 默认 alone).
     */
    async function openConfig() {
      const listedVersions = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/sysQueryField/getMyVersionFieldByUser"));
      await itemRegion(frame).getByRole("button", { name: "列配置", exact: true }).click();
      await dialog().waitFor();
      await listedVersions;
    }
    /** The saved layouts' rows once they read expected (the answer renders just after it arrives). */
    const versionsReading = (expected) => eventually(versions, same(expected), 2000);

    it("hides 备注, moves 字典项值 up and 排序 down with Alt+↑ / Alt+↓, and saves it as 我的布局", async () => {
      await openConfig();
      assert.deepEqual(await order(), ["id", "name", "value", "dictCode", "sort", "status", "remark", "createdAt"]);
      assert.equal(await dialog().getByRole("checkbox", { name: "ID", exact: true }).isChecked(), false, "ID is offered, hidden");
      assert.deepEqual(await versionsReading(["默认（使用中）"]), ["默认（使用中）"]);
      await page.screenshot({ path: artifact("tables-column-config.png") });

      await dialog().getByRole("checkbox", { name: "备注", exact: true }).uncheck();

      const value = dialog().locator('li[data-column="value"]');
      await value.focus();
      await page.keyboard.press("Alt+ArrowUp");
      assert.deepEqual((await eventually(order, (o) => o[1] === "value")).slice(0, 3), ["id", "value", "name"]);
      assert.equal(await eventually(() => frame.evaluate(() => document.activeElement?.dataset.column), (c) => c === "value"), "value",
        "the keyboard stays on the row that moved");
      assert.equal(await value.getAttribute("aria-label"), "字典项值，第2列", "the row announces its new place");

      await dialog().locator('li[data-column="sort"]').focus();
      await page.keyboard.press("Alt+ArrowDown");
      assert.deepEqual(await eventually(order, (o) => o[5] === "sort"),
        ["id", "value", "name", "dictCode", "status", "sort", "remark", "createdAt"]);

      await dialog().getByRole("textbox", { name: "版本名称" }).fill("我的布局");
      await dialog().getByRole("button", { name: "另存为", exact: true }).click();
      assert.ok((await waitForToast(frame, "操作成功!")).includes("操作成功!"), "另存为 says 操作成功!");
      await dialog().waitFor({ state: "detached" });
      assert.deepEqual(await header(itemRegion(frame)), ["字典项值", "字典项名称", "字典编码", "状态", "排序", "创建时间", "操作"],
        "备注 is gone and the columns follow the new order");
      const first = (await rows(itemRegion(frame)))[0];
      assert.deepEqual(first.slice(0, 5), ["USD", "美元", "currency", "启用", "1"], "the cells follow their columns");
    });

    it("keeps 我的布局 in use after the browser reloads", async () => {
      await page.reload();
      await shellReady(page);
      await openDictionary("币种", "currency");
      const mine = ["字典项值", "字典项名称", "字典编码", "状态", "排序", "创建时间", "操作"];
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(mine)), mine);
      await openConfig();
      assert.deepEqual(await versionsReading(["默认使用", "我的布局（使用中）删除"]), ["默认使用", "我的布局（使用中）删除"]);
      assert.equal(await dialog().getByRole("checkbox", { name: "备注", exact: true }).isChecked(), false);
    });

    it("默认 > 使用 brings the default columns back, and 我的布局 can be deleted", async () => {
      await dialog().getByRole("list", { name: "已保存的列配置" }).locator("li", { hasText: "默认" })
        .getByRole("button", { name: "使用", exact: true }).click();
      await dialog().waitFor({ state: "detached" });
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(DEFAULT_HEADER)), DEFAULT_HEADER);

      await openConfig();
      assert.deepEqual(await versionsReading(["默认（使用中）", "我的布局使用删除"]), ["默认（使用中）", "我的布局使用删除"]);
      // Deleting asks over 列配置; Esc answers the question and leaves 列配置 open with the layout.
      const remove = dialog().locator('[data-version="我的布局"]').getByRole("button", { name: "删除", exact: true });
      await remove.click();
      const asked = await question(frame, "删除列配置“我的布局”");
      await page.keyboard.press("Escape");
      await asked.waitFor({ state: "detached" });
      assert.deepEqual(await versions(), ["默认（使用中）", "我的布局使用删除"], "Esc deleted nothing");
      assert.equal(await dialog().isVisible(), true, "列配置 stays open");
      await remove.click();
      await sayYes(frame, "删除");
      assert.deepEqual(await eventually(versions, (v) => v.length === 1), ["默认（使用中）"], "我的布局 is gone");
      await dialog().getByRole("button", { name: "关闭", exact: true }).click();
      await dialog().waitFor({ state: "detached" });
      assert.deepEqual(await header(itemRegion(frame)), DEFAULT_HEADER);
    });

    it("a layout with every column unticked shows all the columns, ID included", async () => {
      await openConfig();
      const boxes = dialog().getByRole("list", { name: "列" }).getByRole("checkbox");
      for (const box of await boxes.all()) await box.uncheck();
      assert.equal(await dialog().getByRole("list", { name: "列" }).getByRole("checkbox", { checked: true }).count(), 0);

      await dialog().getByRole("textbox", { name: "版本名称" }).fill("全部隐藏");
      await dialog().getByRole("button", { name: "另存为", exact: true }).click();
      await dialog().waitFor({ state: "detached" });
      const all = ["ID", ...DEFAULT_HEADER];
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(all)), all, "no column shown means all show");
      assert.match((await rows(itemRegion(frame)))[0][0], /^\d+$/, "the ID column shows the item's id");

      // Leave the default in use for whatever runs next: deleting the layout in use goes back to it.
      await openConfig();
      await dialog().locator('[data-version="全部隐藏"]').getByRole("button", { name: "删除", exact: true }).click();
      await sayYes(frame, "删除");
      await dialog().waitFor({ state: "detached" });
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(DEFAULT_HEADER)), DEFAULT_HEADER);
    });

    // Issue 16: 保存 with 默认 in use answered 版本名称不能为空 unless a name was typed. It now puts the change into
    // the layout in use, 默认 included, with no name; the table behind the dialog follows every tick at once.
    it("保存 with 默认 in use and no name changes 默认 at once, the table following each tick live", async () => {
      await openConfig();
      assert.deepEqual(await versionsReading(["默认（使用中）"]), ["默认（使用中）"]);
      await dialog().getByRole("checkbox", { name: "备注", exact: true }).uncheck();
      const withoutRemark = DEFAULT_HEADER.filter((t) => t !== "备注");
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(withoutRemark)), withoutRemark,
        "the table behind the dialog drops 备注 before anything is saved");
      await dialog().getByRole("checkbox", { name: "备注", exact: true }).check();
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(DEFAULT_HEADER)), DEFAULT_HEADER, "and takes it back");
      await dialog().getByRole("checkbox", { name: "状态", exact: true }).uncheck();

      assert.equal(await dialog().getByRole("textbox", { name: "版本名称" }).inputValue(), "", "no name typed");
      await dialog().getByRole("button", { name: "保存", exact: true }).click();
      assert.ok((await waitForToast(frame, "操作成功!")).includes("操作成功!"), "保存 says 操作成功!");
      await dialog().waitFor({ state: "detached" });
      const withoutStatus = DEFAULT_HEADER.filter((t) => t !== "状态");
      assert.deepEqual(await header(itemRegion(frame)), withoutStatus);

      await page.reload();
      await shellReady(page);
      await openDictionary("币种", "currency");
      // The table draws its columns once the layout in use has loaded: read the header when it has.
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(withoutStatus)), withoutStatus,
        "the changed 默认 survives a reload");
      await openConfig();
      assert.deepEqual(await versionsReading(["默认（使用中）"]), ["默认（使用中）"], "保存 made no named layout");

      // Back to every column for the tests that follow, by 保存 again.
      await dialog().getByRole("checkbox", { name: "状态", exact: true }).check();
      await dialog().getByRole("button", { name: "保存", exact: true }).click();
      await dialog().waitFor({ state: "detached" });
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(DEFAULT_HEADER)), DEFAULT_HEADER);
    });

    it("另存为 alone asks for a name: 版本名称不能为空, and nothing is saved", async () => {
      await openConfig();
      await dialog().getByRole("checkbox", { name: "备注", exact: true }).uncheck();
      await dialog().getByRole("button", { name: "另存为", exact: true }).click();
      assert.equal((await dialog().getByRole("alert").textContent()).trim(), "版本名称不能为空");
      assert.deepEqual(await versions(), ["默认（使用中）"]);
      await dialog().getByRole("button", { name: "关闭", exact: true }).click();
      await dialog().waitFor({ state: "detached" });
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(DEFAULT_HEADER)), DEFAULT_HEADER,
        "closing without saving takes the preview back");
    });

    // The 列配置 order used to reset now and then on a busy machine (one full-suite run in three): each move
    // focused the moved row again from a timer, which could run after the person had gone on to the next row and
    // pull the keyboard back, so that the next Alt+↓ moved the first row back to its place. Here the frame's timers
    // are held until the person is on the next row, as a busy machine holds them: that code failed every time.
    it("keeps the keyboard on the row the person went on to, even when the page's timers run late", async () => {
      await openConfig();
      const focused = () => frame.evaluate(() => document.activeElement?.dataset.column);
      try {
        await frame.evaluate(() => {
          const run = window.setTimeout;
          const held = [];
          window.setTimeout = (fn, ms, ...args) => held.push(() => fn(...args));
          window.releaseTimers = () => {
            window.setTimeout = run;
            for (const fn of held.splice(0)) fn();
          };
        });
        try {
          await dialog().locator('li[data-column="value"]').focus();
          await page.keyboard.press("Alt+ArrowUp");
          assert.deepEqual((await eventually(order, (o) => o[1] === "value")).slice(0, 3), ["id", "value", "name"]);
          await dialog().locator('li[data-column="sort"]').focus();
        } finally {
          await frame.evaluate(() => window.releaseTimers());
        }
        await page.keyboard.press("Alt+ArrowDown");
        assert.deepEqual(await eventually(order, (o) => o[5] === "sort"),
          ["id", "value", "name", "dictCode", "status", "sort", "remark", "createdAt"], "both moves hold");
        assert.equal(await focused(), "sort", "the keyboard follows the row it moved");
      } finally {
        // Closing without saving leaves the columns as they were for the tests that follow.
        await dialog().getByRole("button", { name: "关闭", exact: true }).click();
        await dialog().waitFor({ state: "detached" });
      }
      // The preview is taken back when the dialog has gone; a busy machine renders that a moment later.
      assert.deepEqual(await eventually(() => header(itemRegion(frame)), same(DEFAULT_HEADER)), DEFAULT_HEADER,
        "closing without saving keeps the columns");
    });
  });

  describe("导出", () => {
    /** Clicks 导出 on the 字典项 table and returns the downloaded workbook's first sheet as rows. */
    async function exportItems() {
      const download = page.waitForEvent("download");
      await itemRegion(frame).getByRole("button", { name: "导出", exact: true }).click();
      const file = await download;
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
      assert.equal(file.suggestedFilename(), `字典项_${today}.xlsx`);
      return readSheet(await file.path());
    }

    it("downloads 字典项_<date>.xlsx with the header and all 11 currencies, more than a page, with their values", async () => {
      const sheet = await exportItems();
      assert.deepEqual(sheet[0], ["字典项名称", "字典项值", "字典编码", "排序", "状态", "备注", "创建时间"]);
      const currencies = sheet.slice(1).filter((r) => r[2] === "currency");
      assert.deepEqual(currencies.map((r) => r.slice(0, 6)),
        CURRENCIES.map(([name, value, symbol], i) => [name, value, "currency", String(i + 1), "启用", symbol]));
      for (const r of currencies) assert.match(r[6], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "创建时间 as yyyy-MM-dd HH:mm:ss");
    });

    // Bug: the 导出 link leaves out the table's fixed filters (islands/table/DataTable.jsx line 140 builds it from
    // the filter form's values only), so exporting 币种 downloads every dictionary's items (运输方式's too).
    it("exports only the selected dictionary's items", async () => {
      const sheet = await exportItems();
      assert.deepEqual(sheet.slice(1).map((r) => r[1]), CURRENCIES.map((c) => c[1]), "only 币种's 11 items, USD ... PLN");
    });
  });
});
