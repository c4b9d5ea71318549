// 流量报告 and Listing分析 as the seller (the demo company's admin, whose simulated seller's sales and traffic days
// came in with the demo): a listing's week read in 流量报告 sums to its days; Listing分析 ranks the best seller's
// halved conversion first, opens it to its trend and days, and a day's figure to the stored row it comes from; both
// export. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const iso = (d) => d.toISOString().slice(0, 10);
// The last whole week the demo has: the seven days before today (UTC), Amazon's report days.
const LAST = iso(new Date(Date.now() - 86400000));
const FIRST = iso(new Date(Date.now() - 7 * 86400000));

describe("流量报告 and Listing分析", () => {
  let server;
  let page;

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

  // shown reads the list in within (the screen, or the listing opened): uPlot's legend is a table too.
  async function shown(within) {
    const table = within.locator('table[aria-busy="false"]').first();
    await table.waitFor();
    const header = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

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

  async function setWeek(frame) {
    await frame.getByLabel("开始日期").fill(FIRST);
    await frame.getByLabel("结束日期").fill(LAST);
  }

  const int = (s) => Number(String(s).replace(/,/g, ""));
  // answer waits for the list call of the week asked (the screen's first load, of the last 30 days, may answer
  // later than the click).
  const answer = (path, also = () => true) =>
    page.waitForResponse((r) => {
      if (new URL(r.url()).pathname !== path) return false;
      const body = JSON.parse(r.request().postData() || "{}");
      return body.startDate === FIRST && body.endDate === LAST && also(body);
    });

  it("finds the biggest conversion drop, opens a day's source rows and exports", async () => {
    await openFromRail(page, "产品", "Listing分析");
    const frame = await tabFrame(page, "Listing分析");
    await setWeek(frame);
    const answered = answer("/amazon/api/v1/traffic/listing/lines", (b) => b.drops);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    assert.ok(data.total >= 1, "listings whose conversion fell");
    let list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["ASIN", "估计少卖件数", "转化率降幅", "上期转化率", "本期转化率", "Buy Box降幅"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    const lost = list.rows.map((r) => int(r[col("估计少卖件数")]));
    assert.deepEqual(lost, [...lost].sort((a, b) => b - a), "the biggest loss first");
    const worst = list.rows[0][col("ASIN")];
    assert.ok(Number(list.rows[0][col("转化率降幅")]) > 1, `${worst}'s conversion fell by points: ${list.rows[0]}`);
    await frame.getByRole("heading", { name: /转化率或Buy Box下降最多/ }).waitFor();
    await looks("listing-analysis");

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).first().click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `Listing分析_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, data.total + 1, "the header and every listing");
    assert.equal(sheet[1][col("ASIN")], worst);

    // The listing opened: its trend and its seven days, which sum to its line's sessions.
    const sessions = int(list.rows[0][col("本期会话数")]);
    await frame.locator("tbody tr").first().getByRole("button", { name: worst, exact: true }).click();
    const detail = frame.getByLabel("Listing详情");
    await detail.getByLabel("每日会话数、页面浏览量、转化率和Buy Box%").waitFor();
    const days = await shown(detail);
    const dcol = (title) => days.header.indexOf(title);
    assert.equal(days.rows.length, 7, `seven days: ${JSON.stringify(days.rows)}`);
    assert.equal(days.rows.reduce((s, r) => s + int(r[dcol("会话数")]), 0), sessions, "the days sum to the week");
    assert.equal(int(await detail.locator('[data-total="sessions"]').innerText()), sessions);

    // A day's figure opens to the row Amazon's report gave.
    const day = days.rows[0][dcol("日期")];
    await detail.getByRole("button", { name: day, exact: true }).click();
    const dialog = frame.getByRole("dialog", { name: "来源数据" });
    await dialog.locator("tbody tr").first().waitFor();
    const source = await dialog.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.equal(source.length, 1, `one child's row: ${JSON.stringify(source)}`);
    assert.equal(source[0][3], worst);
    assert.equal(int(source[0][5]), int(days.rows[0][dcol("会话数")]));
    await looks("listing-analysis-source");
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("reads a listing's week in 流量报告 and exports it", async () => {
    await openFromRail(page, "销售", "流量报告");
    const frame = await tabFrame(page, "流量报告");
    await setWeek(frame);
    await frame.getByLabel("统计周期").selectOption({ label: "整段" });
    const answered = answer("/amazon/api/v1/traffic/report/lines", (b) => b.period === "range");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    assert.ok(data.total >= 10, `the listings' week: ${data.total}`);
    const list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["日期", "ASIN", "会话数", "页面浏览量", "Buy Box%", "转化率", "订购件数", "订购销售额"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    const asin = list.rows[0][col("ASIN")];
    const week = list.rows[0];
    assert.equal(week[col("日期")], `${FIRST} ~ ${LAST}`);
    await frame.getByLabel("每日会话数、页面浏览量、转化率和Buy Box%").waitFor();
    await looks("traffic-report");

    // The same listing by day: seven lines whose sessions and units sum to the week's.
    await frame.getByLabel("统计周期").selectOption({ label: "按日" });
    await frame.getByLabel("ASIN或SKU").fill(asin);
    await frame.getByLabel("站点").selectOption(data.records[0].marketplaceId);
    const byDay = answer("/amazon/api/v1/traffic/report/lines", (b) => b.period === "day" && b.search === asin);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await byDay;
    const days = await shown(frame);
    const mine = days.rows.filter((r) => r[col("ASIN")] === asin && r[col("站点")] === week[col("站点")] && r[col("店铺")] === week[col("店铺")]);
    assert.equal(mine.length, 7, `seven days of ${asin}: ${JSON.stringify(days.rows)}`);
    assert.equal(mine.reduce((s, r) => s + int(r[col("会话数")]), 0), int(week[col("会话数")]));
    assert.equal(mine.reduce((s, r) => s + int(r[col("订购件数")]), 0), int(week[col("订购件数")]));

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `流量报告_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.ok(sheet.length >= 8, "the header and the days");
    assert.ok(sheet.slice(1).every((r) => r[col("ASIN")].includes(asin) || r[2]?.includes(asin)), "only the listing searched");
  });

  // 业务报告: Seller Central's "Detail Page Sales and Traffic By Child Item" CSV of one day, uploaded in 数据同步 as
  // 销售与流量 with its day, shows in 流量报告 as that day's figures; the parent item report is refused, in Chinese.
  it("uploads a business report CSV of a day and reads it in 流量报告", async () => {
    const DAY = iso(new Date(Date.now() - 3 * 86400000));
    const header = '"(Parent) ASIN","(Child) ASIN","Title","Sessions - Browser","Sessions - Total","Page Views - Total",' +
      '"Featured Offer (Buy Box) Percentage","Units Ordered","Unit Session Percentage","Ordered Product Sales","Total Order Items"';
    const csv = `\ufeff${header}\r\n"B0UPLDPAR1","B0UPLDCHD1","上传的保温杯 20oz","400","1,234","2,468","95.50%","152","12.32%","US$1,234.56","150"\r\n`;
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await sync.getByRole("button", { name: "上传报告", exact: true }).click();
    const dialog = sync.getByRole("dialog", { name: "上传报告" });
    await dialog.getByRole("combobox", { name: "店铺" }).locator("option").first().waitFor({ state: "attached" });
    await dialog.getByRole("combobox", { name: "报告类型" }).selectOption({ label: "销售与流量" });
    const market = dialog.getByRole("combobox", { name: "站点" });
    await market.locator("option", { hasText: "（US）" }).waitFor({ state: "attached" });
    await market.selectOption({ label: (await market.locator("option", { hasText: "（US）" }).innerText()).trim() });
    await dialog.getByLabel("报告日期").fill(DAY);

    const parent = `"(Parent) ASIN","Title","Sessions - Total","Page Views - Total","Units Ordered","Ordered Product Sales"\n"B0UPLDPAR1","保温杯","1,234","2,468","152","$1,234.56"\n`;
    await dialog.getByLabel("报告文件").setInputFiles({ name: "BusinessReport-parent.csv", mimeType: "text/csv", buffer: Buffer.from(parent) });
    await dialog.getByRole("button", { name: "上传并导入", exact: true }).click();
    await dialog.getByRole("alert").getByText("表头缺少“(Child) ASIN”列", { exact: false }).waitFor();
    await looks("traffic-business-report-refused");

    await dialog.getByLabel("报告文件").setInputFiles({ name: "BusinessReport-child.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByRole("button", { name: "上传并导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const run = sync.locator('section[aria-labelledby="runs-title"] tbody tr', { hasText: "上传" }).filter({ hasText: "销售与流量" });
    await run.filter({ hasText: "成功" }).first().waitFor({ timeout: 30000 });

    await openFromRail(page, "销售", "流量报告");
    const frame = await tabFrame(page, "流量报告");
    await frame.getByLabel("开始日期").fill(DAY);
    await frame.getByLabel("结束日期").fill(DAY);
    await frame.getByLabel("统计周期").selectOption({ label: "按日" });
    await frame.getByLabel("ASIN或SKU").fill("B0UPLDCHD1");
    const answered = page.waitForResponse((r) => {
      if (new URL(r.url()).pathname !== "/amazon/api/v1/traffic/report/lines") return false;
      const body = JSON.parse(r.request().postData() || "{}");
      return body.startDate === DAY && body.search === "B0UPLDCHD1";
    });
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    assert.equal(data.total, 1, `the uploaded day: ${JSON.stringify(data.records)}`);
    const list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    const row = list.rows.find((r) => r[col("ASIN")].includes("B0UPLDCHD1"));
    assert.ok(row, `B0UPLDCHD1 in ${JSON.stringify(list.rows)}`);
    assert.equal(row[col("日期")], DAY);
    assert.equal(int(row[col("会话数")]), 1234);
    assert.equal(int(row[col("页面浏览量")]), 2468);
    assert.equal(row[col("Buy Box%")], "95.50%");
    assert.equal(int(row[col("订购件数")]), 152);
    assert.match(row[col("订购销售额")], /1,234\.56/);
  });
});
