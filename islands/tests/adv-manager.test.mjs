// 广告管理 as an advertiser, against the Amazon stand-in: a store authorised in North America for selling and for
// advertising gets 广告活动 and 广告报表 in 数据同步; 立即同步 brings them to 已完成; 广告管理 then lists the two
// profiles' campaigns with last 30 days' figures, most spent first, a campaign's name opens its ad groups and an
// ad group's its product ads (a Sponsored Brands ad group's its ads, with the campaign's spend), the trail goes back, 状态 filters, 广告活动 shows the same lists, and 导出 downloads
// the list. An ad group's row excludes two ASINs (添加否定商品投放) and a search term becomes a negative phrase: the
// stand-in's Ads API has them (GET /control/ad-creations) and 否定商品投放 / 否定关键词 list them. ROAS排名 ranks the synced campaigns, the other way round, without the small spenders, then the ad
// groups, and exports; 广告统计 sums the days by week and by 站点; 广告漏斗 narrows from impressions to orders and
// lists the worst-converting keywords first; 指标分析 sets the spend against all sales (TACOS). Screenshots at desktop and phone widths, light
// and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, phone, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, sayYes, signInToShell, tabFrame } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const CA_PROFILE = "1100000000000002";
const OWNER = { account: phone("147"), password: "Owner#2026s", name: "郑十一", email: "owner147@example.com", company: "深圳郑十一跨境电商有限公司" };

/** Waits until the list holds exactly n rows: a level's or a filter's rows come after its trail and pager. */
async function exactly(rows, n) {
  if (n > 0) await rows.nth(n - 1).waitFor({ timeout: PATIENCE });
  await rows.nth(n).waitFor({ state: "detached", timeout: PATIENCE });
}

before(() => getBrowser());
after(() => closeBrowser());

describe("广告管理", () => {
  let amazon;
  let server;
  let page;

  before(async () => {
    amazon = await startAmazon();
    // The Canadian profile advertises with Sponsored Brands too (SB 品牌 1 spending): its reports add few to the sync.
    assert.equal((await fetch(`${amazon.url}/control/ad-brands?profile=${CA_PROFILE}`, { method: "POST" })).status, 200);
    server = await startServer({ env: { ...amazon.env, SELLERHUB_REPORT_POLL: "200ms" } });
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const taskRow = (frame, kind) => frame.locator('section[aria-label="同步任务"] tbody tr').filter({ has: frame.getByText(kind, { exact: true }) });
  const consent = async (button) => {
    const [popup] = await Promise.all([page.context().waitForEvent("page"), button()]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();
    await page.bringToFront();
  };

  it("syncs a store's advertising and reads its campaigns, ad groups and product ads", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByText("还没有店铺。下一步", { exact: false }).waitFor();
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("美国一店");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    const na = stores.locator("tbody tr", { hasText: "北美" });
    await na.getByRole("button", { name: "授权", exact: true }).click();
    await consent(() => stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click());
    await consent(() => na.getByRole("button", { name: "授权广告", exact: true }).click());

    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    for (const kind of ["广告活动", "广告报表"]) {
      await taskRow(sync, kind).waitFor({ timeout: PATIENCE });
    }
    // The store's first syncs are done before 立即同步 is offered on every row.
    for (const kind of ["广告活动", "广告报表"]) {
      const now = taskRow(sync, kind).getByRole("button", { name: "立即同步", exact: true });
      if (await now.count()) {
        await now.click();
        await sayYes(sync, "立即同步");
      }
    }
    for (const kind of ["广告活动", "广告报表"]) {
      await taskRow(sync, kind).getByText("已完成").waitFor({ timeout: SYNC_PATIENCE });
    }
    await page.screenshot({ path: artifact("adv-manager-datasync.png") });

    await openFromRail(page, "广告", "广告管理");
    const adv = await tabFrame(page, "广告管理");
    const rows = adv.locator('section[aria-label="广告管理"] tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    await exactly(rows, 10);
    assert.equal(await rows.count(), 10, "a page of the two profiles' five SP campaigns each and Canada's two SB ones");
    const headers = (await adv.locator('section[aria-label="广告管理"] thead th').allInnerTexts()).map((t) => t.trim());
    for (const h of ["名称", "曝光量", "点击量", "点击率", "CPC", "花费", "花费(CNY)", "订单量", "销售额", "ACOS", "ROAS", "转化率"]) {
      assert.ok(headers.some((x) => x.startsWith(h)), `column ${h} in ${headers}`);
    }
    const firstName = (await rows.first().locator("td button").first().innerText()).trim();
    await page.screenshot({ path: artifact("adv-manager-campaigns.png") });

    await rows.first().getByRole("button", { name: `查看 ${firstName}` }).click();
    await adv.getByText("当前：广告组").waitFor();
    await rows.nth(1).waitFor();
    await exactly(rows, 2);
    assert.equal(await rows.count(), 2, "a campaign's two ad groups");
    const group = (await rows.first().locator("td button").first().innerText()).trim();
    await rows.first().getByRole("button", { name: `查看 ${group}` }).click();
    await adv.getByText("当前：商品广告").waitFor();
    await adv.getByText("ADSKU-", { exact: false }).first().waitFor();
    await exactly(rows, 2);
    assert.equal(await rows.count(), 2, "an ad group's two product ads");
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();
    await adv.getByText("当前：广告活动").waitFor();

    await adv.locator('select[name="state"]').selectOption("PAUSED");
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    // Every row offers 暂停 now: the enabled campaigns going is what says the query came back.
    await adv.locator("tbody tr", { hasText: "SP AUTO 1" }).first().waitFor({ state: "detached", timeout: PATIENCE });
    await rows.nth(1).waitFor();
    await exactly(rows, 2);
    assert.equal(await rows.count(), 2, "one paused campaign per profile");

    // 站点 keeps one profile's campaigns; a US ad group's keywords carry their figures.
    await adv.locator('select[name="state"]').selectOption("");
    await adv.locator('select[name="profileId"]').selectOption({ label: "美国一店 · 美国" });
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    await adv.locator("tbody tr", { hasText: "加拿大" }).first().waitFor({ state: "detached", timeout: PATIENCE });
    await rows.nth(4).waitFor({ timeout: PATIENCE });
    await exactly(rows, 5);
    assert.equal(await rows.count(), 5, "the US profile's five campaigns");
    await rows.filter({ hasText: "SP MANUAL 2" }).getByRole("button", { name: "查看 SP MANUAL 2" }).click();
    await adv.getByText("当前：广告组").waitFor();
    await rows.first().locator("td button").first().click();
    await adv.getByRole("button", { name: "关键词", exact: true }).click();
    await adv.getByText("当前：关键词").waitFor();
    await rows.nth(3).waitFor({ timeout: PATIENCE });
    const heads = (await adv.locator('section[aria-label="广告管理"] thead th').allInnerTexts()).map((t) => t.trim());
    const spend = await rows.first().locator("td").nth(heads.findIndex((h) => h.startsWith("花费"))).innerText();
    assert.match(spend.trim(), /^\$\d/);
    assert.notEqual(spend.trim(), "$0.00", "the keyword most spent has figures");
    await page.screenshot({ path: artifact("adv-manager-keywords.png") });
    // 搜索词 of this ad group: what shoppers searched under its keywords and targets, with their figures.
    await adv.getByRole("button", { name: "搜索词", exact: true }).click();
    await adv.getByText("当前：搜索词").waitFor();
    // The keywords' rows stay until the search terms come, and with them the 搜索词 column.
    await adv.locator('section[aria-label="广告管理"] thead th', { hasText: "搜索词" }).first().waitFor({ timeout: PATIENCE });
    await rows.nth(1).waitFor({ timeout: PATIENCE });
    const termHeads = (await adv.locator('section[aria-label="广告管理"] thead th').allInnerTexts()).map((t) => t.trim());
    for (const h of ["搜索词", "投放", "匹配类型", "广告活动", "广告组", "曝光量", "点击量", "点击率", "花费", "订单量", "销售额", "ACOS", "转化率"]) {
      assert.ok(termHeads.some((x) => x.startsWith(h)), `column ${h} in ${termHeads}`);
    }
    const col = (h) => termHeads.findIndex((x) => x.startsWith(h));
    const campaignsShown = new Set(await rows.locator(`td:nth-child(${col("广告活动") + 1})`).allInnerTexts());
    assert.deepEqual([...campaignsShown].map((t) => t.trim()), ["SP MANUAL 2"], "the ad group's campaign only");
    const groupsShown = new Set((await rows.locator(`td:nth-child(${col("广告组") + 1})`).allInnerTexts()).map((t) => t.trim()));
    assert.equal(groupsShown.size, 1, `one ad group's terms: ${[...groupsShown]}`);
    const termSpend = await rows.first().locator("td").nth(col("花费")).innerText();
    assert.match(termSpend.trim(), /^\$\d/);
    assert.notEqual(termSpend.trim(), "$0.00", "the term most spent has figures");
    await page.screenshot({ path: artifact("adv-search-terms.png") });
    const [terms] = await Promise.all([page.waitForEvent("download"), adv.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(terms.suggestedFilename(), /^搜索词_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await adv.getByRole("button", { name: "关键词", exact: true }).click();
    await adv.getByText("当前：关键词").waitFor();
    await adv.getByRole("button", { name: "否定关键词", exact: true }).click();
    await adv.getByText("当前：否定关键词").waitFor();
    await adv.locator("tbody tr", { hasText: "cheap scale" }).waitFor({ timeout: PATIENCE });
    await exactly(rows, 1);
    assert.equal(await rows.count(), 1, "one negative keyword per manual ad group");
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();
    await adv.locator('select[name="profileId"]').selectOption("");
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    await rows.nth(9).waitFor({ timeout: PATIENCE });

    // 广告组合: a portfolio opens its campaigns.
    await adv.getByRole("button", { name: "广告组合", exact: true }).click();
    await adv.getByText("当前：广告组合").waitFor();
    await rows.nth(3).waitFor({ timeout: PATIENCE });
    await exactly(rows, 4);
    assert.equal(await rows.count(), 4, "two portfolios per profile");
    await rows.first().locator("td button").first().click();
    await adv.getByText("当前：广告活动").waitFor();
    await adv.locator("tbody tr", { hasText: "SP " }).first().waitFor({ timeout: PATIENCE });
    assert.ok((await rows.count()) <= 2, "a portfolio's campaigns");
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();

    // 广告活动 shows the same campaigns.
    await openFromRail(page, "广告", "广告活动");
    const campaigns = await tabFrame(page, "广告活动");
    await campaigns.locator('section[aria-label="广告管理"] tbody tr').nth(9).waitFor({ timeout: PATIENCE });
    await openFromRail(page, "广告", "广告管理");

    const [download] = await Promise.all([page.waitForEvent("download"), adv.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^广告管理_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("shows a Sponsored Brands campaign's ad group and ad with the campaign's spend", async () => {
    const adv = await tabFrame(page, "广告管理");
    const rows = adv.locator('section[aria-label="广告管理"] tbody tr');
    const heads = async () => (await adv.locator('section[aria-label="广告管理"] thead th').allInnerTexts()).map((t) => t.trim());
    const cells = async (row) => {
      const h = await heads();
      const at = (title) => row.locator("td").nth(h.findIndex((x) => x.startsWith(title)));
      return { spend: (await at("花费").innerText()).trim(), clicks: (await at("点击量").innerText()).trim(), sales: (await at("销售额").innerText()).trim() };
    };
    await adv.getByLabel("广告类型", { exact: true }).selectOption("SB");
    await adv.locator('select[name="profileId"]').selectOption({ label: "美国一店 · 加拿大" });
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    const campaign = rows.filter({ hasText: "SB 品牌 1" });
    await campaign.waitFor({ timeout: PATIENCE });
    await exactly(rows, 2);
    const figures = await cells(campaign);
    assert.match(figures.spend, /^C\$\d/);
    assert.notEqual(figures.spend, "C$0.00", "SB 品牌 1 spent in the last 30 days");
    await campaign.getByRole("button", { name: "查看 SB 品牌 1" }).click();
    await adv.getByText("当前：广告组").waitFor();
    const group = rows.filter({ hasText: "SB 组 1" });
    await group.waitFor({ timeout: PATIENCE });
    await exactly(rows, 1);
    assert.deepEqual(await cells(group), figures, "the campaign's one ad group has its spend, clicks and sales");
    await group.getByRole("button", { name: "查看 SB 组 1" }).click();
    await adv.getByText("当前：品牌广告").waitFor();
    const ad = rows.filter({ hasText: "厨房秤 精准称重" });
    await ad.waitFor({ timeout: PATIENCE });
    await exactly(rows, 1);
    assert.deepEqual(await cells(ad), figures, "the ad group's one ad has them too");
    assert.equal(await adv.getByRole("button", { name: "商品广告", exact: true }).count(), 0, "an SB ad group has no product ads");
    await page.screenshot({ path: artifact("adv-manager-sb-ads.png") });
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();
    await adv.getByLabel("广告类型", { exact: true }).selectOption("");
    await adv.locator('select[name="profileId"]').selectOption("");
  });

  it("pauses campaigns at Amazon, shows the refused rows, raises a budget and finds it all in 操作记录", async () => {
    const adv = await tabFrame(page, "广告管理");
    await adv.locator('select[name="state"]').selectOption("");
    // Sponsored Products' ten campaigns, a page: Brands' are changed in Amazon's console.
    await adv.getByLabel("广告类型", { exact: true }).selectOption("SP");
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    const rows = adv.locator('section[aria-label="广告管理"] tbody tr');
    await rows.nth(9).waitFor({ timeout: PATIENCE });
    // Every campaign checked: the two paused ones are left out of 暂停, the two archived ones Amazon refuses.
    await adv.getByRole("checkbox", { name: "选择本页全部" }).check();
    await adv.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "暂停", exact: true }).click();
    await sayYes(adv, "暂停");
    const results = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: "提交结果" }) });
    await results.getByText("6 个成功，2 个失败：失败的未作修改").waitFor({ timeout: PATIENCE });
    assert.equal(await results.locator("tbody tr", { hasText: "已归档的广告不能再修改" }).count(), 2, "each archived campaign says why");
    assert.equal(await results.locator("tbody tr", { hasText: "启用 → 暂停" }).count(), 6);
    await page.screenshot({ path: artifact("adv-manager-change-results.png") });
    await results.getByRole("button", { name: "知道了", exact: true }).click();
    await results.waitFor({ state: "detached" });
    await adv.locator('select[name="state"]').selectOption("PAUSED");
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    await rows.nth(7).waitFor({ timeout: PATIENCE });
    await exactly(rows, 8);
    assert.equal(await rows.count(), 8, "the six paused now and the two paused before");

    // One campaign's budget 10 % up, from its row.
    const first = rows.first();
    const name = (await first.locator("td button").first().innerText()).trim();
    await first.getByRole("button", { name: "修改预算", exact: true }).click();
    const form = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: `修改预算（${name}）` }) });
    await form.locator('select[name="mode"]').selectOption("increase");
    await form.locator('select[name="unit"]').selectOption("percent");
    await form.locator('input[name="value"]').fill("10");
    await form.getByRole("button", { name: "提交亚马逊", exact: true }).click();
    await results.getByText("1 个成功，0 个失败").waitFor({ timeout: PATIENCE });
    await results.getByRole("button", { name: "知道了", exact: true }).click();

    await openFromRail(page, "广告", "操作记录");
    const log = await tabFrame(page, "操作记录");
    const ops = log.locator('section[aria-label="操作记录"] tbody tr');
    await ops.nth(8).waitFor({ timeout: PATIENCE });
    assert.equal(await ops.count(), 9, "eight pauses and one budget");
    await log.locator('select[name="result"]').selectOption("failed");
    await log.getByRole("button", { name: "查询", exact: true }).click();
    await log.locator("tbody tr", { hasText: "已归档的广告不能再修改" }).nth(1).waitFor({ timeout: PATIENCE });
    // The refused rows were among the nine already: the filtered list has come once the third row is gone.
    await ops.nth(2).waitFor({ state: "detached", timeout: PATIENCE });
    assert.equal(await ops.count(), 2);
    await page.screenshot({ path: artifact("adv-operation.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), log.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^操作记录_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("adds two search terms as negative exact keywords, one refused as a duplicate, and finds both in 操作记录", async () => {
    await openFromRail(page, "广告", "广告管理");
    const adv = await tabFrame(page, "广告管理");
    const rows = adv.locator('section[aria-label="广告管理"] tbody tr');
    // A product-target ad group's two ASINs are each searched as "digital kitchen scale": the same term twice in
    // one ad group, which Amazon takes once.
    await adv.locator('select[name="state"]').selectOption("");
    await adv.locator('select[name="profileId"]').selectOption({ label: "美国一店 · 美国" });
    await adv.locator('input[name="search"]').fill("digital kitchen scale");
    await adv.getByRole("button", { name: "搜索词", exact: true }).click();
    await adv.getByText("当前：搜索词").waitFor();
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    await adv.locator("tbody tr", { hasText: "加拿大" }).first().waitFor({ state: "detached", timeout: PATIENCE });
    await rows.filter({ hasText: "Group 3-" }).nth(1).waitFor({ timeout: PATIENCE });
    const groupOf = await rows.evaluateAll((trs) => trs.map((tr) => (tr.innerText.match(/Group \d-\d/) || [""])[0]));
    const twice = groupOf.find((g, i) => g && groupOf.indexOf(g) !== i);
    assert.ok(twice, `an ad group with the term twice: ${groupOf}`);
    const both = rows.filter({ hasText: twice });
    for (const n of [0, 1]) await both.nth(n).getByRole("checkbox", { name: "选择 digital kitchen scale" }).check();
    await adv.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "添加为否定关键词", exact: true }).click();
    const form = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: "添加为否定关键词（2 个搜索词）" }) });
    assert.equal(await form.locator('table[aria-label="选中的搜索词"] tbody tr').count(), 2, "the two terms listed");
    assert.equal(await form.locator('select[name="matchType"]').inputValue(), "NEGATIVE_EXACT");
    assert.equal(await form.locator('select[name="level"]').inputValue(), "adgroup");
    await page.screenshot({ path: artifact("adv-search-terms-negative.png") });
    await form.getByRole("button", { name: "提交亚马逊", exact: true }).click();
    await sayYes(adv, "提交");
    const results = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: "提交结果" }) });
    await results.getByText("1 个成功，1 个失败：失败的未作修改").waitFor({ timeout: PATIENCE });
    await results.locator("tbody tr", { hasText: "已有相同文字和匹配方式的关键词" }).waitFor();
    assert.equal(await results.locator("tbody tr", { hasText: "否定精准 · 广告组 " + twice }).count(), 2);
    await page.screenshot({ path: artifact("adv-search-terms-negative-results.png") });
    await results.getByRole("button", { name: "知道了", exact: true }).click();
    await results.waitFor({ state: "detached" });

    await openFromRail(page, "广告", "操作记录");
    const log = await tabFrame(page, "操作记录");
    const ops = log.locator('section[aria-label="操作记录"] tbody tr');
    await log.locator('select[name="result"]').selectOption("");
    await log.locator('select[name="action"]').selectOption("negate");
    await log.getByRole("button", { name: "查询", exact: true }).click();
    await log.locator("tbody tr", { hasText: "已有相同文字和匹配方式的关键词" }).waitFor({ timeout: PATIENCE });
    await ops.nth(2).waitFor({ state: "detached", timeout: PATIENCE });
    assert.equal(await ops.count(), 2, "both rows recorded");
    assert.equal(await log.locator("tbody tr", { hasText: "添加否定关键词" }).count(), 2);
    await openFromRail(page, "广告", "广告管理");
    await adv.locator('input[name="search"]').fill("");
    await adv.locator('select[name="profileId"]').selectOption("");
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();
  });

  it("excludes two ASINs from an ad group and a search term as a negative phrase: Amazon has them, 广告管理 lists them", async () => {
    await openFromRail(page, "广告", "广告管理");
    const adv = await tabFrame(page, "广告管理");
    const rows = adv.locator('section[aria-label="广告管理"] tbody tr');
    const results = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: "提交结果" }) });
    // What the stand-in's Ads API was asked to create, every profile's.
    const created = async (kind) => {
      const answer = await fetch(`${amazon.url}/control/ad-creations`);
      assert.equal(answer.status, 200);
      return (await answer.json()).flatMap((p) => p[kind] || []);
    };
    // The US 站点's SP MANUAL 2 (the only list of five rows), then its first ad group.
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();
    await adv.getByText("当前：广告活动").waitFor();
    await adv.locator('select[name="state"]').selectOption("");
    await adv.locator('input[name="search"]').fill("");
    await adv.locator('select[name="profileId"]').selectOption({ label: "美国一店 · 美国" });
    await adv.getByRole("button", { name: "查询", exact: true }).click();
    await rows.nth(4).waitFor({ timeout: PATIENCE });
    await exactly(rows, 5);
    await rows.filter({ hasText: "SP MANUAL 2" }).getByRole("button", { name: "查看 SP MANUAL 2" }).click();
    await adv.getByText("当前：广告组").waitFor();
    // The five campaigns stay until the ad groups come: the name is read once the campaign's two are in.
    await exactly(rows, 2);
    const group = (await rows.first().locator("td button").first().innerText()).trim();

    // The row's 添加否定商品投放: two ASINs typed a line each.
    await rows.first().getByRole("button", { name: "添加否定商品投放", exact: true }).click();
    const form = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: `添加否定商品投放（${group}）` }) });
    assert.equal(await form.locator('select[name="type"]').inputValue(), "ASIN_SAME_AS", "否定ASIN offered first");
    await form.locator('textarea[name="values"]').pressSequentially("B0NEGATE01\nB0NEGATE02");
    await form.getByRole("button", { name: "提交亚马逊", exact: true }).click();
    await results.getByText("2 个成功，0 个失败").waitFor({ timeout: PATIENCE });
    assert.equal(await results.locator("tbody tr", { hasText: `否定ASIN · 广告组 ${group}` }).count(), 2, "a row per ASIN");
    await results.getByRole("button", { name: "知道了", exact: true }).click();
    await results.waitFor({ state: "detached" });
    const excluded = (await created("negativeTargets")).filter((t) => t.Value.startsWith("B0NEGATE"));
    assert.deepEqual(
      excluded.map((t) => [t.Type, t.Value, t.State]).sort(),
      [
        ["ASIN_SAME_AS", "B0NEGATE01", "ENABLED"],
        ["ASIN_SAME_AS", "B0NEGATE02", "ENABLED"],
      ],
      "Amazon created both exclusions",
    );
    const groupID = excluded[0].AdGroupID;
    assert.ok(excluded.every((t) => t.AdGroupID === groupID), "both in one ad group");
    // The ad group's 否定商品投放 lists them.
    await rows.filter({ hasText: group }).getByRole("button", { name: `查看 ${group}` }).click();
    await adv.getByText("当前：商品广告").waitFor();
    await adv.getByRole("button", { name: "否定商品投放", exact: true }).click();
    await adv.getByText("当前：否定商品投放").waitFor();
    for (const asin of ["B0NEGATE01", "B0NEGATE02"]) await rows.filter({ hasText: `asin="${asin}"` }).waitFor({ timeout: PATIENCE });

    // The same ad group's most spent search term, checked and added as a negative phrase.
    await adv.getByRole("button", { name: "搜索词", exact: true }).click();
    await adv.getByText("当前：搜索词").waitFor();
    await rows.first().waitFor({ timeout: PATIENCE });
    const box = rows.first().getByRole("checkbox");
    const term = (await box.getAttribute("aria-label")).replace(/^选择 /, "");
    await box.check();
    await adv.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "添加为否定关键词", exact: true }).click();
    const add = adv.locator("dialog[open]", { has: adv.getByRole("heading", { name: "添加为否定关键词（1 个搜索词）" }) });
    await add.locator('select[name="matchType"]').selectOption("NEGATIVE_PHRASE");
    await add.getByRole("button", { name: "提交亚马逊", exact: true }).click();
    await sayYes(adv, "提交");
    await results.getByText("1 个成功，0 个失败").waitFor({ timeout: PATIENCE });
    await results.getByRole("button", { name: "知道了", exact: true }).click();
    await results.waitFor({ state: "detached" });
    const negatives = (await created("negativeKeywords")).filter((k) => k.Text.toLowerCase() === term.toLowerCase() && k.MatchType === "NEGATIVE_PHRASE");
    assert.equal(negatives.length, 1, `Amazon created "${term}" as a negative phrase once`);
    assert.equal(negatives[0].AdGroupID, groupID, "in the ad group its ASINs were excluded from");
    await adv.getByRole("button", { name: "否定关键词", exact: true }).click();
    await adv.getByText("当前：否定关键词").waitFor();
    await rows.filter({ hasText: term }).waitFor({ timeout: PATIENCE });
    await page.screenshot({ path: artifact("adv-manager-negatives.png") });

    await adv.locator('select[name="profileId"]').selectOption("");
    await adv.getByRole("button", { name: "全部广告活动", exact: true }).click();
  });

  it("reads 广告概览: a period's totals beside the previous one, the daily chart, and the days", async () => {
    await openFromRail(page, "广告", "广告概览");
    const view = await tabFrame(page, "广告概览");
    const total = (key) => view.locator(`[data-total="${key}"]`);
    await total("spend").waitFor({ timeout: PATIENCE });
    const spend30 = (await total("spend").innerText()).trim();
    assert.match(spend30, /^¥[\d,]+\.\d{2}$/, "the last 30 days' spend in CNY");
    assert.notEqual(spend30, "¥0.00");
    for (const key of ["sales", "orders", "impressions", "clicks", "acos", "roas", "cpc", "ctr", "cvr"]) {
      assert.notEqual((await total(key).innerText()).trim(), "", `total ${key}`);
    }
    // The chart is drawn: uPlot's canvas with the three series in its legend.
    await view.locator(".uplot canvas").waitFor({ timeout: PATIENCE });
    const legend = await view.locator(".u-legend").innerText();
    for (const s of ["花费(CNY)", "销售额(CNY)", "ACOS"]) assert.ok(legend.includes(s), `legend ${s} in ${legend}`);
    // uPlot's legend is a table too, a row per series: the days are the rows of the other one.
    const rows = view.locator('section[aria-label="广告概览"] table:not(.u-legend) tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    // 近7天: a smaller spend, and seven days in the table.
    await view.getByRole("button", { name: "近7天", exact: true }).click();
    await view.getByText(`本期 ${new Date(Date.now() - 6 * 86400000).toISOString().slice(0, 10)}`, { exact: false }).waitFor({ timeout: PATIENCE });
    const spend7 = (await total("spend").innerText()).trim();
    const amount = (t) => Number(t.replace(/[¥,]/g, ""));
    assert.ok(amount(spend7) > 0 && amount(spend7) < amount(spend30), `7 days ${spend7} under 30 days ${spend30}`);
    // The days' table follows the totals' period: it is read again for the seven days.
    await view.getByText("共 7 条", { exact: false }).waitFor({ timeout: PATIENCE });
    await exactly(rows, 7);
    assert.equal(await rows.count(), 7, "a row per day");
    await view.locator(".uplot canvas").waitFor({ timeout: PATIENCE });
    await page.screenshot({ path: artifact("adv-overview.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^广告概览_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("downloads 报告下载: what each report holds, then a week of search terms as .xlsx", async () => {
    await openFromRail(page, "广告", "报告下载");
    const view = await tabFrame(page, "报告下载");
    const held = view.getByRole("table", { name: "已同步的报告" });
    const terms = held.locator('tr[data-report="searchterms"]');
    await terms.waitFor({ timeout: PATIENCE });
    const [name, rows, first, last] = (await terms.locator("td").allInnerTexts()).map((t) => t.trim());
    assert.equal(name, "搜索词报告");
    assert.ok(Number(rows.replace(/,/g, "")) > 0, `synced search-term rows ${rows}`);
    assert.match(first, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(last >= first, `${first} to ${last}`);
    // Sponsored Brands' ads are a report of their own (Brands has no advertised products).
    const [adsName, adsRows] = (await held.locator('tr[data-report="brandads"] td').allInnerTexts()).map((t) => t.trim());
    assert.equal(adsName, "品牌广告报告");
    assert.ok(Number(adsRows.replace(/,/g, "")) > 0, `synced SB ad rows ${adsRows}`);
    await view.getByLabel("报告", { exact: true }).selectOption("searchterms");
    await view.getByRole("button", { name: "近7天", exact: true }).click();
    const from = await view.getByLabel("开始日期").inputValue();
    const to = await view.getByLabel("结束日期").inputValue();
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "下载", exact: true }).click()]);
    assert.equal(download.suggestedFilename(), `搜索词报告_${from}_${to}.xlsx`);
    await page.screenshot({ path: artifact("adv-download.png") });
  });

  it("ranks the campaigns by ROAS, then the ad groups, keeps small spenders out and exports", async () => {
    await openFromRail(page, "广告", "ROAS排名");
    const view = await tabFrame(page, "ROAS排名");
    const rows = view.locator('section[aria-label="ROAS排名"] tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    const column = async (title) => {
      const heads = await view.locator('section[aria-label="ROAS排名"] thead th').allInnerTexts();
      const i = heads.findIndex((h) => h.trim() === title);
      assert.ok(i >= 0, `column ${title} in ${heads}`);
      return (await rows.locator(`td:nth-child(${i + 1})`).allInnerTexts()).map((t) => t.trim());
    };
    const number = (t) => Number(t.replace(/[¥,]/g, ""));
    // The top campaign first, and the ROAS falls down the list.
    const roas = (await column("ROAS")).map(number);
    assert.ok(roas.length >= 2, `${roas.length} campaigns`);
    for (let i = 1; i < roas.length; i++) assert.ok(roas[i] <= roas[i - 1], `ROAS ${roas} in order`);
    const [topName] = await column("名称");
    const [topSpend] = await column("花费(CNY)");
    assert.ok(topName.length > 0 && number(topSpend) >= 10, `top campaign ${topName} spent ${topSpend}`);
    // ROAS最低 starts at the other end: its first row has the top list's last ROAS.
    const lowest = (await column("ROAS")).at(-1);
    const heads = await view.locator('section[aria-label="ROAS排名"] thead th').allInnerTexts();
    const roasAt = heads.findIndex((h) => h.trim() === "ROAS") + 1;
    await view.getByRole("button", { name: "ROAS最低", exact: true }).click();
    await view.getByRole("button", { name: "ROAS最低", exact: true, pressed: true }).waitFor();
    const first = new RegExp(`^\\s*${lowest.replace(".", "\\.")}\\s*$`);
    await rows.first().locator(`td:nth-child(${roasAt})`).filter({ hasText: first }).waitFor({ timeout: PATIENCE });
    await view.getByRole("button", { name: "ROAS最高", exact: true }).click();
    await view.getByRole("button", { name: "ROAS最高", exact: true, pressed: true }).waitFor();
    // A least spend above the top campaign's spend keeps it out, and every campaign left spent at least that (by
    // spend, not by name: two 站点 may have campaigns of one name).
    const least = Math.ceil(number(topSpend) + 1);
    const spendAt = heads.findIndex((h) => h.trim() === "花费(CNY)") + 1;
    await view.getByLabel("最低花费(CNY)").fill(String(least));
    await view.getByRole("button", { name: "查询", exact: true }).click();
    await view.waitForFunction(
      ([min, at]) =>
        [...document.querySelectorAll(`section[aria-label="ROAS排名"] tbody tr td:nth-child(${at})`)].every((c) => Number(c.innerText.replace(/[¥,]/g, "")) >= min),
      [least, spendAt],
      { timeout: PATIENCE },
    );
    // Cleared again: on some days of the stand-in's data no ad group spends 10 yuan over the default period.
    await view.getByLabel("最低花费(CNY)").fill("");
    await view.getByRole("button", { name: "查询", exact: true }).click();
    // The ad groups, each under its campaign.
    await view.getByRole("button", { name: "广告组", exact: true }).click();
    await view.getByRole("button", { name: "广告组", exact: true, pressed: true }).waitFor();
    // An ad group's row names its campaign under its own name.
    await rows.first().locator("td:nth-child(2) .text-xs").waitFor({ timeout: PATIENCE });
    assert.ok((await column("ROAS")).length > 0, "ad groups ranked");
    await page.screenshot({ path: artifact("adv-roas.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^ROAS排名_\d{4}-\d{2}-\d{2}\.xlsx$/);
    // Keywords and product targets, each with its campaign and match type.
    await view.getByRole("button", { name: "关键词/投放", exact: true }).click();
    await rows.first().locator("td:nth-child(2) .text-xs").filter({ hasText: /·/ }).waitFor({ timeout: PATIENCE });
    await page.screenshot({ path: artifact("adv-roas-keywords.png") });
  });

  it("sums 广告统计 by week and by 站点 with the totals above, and exports", async () => {
    await openFromRail(page, "广告", "广告统计");
    const view = await tabFrame(page, "广告统计");
    const rows = view.locator('section[aria-label="广告统计"] table:not(.u-legend) tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    await view.locator(".uplot canvas").waitFor({ timeout: PATIENCE });
    const spend = (await view.locator('[data-total="spend"]').innerText()).trim();
    assert.match(spend, /^¥[\d,]+\.\d{2}$/, "the days' spend in CNY");
    // By week: each row a week from its Monday, the same total.
    await view.getByLabel("统计周期").selectOption("week");
    await view.getByRole("button", { name: "查询", exact: true }).click();
    await rows.first().getByText(/^\d{4}-\d{2}-\d{2} 周$/).waitFor({ timeout: PATIENCE });
    assert.equal((await view.locator('[data-total="spend"]').innerText()).trim(), spend, "weeks sum to the days' spend");
    // By 站点: no chart, a 站点 in each row.
    await view.getByLabel("分组").selectOption("profile");
    await view.getByRole("button", { name: "查询", exact: true }).click();
    await rows.first().getByText(/美国|加拿大/).waitFor({ timeout: PATIENCE });
    await view.locator(".uplot canvas").waitFor({ state: "detached", timeout: PATIENCE });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^广告统计_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("reads 广告漏斗: impressions to clicks to orders, then the keywords that convert worst first, and exports", async () => {
    await openFromRail(page, "广告", "广告漏斗");
    const view = await tabFrame(page, "广告漏斗");
    const rows = view.locator('section[aria-label="广告漏斗"] tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    const stage = async (key) => Number((await view.locator(`[data-stage="${key}"]`).innerText()).replace(/,/g, ""));
    const [impressions, clicks, orders] = [await stage("impressions"), await stage("clicks"), await stage("orders")];
    assert.ok(impressions > clicks && clicks > orders && orders > 0, `funnel ${impressions} > ${clicks} > ${orders}`);
    assert.equal((await view.locator('[data-rate="ctr"]').innerText()).trim(), `${((clicks * 100) / impressions).toFixed(2)}%`, "the click rate between the first two stages");
    const column = async (title) => {
      const heads = await view.locator('section[aria-label="广告漏斗"] thead th').allInnerTexts();
      const i = heads.findIndex((h) => h.trim() === title);
      assert.ok(i >= 0, `column ${title} in ${heads}`);
      return (await rows.locator(`td:nth-child(${i + 1})`).allInnerTexts()).map((t) => t.trim());
    };
    // The campaigns' impressions add up to the top stage.
    const shown = (await column("曝光量")).map((t) => Number(t.replace(/,/g, "")));
    assert.ok(shown.every((n, i) => i === 0 || n <= shown[i - 1]), `impressions ${shown} in order`);
    // The keywords, the worst conversion first: the rates rise down the list.
    await view.getByRole("button", { name: "关键词/投放", exact: true }).click();
    await view.getByLabel("排序").selectOption("cvr");
    await view.getByText("只列有点击的关键词/投放", { exact: false }).waitFor();
    await rows.first().locator("td:nth-child(2) .text-xs").filter({ hasText: /·/ }).waitFor({ timeout: PATIENCE });
    // The list drawn for the new order (not the one before it) has its conversion rates rising.
    await view.waitForFunction(
      () => {
        const section = document.querySelector('section[aria-label="广告漏斗"]');
        const heads = [...section.querySelectorAll("thead th")].map((h) => h.innerText.trim());
        const at = heads.indexOf("转化率") + 1;
        const rates = [...section.querySelectorAll(`tbody tr td:nth-child(${at})`)].map((c) => Number(c.innerText.replace("%", "")));
        return at > 0 && rates.length > 1 && rates.every((n, i) => i === 0 || n >= rates[i - 1]);
      },
      null,
      { timeout: PATIENCE },
    );
    const rates = (await column("转化率")).map((t) => Number(t.replace("%", "")));
    assert.ok(rates.length > 0 && rates.every((n, i) => i === 0 || n >= rates[i - 1]), `conversion ${rates} rising`);
    await page.screenshot({ path: artifact("adv-funnel.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^广告漏斗_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("reads 指标分析: spend against all sales (TACOS) beside ACOS, sorts by TACOS and exports", async () => {
    await openFromRail(page, "广告", "指标分析");
    const view = await tabFrame(page, "指标分析");
    const rows = view.locator('section[aria-label="指标分析"] table:not(.u-legend) tbody tr');
    await rows.first().waitFor({ timeout: PATIENCE });
    assert.match((await view.locator('[data-total="spend"]').innerText()).trim(), /^¥[\d,]+\.\d{2}$/, "the SKUs' spend in CNY");
    assert.match((await view.locator('[data-total="acos"]').innerText()).trim(), /^[\d,]+\.\d{2}%$/, "ACOS of the ads' sales");
    const heads = await view.locator('section[aria-label="指标分析"] table:not(.u-legend) thead th').allInnerTexts();
    for (const title of ["SKU", "广告花费(CNY)", "总销售额(CNY)", "ACOS", "TACOS", "广告销售占比"]) assert.ok(heads.some((h) => h.trim() === title), `column ${title} in ${heads}`);
    await view.getByLabel("排序").selectOption("tacos");
    await rows.first().waitFor({ timeout: PATIENCE });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^指标分析_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.screenshot({ path: artifact("adv-indicators.png") });
  });

  it("creates a manual SP campaign from 广告管理 with the keyboard and finds it there and in 操作记录", async () => {
    await openFromRail(page, "广告", "广告管理");
    const adv = await tabFrame(page, "广告管理");
    await adv.getByRole("button", { name: "创建SP广告", exact: true }).click();
    const form = (await tabFrame(page, "创建SP广告")).locator('form[aria-label="创建SP广告"]');
    await form.getByLabel("站点", { exact: true }).locator("option", { hasText: "美国" }).waitFor({ state: "attached", timeout: PATIENCE });
    await form.getByLabel("站点", { exact: true }).selectOption({ label: "美国" });
    // Each field typed key by key, as a person does.
    const type = async (label, text) => {
      const field = form.getByLabel(label, { exact: true });
      await field.fill("");
      await field.pressSequentially(text);
    };
    await type("广告活动名称", "键盘新品推广");
    const portfolio = form.getByLabel("广告组合", { exact: true });
    await portfolio.locator("option", { hasText: "主推款" }).waitFor({ state: "attached", timeout: PATIENCE });
    await portfolio.selectOption({ label: "主推款" });
    await type("每日预算", "0.5");
    await type("默认竞价", "0.75");
    await type("推广的SKU", "ADSKU-US-1");
    await type("关键词", "kitchen scale\nfood scale");
    await type("否定关键词", "cheap");
    // Amazon's least budget is checked before anything is sent.
    await form.getByLabel("广告活动名称", { exact: true }).press("Enter");
    await form.getByRole("alert").getByText("每日预算须为数值", { exact: false }).waitFor({ timeout: PATIENCE });
    await type("每日预算", "20");
    await form.getByLabel("每日预算", { exact: true }).press("Enter");
    const frame = await tabFrame(page, "创建SP广告");
    const answer = frame.locator("dialog[open]", { has: frame.getByRole("heading", { name: "提交结果" }) });
    await answer.getByText("6 个成功，0 个失败").waitFor({ timeout: PATIENCE });
    assert.equal(await answer.locator("tbody tr", { hasText: "— → 精准" }).count(), 2, "each keyword as exact");
    await page.screenshot({ path: artifact("adv-create-sp.png") });
    await page.keyboard.press("Escape");
    await answer.waitFor({ state: "detached" });
    await frame.getByRole("button", { name: "在广告管理中查看", exact: true }).click();
    const back = await tabFrame(page, "广告管理");
    await back.locator('select[name="state"]').selectOption("");
    await back.locator('input[name="search"]').fill("键盘新品推广");
    await back.getByRole("button", { name: "查询", exact: true }).click();
    await back.locator('section[aria-label="广告管理"] tbody tr', { hasText: "键盘新品推广" }).waitFor({ timeout: PATIENCE });
    await back.locator('input[name="search"]').fill("");

    await openFromRail(page, "广告", "操作记录");
    const log = await tabFrame(page, "操作记录");
    await log.locator('select[name="result"]').selectOption("");
    await log.locator('select[name="action"]').selectOption("create");
    await log.getByRole("button", { name: "查询", exact: true }).click();
    await log.locator("tbody tr", { hasText: "键盘新品推广" }).waitFor({ timeout: PATIENCE });
  });

  /** Finds a created campaign in 广告管理 under its ad type, as 展示型推广 or 品牌推广. */
  async function findInManager(frame, adType, name, typeName) {
    await frame.getByRole("button", { name: "在广告管理中查看", exact: true }).click();
    const back = await tabFrame(page, "广告管理");
    await back.locator('select[name="state"]').selectOption("");
    await back.getByLabel("广告类型", { exact: true }).selectOption(adType);
    await back.locator('input[name="search"]').fill(name);
    await back.getByRole("button", { name: "查询", exact: true }).click();
    const row = back.locator('section[aria-label="广告管理"] tbody tr', { hasText: name });
    await row.waitFor({ timeout: PATIENCE });
    assert.ok((await row.innerText()).includes(typeName), `${name} shown as ${typeName}`);
    // Changes here go through Sponsored Products' calls: an SD or SB campaign offers none.
    assert.equal(await row.getByRole("button", { name: "暂停", exact: true }).count(), 0, `${name} offers no 暂停`);
    await back.locator('input[name="search"]').fill("");
    await back.getByLabel("广告类型", { exact: true }).selectOption("");
  }

  it("creates a contextual SD campaign from 广告管理 and finds it there as 展示型推广", async () => {
    await openFromRail(page, "广告", "广告管理");
    const adv = await tabFrame(page, "广告管理");
    await adv.getByRole("button", { name: "创建SD广告", exact: true }).click();
    const frame = await tabFrame(page, "创建SD广告");
    const form = frame.locator('form[aria-label="创建SD广告"]');
    await form.getByLabel("站点", { exact: true }).locator("option", { hasText: "美国" }).waitFor({ state: "attached", timeout: PATIENCE });
    await form.getByLabel("站点", { exact: true }).selectOption({ label: "美国" });
    const type = async (label, text) => {
      const field = form.getByLabel(label, { exact: true });
      await field.fill("");
      await field.pressSequentially(text);
    };
    await type("广告活动名称", "展示新品");
    await type("每日预算", "15");
    await type("默认竞价", "0.6");
    await type("推广的SKU", "ADSKU-US-1");
    // A contextual campaign needs what it shows on: said before anything is sent.
    await form.getByLabel("默认竞价", { exact: true }).press("Enter");
    await form.getByRole("alert").getByText("内容相关投放须至少添加一个投放的商品ASIN").waitFor({ timeout: PATIENCE });
    await type("商品投放ASIN", "B0ADUS0004");
    await form.getByRole("button", { name: "创建广告活动", exact: true }).click();
    const answer = frame.locator("dialog[open]", { has: frame.getByRole("heading", { name: "提交结果" }) });
    await answer.getByText("4 个成功，0 个失败").waitFor({ timeout: PATIENCE });
    await page.keyboard.press("Escape");
    await answer.waitFor({ state: "detached" });
    await findInManager(frame, "SD", "展示新品", "展示型推广");
  });

  it("creates an SB campaign with a product collection ad and finds it in 广告管理 as 品牌推广", async () => {
    const adv = await tabFrame(page, "广告管理");
    await adv.getByRole("button", { name: "创建SB广告", exact: true }).click();
    const frame = await tabFrame(page, "创建SB广告");
    const form = frame.locator('form[aria-label="创建SB广告"]');
    await form.getByLabel("站点", { exact: true }).locator("option", { hasText: "美国" }).waitFor({ state: "attached", timeout: PATIENCE });
    await form.getByLabel("站点", { exact: true }).selectOption({ label: "美国" });
    // The 站点's brands and logos come from Amazon: its one brand is chosen, with its name, and a logo is picked.
    const brand = form.getByLabel("品牌实体ID", { exact: true });
    await brand.locator("option", { hasText: "KitchenJoy（ENTITY2STANDINBRAND）" }).waitFor({ state: "attached", timeout: PATIENCE });
    assert.equal(await brand.inputValue(), "ENTITY2STANDINBRAND");
    assert.equal(await form.getByLabel("品牌名称", { exact: true }).inputValue(), "KitchenJoy");
    const logo = form.getByLabel("品牌Logo素材ID", { exact: true });
    assert.deepEqual(await logo.locator("option").allTextContents(), ["请选择", "KitchenJoy logo 400x400", "KitchenJoy logo dark"]);
    await logo.selectOption({ label: "KitchenJoy logo dark" });
    for (const [label, text] of [
      ["广告活动名称", "品牌新品"],
      ["每日预算", "30"],
      ["品牌名称", "厨房好物"],
      ["标题", "Weigh every gram of every recipe, every single day!"],
      ["落地页商品ASIN", "B0ADUS0001\nB0ADUS0002\nB0ADUS0003"],
      ["关键词", "kitchen scale"],
      ["关键词竞价", "1.2"],
    ])
      await form.getByLabel(label, { exact: true }).fill(text);
    // A headline over 50 characters is refused before anything is sent, and its count says so while typing.
    await form.getByText("51/50 个字符").waitFor();
    await form.getByRole("button", { name: "创建广告活动", exact: true }).click();
    await form.getByRole("alert").getByText("请输入广告标题，最多50个字符").waitFor({ timeout: PATIENCE });
    await form.getByLabel("标题", { exact: true }).fill("Weigh every gram, every day");
    await form.getByRole("button", { name: "创建广告活动", exact: true }).click();
    const answer = frame.locator("dialog[open]", { has: frame.getByRole("heading", { name: "提交结果" }) });
    await answer.getByText("4 个成功，0 个失败").waitFor({ timeout: PATIENCE });
    await page.screenshot({ path: artifact("adv-create-sb.png") });
    await page.keyboard.press("Escape");
    await answer.waitFor({ state: "detached" });
    await findInManager(frame, "SB", "品牌新品", "品牌推广");
  });

  for (const { name, viewport } of [{ name: "desktop", viewport: { width: 1280, height: 800 } }, { name: "phone", viewport: { width: 390, height: 844 } }]) {
    for (const dark of [false, true]) {
      it(`draws at ${name} width in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, OWNER);
          await look.goto("/amazon/adv/manager?embed=1");
          await look.locator('section[aria-label="广告管理"] tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-manager-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.getByRole("button", { name: "搜索词", exact: true }).click();
          await look.getByText("当前：搜索词").waitFor();
          await look.locator('section[aria-label="广告管理"] tbody tr').first().waitFor();
          await look.screenshot({ path: artifact(`adv-search-terms-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          // The dialog of adding the first two terms as negatives.
          const termRows = look.locator('section[aria-label="广告管理"] tbody tr');
          for (const n of [0, 1]) await termRows.nth(n).getByRole("checkbox").check();
          await look.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "添加为否定关键词", exact: true }).click();
          await look.getByRole("heading", { name: "添加为否定关键词（2 个搜索词）" }).waitFor();
          await look.screenshot({ path: artifact(`adv-search-terms-negative-${name}-${dark ? "dark" : "light"}.png`) });
          await look.locator("dialog[open]").getByRole("button", { name: "取消", exact: true }).click();
          await look.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "添加为关键词", exact: true }).click();
          await look.locator('dialog[open] select[name="adGroupId"] option').first().waitFor({ state: "attached" });
          await look.locator('dialog[open] select[name="adGroupId"]:not([disabled])').waitFor();
          await look.screenshot({ path: artifact(`adv-search-terms-keyword-${name}-${dark ? "dark" : "light"}.png`) });
          await look.locator("dialog[open]").getByRole("button", { name: "取消", exact: true }).click();
          await look.goto("/amazon/adv/operation?embed=1");
          await look.locator('section[aria-label="操作记录"] tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-operation-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/adv/overview?embed=1");
          await look.locator(".uplot canvas").waitFor();
          await look.locator('section[aria-label="广告概览"] tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-overview-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/adv/download?embed=1");
          await look.locator('tr[data-report="campaigns"]').waitFor();
          await look.screenshot({ path: artifact(`adv-download-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/adv/roas?embed=1");
          await look.locator('section[aria-label="ROAS排名"] tbody tr').first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-roas-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/adv/statistics?embed=1");
          await look.locator('section[aria-label="广告统计"] tbody tr').first().waitFor();
          await look.locator('[data-total="spend"]').waitFor();
          await look.locator('section[aria-label="广告统计"] .uplot canvas').waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-statistics-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/adv/funnel?embed=1");
          await look.locator('section[aria-label="广告漏斗"] tbody tr').first().waitFor();
          await look.locator('[data-stage="orders"]').waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-funnel-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/adv/indicators?embed=1");
          await look.locator('section[aria-label="指标分析"] table:not(.u-legend) tbody tr').first().waitFor();
          await look.locator('[data-total="tacos"]').waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`adv-indicators-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          for (const [path, form] of [
            ["/a/a/sd", "创建SD广告"],
            ["/a/a/sb", "创建SB广告"],
          ]) {
            await look.goto(`${path}?embed=1`);
            await look.locator(`form[aria-label="${form}"] select option`, { hasText: "美国" }).first().waitFor({ state: "attached" });
            await look.evaluate(() => document.fonts.ready);
            await look.screenshot({ path: artifact(`adv-create-${path.slice(-2)}-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          }
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
