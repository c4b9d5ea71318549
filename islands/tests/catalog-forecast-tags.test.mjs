// 商品目录, 产品标签 and 销售预测 as a seller whose store was just authorised at the Amazon stand-in (its first sync brings
// the listings and 90 days of orders): search Amazon's catalogue by keywords, read an item's brand, classification,
// rank and variations, see a UPC with a wrong check digit refused by Amazon in Chinese, make a local product of an
// item, export the whole search and read the sheet; add a tag in 产品标签, put it on that product in 本地产品 and
// filter by it; type a plan beside a SKU's forecast in 销售预测 and read it back. Screenshots at 1280 and 390 px, light and dark, go to
// islands/tests/artifacts/hcatalog-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, artifact, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { startAmazon } from "./amazon-standin.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const SUCCESS = "授权成功，请回到授权列表页面刷新。";

describe("商品目录, 产品标签, 销售预测", () => {
  let amazon;
  let server;
  let page;
  const OWNER = { account: phone("139"), password: "Owner#2026c", name: "孙八", email: "sunba@example.com", company: "义乌目录电商有限公司" };

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: { ...amazon.env, SELLERHUB_REPORT_POLL: "200ms" } });
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("美国目录店");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    await stores.locator("tbody tr", { hasText: "北美" }).getByRole("button", { name: "授权", exact: true }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click(),
    ]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** Screenshots of the page at 1280 and 390 px, light and dark. */
  async function shoot(name) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      for (const dark of [false, true]) {
        await page.evaluate((on) => {
          for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.toggle("dark", on);
        }, dark);
        await page.screenshot({ path: artifact(`hcatalog-${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.evaluate(() => {
      for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.remove("dark");
    });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it("searches the catalogue, is told why a UPC is refused, and makes a product of an item", async () => {
    await openFromRail(page, "产品", "商品目录");
    const frame = await tabFrame(page, "商品目录");
    await frame.getByText("选择店铺和站点，按ASIN、关键词、UPC或EAN查询亚马逊商品目录").waitFor();
    // The store is chosen for the seller once loaded; the marketplace is chosen by hand.
    await frame.getByLabel("店铺", { exact: true }).locator("option", { hasText: "美国目录店" }).waitFor({ state: "attached" });
    await frame.getByLabel("店铺", { exact: true }).selectOption({ label: "美国目录店" });
    await frame.getByLabel("站点", { exact: true }).selectOption({ label: "美国" });
    await frame.getByLabel("查询方式", { exact: true }).selectOption("keyword");
    await frame.getByLabel("查询内容", { exact: true }).fill("Tumbler");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const items = frame.getByRole("list", { name: "目录商品" }).getByRole("listitem");
    await items.first().waitFor({ timeout: PATIENCE });
    const cards = await items.allInnerTexts();
    assert.ok(cards.length > 1, `tumblers found: ${cards.length}`);
    assert.ok(cards.every((c) => /Tumbler/.test(c)), cards.join("\n---\n"));
    const child = cards.find((c) => /父体 B0/.test(c));
    assert.ok(child, "a variation child names its parent");
    assert.match(child, /品牌 \S+/);
    assert.match(child, /分类 Kitchen & Dining › Kitchen/);
    assert.match(child, /排名 #[\d,]+ Kitchen/);
    assert.match(child, /UPC \d{12} · EAN \d{13}/);
    assert.ok(cards.some((c) => /变体父体/.test(c) && /变体 \d+ 个/.test(c)), "the parent lists its variations");
    await shoot("catalog");

    // A UPC with a wrong check digit: Amazon refuses it (400), said in Chinese.
    await frame.getByLabel("查询方式", { exact: true }).selectOption("upc");
    await frame.getByLabel("查询内容", { exact: true }).fill("036000291453");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await frame.getByRole("alert").filter({ hasText: "亚马逊拒绝了查询" }).waitFor();
    // Back to the tumblers; the first variation child becomes a local product under its ASIN.
    await frame.getByLabel("查询方式", { exact: true }).selectOption("keyword");
    await frame.getByLabel("查询内容", { exact: true }).fill("Tumbler");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const card = items.filter({ hasText: /父体 B0/ }).first();
    await card.waitFor();
    const asin = await card.getAttribute("aria-label");
    await card.getByRole("button", { name: "创建本地产品", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    assert.equal(await dialog.getByLabel("本地SKU", { exact: true }).inputValue(), asin);
    await dialog.getByLabel("本地SKU", { exact: true }).fill("TUMBLER-1");
    await dialog.getByRole("button", { name: "创建", exact: true }).click();
    await frame.getByText(/已创建本地产品 TUMBLER-1/).waitFor();
    await dialog.waitFor({ state: "detached" });
  });

  it("exports the whole search and reads the sheet", async () => {
    const frame = await tabFrame(page, "商品目录");
    await frame.getByLabel("查询方式", { exact: true }).selectOption("keyword");
    await frame.getByLabel("查询内容", { exact: true }).fill("Tumbler");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/catalogItems/search");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.match(xlsx.suggestedFilename(), /^商品目录_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = readSheet(await xlsx.path());
    assert.deepEqual(sheet[0].slice(0, 8), ["ASIN", "标题", "品牌", "颜色", "类型", "分类", "大类排名", "小类排名"]);
    assert.equal(sheet.length, data.total + 1, "every item of the search, not only the page shown");
    const child = data.items.find((it) => it.parent && it.groupRank > 0);
    const row = sheet.find((r) => r[0] === child.asin);
    assert.ok(row, `${child.asin} in the file`);
    assert.match(row[6], new RegExp(`^#[\\d,]+ ${child.groupTitle}$`));
    assert.equal(row[8], child.parent);
  });

  it("adds a tag, puts it on the product in 本地产品 and filters by it", async () => {
    // A tag needs a group: the company's first, made in 标签分组.
    await openFromRail(page, "系统", "标签分组");
    const groups = await tabFrame(page, "标签分组");
    await groups.getByRole("button", { name: "新增标签分组", exact: true }).click();
    let dialog = groups.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill("季节");
    await dialog.getByRole("button", { name: /保存|确定/ }).click();
    await dialog.waitFor({ state: "detached" });

    await openFromRail(page, "产品", "产品标签");
    const tags = await tabFrame(page, "产品标签");
    await tableLoaded(tags);
    await tags.getByRole("button", { name: "新增标签", exact: true }).click();
    dialog = tags.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill("夏季热卖");
    await dialog.locator('select[name="groupId"]').selectOption({ label: "季节" });
    await dialog.getByRole("button", { name: /保存|确定/ }).click();
    await dialog.waitFor({ state: "detached" });
    await tags.locator("tbody tr", { hasText: "夏季热卖" }).waitFor();

    await openFromRail(page, "产品", "本地产品");
    const list = await tabFrame(page, "本地产品");
    await list.getByRole("checkbox", { name: "选择 TUMBLER-1", exact: true }).check();
    await list.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "打标签", exact: true }).click();
    dialog = list.locator("dialog[open]");
    await dialog.getByRole("checkbox", { name: /夏季热卖/ }).check();
    await dialog.getByRole("button", { name: "添加标签", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const row = list.locator("tbody tr", { hasText: "TUMBLER-1" });
    await row.getByText("夏季热卖", { exact: true }).waitFor();
    await list.getByLabel("标签", { exact: true }).selectOption({ label: "季节 / 夏季热卖" });
    await list.getByRole("button", { name: "查询", exact: true }).click();
    await tableLoaded(list);
    // The unfiltered rows stay shown until the filtered ones come: counted once the others have gone.
    await list.locator("tbody tr").nth(1).waitFor({ state: "detached" });
    assert.equal(await list.locator("tbody tr").count(), 1);
    await shoot("products-tagged");

    await openFromRail(page, "产品", "产品标签");
    const again = await tabFrame(page, "产品标签");
    const tagRow = again.locator("tbody tr", { hasText: "夏季热卖" });
    await tagRow.waitFor();
    await shoot("tags");
  });

  it("types a plan beside a SKU's forecast and reads it back", async () => {
    await openFromRail(page, "销售", "销售预测");
    const frame = await tabFrame(page, "销售预测");
    // The first sync brings the orders: 查询 until the forecast has lines.
    const deadline = Date.now() + SYNC_PATIENCE;
    await tableLoaded(frame);
    while ((await frame.locator("tbody tr").filter({ has: frame.getByRole("button", { name: "编辑计划" }) }).count()) === 0) {
      assert.ok(Date.now() < deadline, "the orders arrive with the first sync");
      await new Promise((r) => setTimeout(r, 1000));
      await frame.getByRole("button", { name: "查询", exact: true }).click();
      await tableLoaded(frame);
    }
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    for (const title of ["店铺", "站点", "SKU", "预测方法", "近12月销量", "本月预测", "本月计划", "第2月预测", "第3月计划"]) {
      assert.ok(header.includes(title), `column ${title} in ${header}`);
    }
    const first = frame.locator("tbody tr").first();
    await first.getByRole("button", { name: "编辑计划", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit" }).format(new Date());
    await dialog.getByLabel(`${month} 计划销量`, { exact: true }).fill("-5");
    await dialog.getByRole("button", { name: "保存计划", exact: true }).click();
    await frame.getByText("计划销量必须为0到10000000的整数，留空为不设计划").waitFor();
    await dialog.getByLabel(`${month} 计划销量`, { exact: true }).fill("321");
    await shoot("forecast-plan");
    await dialog.getByRole("button", { name: "保存计划", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const col = header.indexOf("本月计划");
    await frame.locator("tbody tr").filter({ hasText: "321" }).first().waitFor();
    const cells = await frame.locator("tbody tr").first().locator("td").allInnerTexts();
    assert.equal(cells[col + (cells.length - header.length)].trim(), "321", cells.join("|"));
    await shoot("forecast");
  });
});
