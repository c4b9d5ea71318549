// 商品列表 and 业绩报告 as the seller (the demo company's admin, whose simulated store's listings, FBA stock and orders
// came in with the demo): 不可售 narrows the list to the listings Amazon does not sell, and one's reason reads why
// (缺货, FBA stock 0); two listings checked take one owner (运营负责人) at once and the owner filter then finds just
// them; the list exports with the owner. Sorted by 排名 (the catalogue's display group rank) best first then worst
// first, the unranked after the ranked both ways, and exported in that order. In 业绩报告 the owner's row sums this month's sales, a target set for the
// owner shows its progress, the rows add up to the sum, and the report exports.
// Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

// cents reads ¥1,234.56 (or -¥…) as a number of cents.
function cents(text) {
  const m = /^(-?)¥([\d,]+)\.(\d{2})$/.exec(text.trim());
  assert.ok(m, `an amount in yuan: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replaceAll(",", "")) * 100 + Number(m[3]));
}

describe("商品列表 and 业绩报告", () => {
  let server;
  let page;
  let owner = "";

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  async function looks(name) {
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  async function shown(frame) {
    await frame.locator('table[aria-busy="false"]').waitFor();
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  const rowName = (r) => `${r.sellerSku}（${r.marketplaceName}）`;

  // asked(body) picks the answer to this 查询 among the page's calls: the owner dialog's reload of the list can still
  // be on its way when 查询 is clicked.
  async function query(frame, asked = () => true) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/listing/products/page" &&
      asked(r.request().postDataJSON() ?? {}));
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    return { ...(await shown(frame)), total: data.total, records: data.records };
  }

  it("finds an inactive listing and reads why, gives two listings an owner, exports", async () => {
    await openFromRail(page, "产品", "商品列表");
    const frame = await tabFrame(page, "商品列表");
    let list = await shown(frame);
    for (const title of ["图片", "标题", "ASIN", "父ASIN", "FNSKU", "平台SKU", "站点", "价格", "状态", "不可售原因", "配送方式", "FBA可售", "FBA在途", "7天销量", "30天销售额", "本地SKU", "运营负责人", "标签"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    assert.ok(list.rows.length >= 5, `the listings: ${list.rows.length}`);

    await frame.getByLabel("状态", { exact: true }).selectOption({ label: "不可售" });
    list = await query(frame);
    assert.ok(list.total >= 1, "an inactive listing in the demo");
    const col = (title) => list.header.indexOf(title);
    for (const r of list.rows) assert.equal(r[col("状态")], "不可售");
    const inactive = list.records[0];
    assert.match(inactive.reason, /缺货|不可售/);
    await looks("listing-products");
    // A seller SKU sold on two marketplaces is two rows: the one read is found by both.
    await frame.locator("tbody tr", { hasText: inactive.sellerSku }).filter({ hasText: inactive.marketplaceName })
      .getByRole("button", { name: inactive.reason }).click();
    const dialog = frame.getByRole("dialog");
    await dialog.getByRole("heading", { name: `不可售原因：${inactive.sellerSku}` }).waitFor();
    assert.ok((await dialog.innerText()).includes(inactive.reason), "the dialog reads the reason");
    // Amazon's own issues (getListingsItem) are asked first; this run has no Amazon application, and the dialog says so.
    assert.match(await dialog.innerText(), /亚马逊给出的问题\s*无法读取亚马逊的问题：/, "the dialog reads Amazon's issues, or why it cannot");
    await looks("listing-products-reason");
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // Two listings, one owner.
    await frame.getByLabel("状态", { exact: true }).selectOption({ label: "在售" });
    list = await query(frame);
    // Two that sold in the last 7 days, so that 业绩报告's month holds their sales.
    const selling = list.records.filter((r) => r.units7 > 0);
    assert.ok(selling.length >= 2, `two listings that sold this week: ${JSON.stringify(list.records.map((r) => [r.sellerSku, r.units7]))}`);
    const [a, b] = selling.slice(0, 2).map(rowName);
    await frame.getByRole("checkbox", { name: `选择 ${a}`, exact: true }).check();
    await frame.getByRole("checkbox", { name: `选择 ${b}`, exact: true }).check();
    await frame.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "分配负责人", exact: true }).click();
    const assign = frame.getByRole("dialog");
    await assign.getByRole("heading", { name: "分配运营负责人（已选 2 个商品）" }).waitFor();
    const choice = assign.getByLabel("运营负责人");
    const options = (await choice.locator("option").allInnerTexts()).filter((o) => o !== "不设负责人");
    assert.ok(options.length >= 1, "the company's users to choose");
    owner = options[0];
    await choice.selectOption({ label: owner });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/listing/products/owner");
    await assign.getByRole("button", { name: "分配", exact: true }).click();
    assert.equal((await (await saved).json()).data.changed, 2);
    await assign.waitFor({ state: "detached" });
    await frame.getByLabel("运营负责人", { exact: true }).selectOption({ label: owner });
    list = await query(frame, (body) => Boolean(body.ownerId));
    assert.equal(list.total, 2, "the owner's listings");
    assert.deepEqual(list.records.map(rowName).sort(), [a, b].sort());
    for (const r of list.rows) assert.equal(r[list.header.indexOf("运营负责人")], owner);

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `商品列表_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, 3, "the header and the owner's two listings");
    const ownerCol = sheet[0].indexOf("运营负责人");
    assert.ok(ownerCol >= 0, `运营负责人 in ${sheet[0]}`);
    assert.deepEqual(sheet.slice(1).map((r) => r[ownerCol]), [owner, owner]);
  });

  it("sums this month by owner, sets a target and reads its progress, exports", async () => {
    const first = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/profit/performance");
    await openFromRail(page, "财务", "业绩报告");
    const frame = await tabFrame(page, "业绩报告");
    await first;
    const table = frame.getByRole("table", { name: "业绩" });
    await table.waitFor();
    const row = table.locator(`tr[data-subject="${owner}"]`);
    await row.waitFor();
    const total = cents(await table.locator('td[data-sales="合计"]').innerText());
    const rows = await table.locator("tbody td[data-sales]").allInnerTexts();
    const sum = rows.slice(0, -1).reduce((s, t) => s + cents(t), 0);
    assert.equal(sum, total, "the rows add up to the sum");
    const sales = cents(await row.locator("td[data-sales]").innerText());

    await row.getByRole("button", { name: "设置目标", exact: true }).click();
    const dialog = frame.getByRole("dialog");
    await dialog.getByLabel("销售目标（元）").fill("1000");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/profit/performance");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await answered;
    await dialog.waitFor({ state: "detached" });
    const bar = row.getByRole("progressbar", { name: `${owner}销售完成率` });
    await bar.waitFor();
    const want = Math.round(sales / 1000);
    assert.equal(Number(await bar.getAttribute("aria-valuenow")), want, "progress against ¥1,000");
    await looks("performance");

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `业绩报告_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, rows.length + 1, "the header, the rows and the sum");
    assert.equal(sheet[sheet.length - 1][0], "合计");
  });

  it("sorts by 排名 best first then worst first, and exports it", async () => {
    await openFromRail(page, "产品", "商品列表");
    const frame = await tabFrame(page, "商品列表");
    await frame.getByLabel("状态", { exact: true }).selectOption({ label: "全部状态" });
    await frame.getByLabel("运营负责人", { exact: true }).selectOption({ label: "全部负责人" });
    await query(frame);
    const header = frame.locator("thead").getByRole("button", { name: /^排名/ });
    const sorted = async (order) => {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/listing/products/page" &&
        r.request().postDataJSON()?.sort === "rank" && r.request().postDataJSON()?.order === order);
      await header.click();
      const { data } = await (await answered).json();
      await frame.locator(`th[aria-sort="${order}ending"]`).waitFor();
      return { ...(await shown(frame)), records: data.records };
    };
    // The demo's catalogue ranks the products that sell; the display group rank reads as Amazon writes it.
    const asc = await sorted("asc");
    const ranks = asc.records.map((r) => r.groupRank);
    assert.ok(ranks[0] > 0, `the best ranked first: ${ranks}`);
    const ranked = ranks.filter((n) => n > 0);
    assert.deepEqual(ranked, [...ranked].sort((x, y) => x - y), "best first");
    assert.deepEqual(ranks.slice(ranked.length), ranks.slice(ranked.length).map(() => 0), "the unranked after the ranked");
    const col = asc.header.indexOf("排名");
    assert.match(asc.rows[0][col], /^#[\d,]+ \S/, `排名 ${asc.rows[0][col]}`);
    assert.equal(asc.rows[0][col], asc.records[0].rank);
    await looks("listing-products-rank");

    const desc = await sorted("desc");
    const worst = desc.records.map((r) => r.groupRank).filter((n) => n > 0);
    assert.ok(worst.length > 0 && worst[0] >= ranked.at(-1), `worst first: ${worst}`);
    assert.deepEqual(worst, [...worst].sort((x, y) => y - x), "worst first");

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const sheet = readSheet(await (await download).path());
    const rankCol = sheet[0].indexOf("排名");
    assert.ok(rankCol >= 0, `排名 in ${sheet[0]}`);
    assert.equal(sheet[1][rankCol], desc.records[0].rank, "the file is sorted as the list, 排名 as shown");
  });
});
